// The owner's payment settings screen, round trip: what the screen's form saves is what the
// provider reads, so PayPal saved there is offered at checkout and is the default (spec §9); a
// provider cannot be switched on without the keys it needs; the owner picks PayPal's environment
// but cannot point the server at another address; and settings saved the old way are moved.
import { readFileSync, readdirSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as checkoutLoader } from "../../app/routes/checkout/checkout";
import { action as settingsAction } from "../../app/routes/dashboard/ecommerce/payments";
import { paymentSettings } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import type { AtriumLoadContext } from "../../server/http/load-context";
import { enabledProviders } from "../../server/modules/commerce";
import { migrationsFolder } from "../../server/db/migrate";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, type SiteWithOwner, siteWithOwner } from "./helpers";
import { withLoadContext } from "./load-context-app";

let t: TestPlatform;
let run: ReturnType<typeof withLoadContext>;

beforeAll(async () => {
  t = await startTestPlatform();
  run = withLoadContext(t);
});
afterAll(() => t?.close());

/** Submits the settings screen's form for one provider, as the owner's browser does. */
async function saveFromScreen(S: SiteWithOwner, fields: Record<string, string>) {
  const res = await run(S.site.slug, S.ownerCookie, async (context: AtriumLoadContext) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const request = new Request(`${t.origin(S.site.slug)}/dashboard/manage/ecommerce/payments`, {
      method: "POST",
      body: form,
    });
    const out = (await settingsAction({ context, request, params: {} } as unknown as Parameters<
      typeof settingsAction
    >[0])) as { data?: unknown; init?: { status?: number } } & Record<string, unknown>;
    // data(…, init) answers { data, init } for a failure; success is the plain object.
    return out.init ? { status: out.init.status, ...(out.data as object) } : { status: 200, ...out };
  });
  return (await body(res)).result as { status: number; ok: boolean; fields: Record<string, string> };
}

async function checkoutOptions(S: SiteWithOwner) {
  const res = await run(S.site.slug, S.ownerCookie, async (context: AtriumLoadContext) => {
    const out = (await checkoutLoader({
      context,
      request: new Request(`${t.origin(S.site.slug)}/checkout`),
      params: {},
    } as unknown as Parameters<typeof checkoutLoader>[0])) as { options: unknown };
    return out.options;
  });
  return (await body(res)).result as { providers: string[]; defaultProvider: string | null };
}

const row = async (S: SiteWithOwner, provider: string) =>
  (
    await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(paymentSettings)
        .where(and(eq(paymentSettings.accountId, S.site.accountId), eq(paymentSettings.provider, provider))),
    )
  )[0];

const PAYPAL_FORM = {
  provider: "paypal",
  enabled: "on",
  "config.clientId": "AZ-client-id",
  "config.webhookId": "8PT597110X687430LKGECATA",
  "config.apiBase": "live",
  "secrets.clientSecret": "EL-client-secret",
};

describe("the payment settings screen", () => {
  it("saves PayPal so that checkout offers it, as the default (§9)", async () => {
    const S = await siteWithOwner(t, "pay-set");
    expect(await checkoutOptions(S)).toMatchObject({ providers: ["offline"], defaultProvider: "offline" });
    expect(await saveFromScreen(S, PAYPAL_FORM)).toMatchObject({ status: 200, ok: true });
    expect(await checkoutOptions(S)).toMatchObject({ providers: ["paypal", "offline"], defaultProvider: "paypal" });
    const saved = await row(S, "paypal");
    expect(saved.config).toEqual({ clientId: "AZ-client-id", webhookId: "8PT597110X687430LKGECATA", apiBase: "live" });
    expect(saved.secrets).toEqual({ clientSecret: "EL-client-secret" });
  });

  it("will not switch a provider on without a key it needs, naming the field", async () => {
    const S = await siteWithOwner(t, "pay-set-miss");
    const result = await saveFromScreen(S, { ...PAYPAL_FORM, "config.webhookId": "" });
    expect(result).toMatchObject({ status: 422, ok: false, fields: { "config.webhookId": "required" } });
    expect(await row(S, "paypal")).toBeUndefined();
    // Saved switched off, it waits for the missing key; a later save with the key switches it on.
    expect(await saveFromScreen(S, { ...PAYPAL_FORM, enabled: "", "config.webhookId": "" })).toMatchObject({
      ok: true,
    });
    expect(await saveFromScreen(S, { ...PAYPAL_FORM, "secrets.clientSecret": "" })).toMatchObject({ ok: true });
    expect(await checkoutOptions(S)).toMatchObject({ defaultProvider: "paypal" });
  });

  it("lets the owner choose PayPal's environment, never another address", async () => {
    const S = await siteWithOwner(t, "pay-set-env");
    const result = await saveFromScreen(S, { ...PAYPAL_FORM, "config.apiBase": "http://169.254.169.254/latest" });
    expect(result).toMatchObject({ status: 422, fields: { "config.apiBase": expect.any(String) } });
    expect(await row(S, "paypal")).toBeUndefined();
  });
});

describe("PayPal settings saved before the webhook id was public", () => {
  it("are moved where PayPal reads them", async () => {
    const S = await siteWithOwner(t, "pay-set-old");
    await withPlatform(t.database.db, (tx) =>
      tx.insert(paymentSettings).values({
        accountId: S.site.accountId,
        provider: "paypal",
        enabled: true,
        config: { clientId: "AZ-old", mode: "live" },
        secrets: { clientSecret: "EL-old", webhookId: "WH-OLD" },
      }),
    );
    const enabled = () => withTenant(t.database.db, S.site.accountId, (tx) => enabledProviders(tx, S.site.accountId));
    expect(await enabled()).not.toContain("paypal");
    const file = readdirSync(migrationsFolder()).find((f) => f.endsWith("_paypal-webhook-id-is-public.sql"));
    const statements = readFileSync(`${migrationsFolder()}/${file}`, "utf8").split("--> statement-breakpoint");
    for (const statement of statements) await t.database.sql(statement);
    expect(await enabled()).toContain("paypal");
    const moved = await row(S, "paypal");
    expect(moved.config).toEqual({ clientId: "AZ-old", webhookId: "WH-OLD", apiBase: "live" });
    expect(moved.secrets).toEqual({ clientSecret: "EL-old" });
  });
});
