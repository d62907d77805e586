// Paying for a plan by card (decision 0035) through the Stripe stand-in: the owner starts a
// checkout, Stripe's signed message moves the site to the plan at once (replays change nothing),
// renewals add invoices with PDF receipts, cancelling tells Stripe, the subscription's end removes
// the plan, the Lifetime offer is one payment, and the plan clock reminds and ends trials and
// unpaid periods.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { mailOutbox, platformInvoices, platformPaymentEvents, siteSubscriptions } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { runPlanPeriods, siteBilling } from "../../server/modules/billing";
import { buildPaymentSettings } from "../../server/seed/commerce-builders";
import { buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";
import { type StandIns, startStandIns } from "./provider-standins";

const SECRET = "whsec_platform_plans";
const DAY = 86_400_000;
let t: TestPlatform;
let stand: StandIns;

beforeAll(async () => {
  stand = await startStandIns();
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

const db = () => t.database.db;
const staff = { userId: null, email: "staff@atrium.test" };

async function setUpPlatformStripe() {
  const platform = await accounts.getPlatform(db());
  if (!platform) throw new Error("no platform account");
  await buildPaymentSettings(db(), platform, "stripe", {
    config: { apiBase: stand.url },
    secrets: { secretKey: "sk_test_platform", webhookSecret: SECRET },
  });
}

const state = async (s: SiteWithOwner) =>
  body(await t.request(s.site.slug, "/api/v1/billing", { cookie: s.ownerCookie }));

const checkout = (s: SiteWithOwner, planId: string, period: string) =>
  t.request(s.site.slug, "/api/v1/billing/checkout", { cookie: s.ownerCookie, json: { planId, period } });

/** Stripe's message, signed with the platform's secret, delivered to the platform's own address. */
function deliver(event: Record<string, unknown>, secret = SECRET) {
  const signed = stand.stripe.sign(event, secret);
  return t.request(null, "/api/webhooks/stripe", { method: "POST", body: signed.body, headers: signed.headers });
}

const completed = (id: string, session: Record<string, unknown>) => ({
  id,
  type: "checkout.session.completed",
  data: { object: session },
});

const invoicesOf = (siteId: string) =>
  withPlatform(db(), (tx) => tx.select().from(platformInvoices).where(eq(platformInvoices.siteId, siteId)));

const mailTo = (to: string, kind: string) =>
  withPlatform(db(), (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind))),
  );

const affiliate = (s: SiteWithOwner, email: string) =>
  t.request(s.site.slug, "/api/v1/affiliates", { cookie: s.ownerCookie, json: { email } });

describe("card payments before the platform sets Stripe up", () => {
  it("offers no card payment and refuses a checkout with a clear message", async () => {
    const s = await siteWithOwner(t, "card-none");
    expect((await state(s)).cardPayments).toBe(false);
    const res = await checkout(s, PLAN_IDS.professional, "monthly");
    expect((await expectError(res, 409, "conflict")).message).toMatch(/not set up/);
    expect(await invoicesOf(s.site.accountId)).toHaveLength(0);
  });
});

describe("a plan paid by card", () => {
  beforeAll(setUpPlatformStripe);

  it("moves the site to the plan when Stripe's message arrives, once, and renews it", async () => {
    const s = await siteWithOwner(t, "card-pro");
    const partner = await memberOf(t, s.site, "student", "partner");
    expect((await state(s)).cardPayments).toBe(true);
    expect((await affiliate(s, partner.user.email)).status).toBe(403);

    const started = await checkout(s, PLAN_IDS.professional, "monthly");
    expect(started.status).toBe(200);
    const { url, invoiceId } = await body(started);
    const sessionId = url.split("/").pop() as string;
    const session = stand.stripe.sessions.get(sessionId) as Record<string, unknown>;
    expect(session).toMatchObject({ mode: "subscription", amount_total: 9900, metadata: { order_id: invoiceId } });
    const create = stand.calls("/v1/checkout/sessions", "POST").at(-1);
    expect(create?.body["line_items[0][price_data][recurring][interval]"]).toBe("month");
    // Nothing changes before Stripe says it was paid.
    expect((await state(s)).plan.slug).toBe("starter");

    const paid = stand.stripe.pay(sessionId);
    const event = completed(`evt_pro_${sessionId}`, paid);
    // A message that does not verify is refused and changes nothing.
    expect((await deliver(event, "whsec_wrong")).status).toBe(400);
    expect((await state(s)).plan.slug).toBe("starter");

    expect((await deliver(event)).status).toBe(200);
    const after = await state(s);
    expect(after.plan.slug).toBe("professional");
    expect(after.subscription).toMatchObject({ status: "active", provider: "stripe", period: "monthly" });
    const renews = (Date.parse(after.subscription.currentPeriodEnd) - Date.now()) / DAY;
    expect(renews).toBeGreaterThan(27);
    expect(after.invoices).toHaveLength(1);
    expect(after.invoices[0]).toMatchObject({ amount: 9900, status: "paid", plan: "Professional" });
    expect(after.invoices[0].number).toMatch(/^ATR-\d{6}$/);
    // The plan's features apply at once.
    expect((await affiliate(s, partner.user.email)).status).toBe(201);

    // The same message again changes nothing and sends nothing more.
    expect((await deliver(event)).status).toBe(200);
    expect((await invoicesOf(s.site.accountId)).filter((i) => i.status === "paid")).toHaveLength(1);
    expect(await mailTo(s.owner.email, "plan-paid")).toHaveLength(1);

    // A renewal: the period moves on and a second invoice records it; its replay does nothing.
    const subscription = paid.subscription as string;
    const end = Math.floor((Date.parse(after.subscription.currentPeriodEnd) + 30 * DAY) / 1000);
    const renewal = {
      id: `evt_renew_${sessionId}`,
      type: "invoice.paid",
      data: {
        object: {
          id: "in_1",
          object: "invoice",
          billing_reason: "subscription_cycle",
          subscription,
          amount_paid: 9900,
          lines: { data: [{ period: { start: end - 30 * 86400, end } }] },
        },
      },
    };
    expect((await deliver(renewal)).status).toBe(200);
    expect((await deliver(renewal)).status).toBe(200);
    const renewed = await state(s);
    expect(Date.parse(renewed.subscription.currentPeriodEnd)).toBe(end * 1000);
    expect(renewed.invoices).toHaveLength(2);
    const events = await withPlatform(db(), (tx) => tx.select().from(platformPaymentEvents));
    expect(events.filter((e) => e.eventId === renewal.id)).toHaveLength(1);

    // Each paid invoice has a PDF receipt; another site's owner gets 404 for it.
    const receipt = await t.request(s.site.slug, `/api/v1/billing/invoices/${invoiceId}/receipt.pdf`, {
      cookie: s.ownerCookie,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await receipt.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const other = await siteWithOwner(t, "card-other");
    const foreign = await t.request(other.site.slug, `/api/v1/billing/invoices/${invoiceId}/receipt.pdf`, {
      cookie: other.ownerCookie,
    });
    await expectError(foreign, 404, "not_found");

    // Stopping renewal tells Stripe first; the plan stays until the period's end.
    const cancel = await t.request(s.site.slug, "/api/v1/billing/cancel", {
      cookie: s.ownerCookie,
      json: { cancel: true },
    });
    expect((await body(cancel)).subscription.cancelAtPeriodEnd).toBe(true);
    const update = stand.calls(`/v1/subscriptions/${subscription}`, "POST").at(-1);
    expect(update?.body.cancel_at_period_end).toBe("true");
    expect((await state(s)).plan.slug).toBe("professional");

    // Stripe ends the subscription: the site has no plan, and gated features are refused again.
    const ended = {
      id: `evt_end_${sessionId}`,
      type: "customer.subscription.deleted",
      data: { object: { id: subscription, object: "subscription", status: "canceled" } },
    };
    expect((await deliver(ended)).status).toBe(200);
    const gone = await state(s);
    expect(gone.plan).toBeNull();
    expect(gone.subscription.status).toBe("canceled");
    const another = await memberOf(t, s.site, "student", "partner2");
    expect((await affiliate(s, another.user.email)).status).toBe(403);
    expect(await mailTo(s.owner.email, "plan-ended")).toHaveLength(1);
  });

  it("sells the Lifetime offer as one payment, confirmed on return even before the message", async () => {
    const s = await siteWithOwner(t, "card-life");
    const { url, invoiceId } = await body(await checkout(s, PLAN_IDS.lifetime, "onetime"));
    const sessionId = url.split("/").pop() as string;
    expect(stand.stripe.sessions.get(sessionId)).toMatchObject({ mode: "payment", amount_total: 1900 });
    // Returning before paying changes nothing.
    const early = await t.request(s.site.slug, `/api/v1/billing/invoices/${invoiceId}/confirm`, {
      cookie: s.ownerCookie,
      method: "POST",
    });
    expect((await body(early)).status).toBe("open");

    const paid = stand.stripe.pay(sessionId);
    const back = await t.request(s.site.slug, `/api/v1/billing/invoices/${invoiceId}/confirm`, {
      cookie: s.ownerCookie,
      method: "POST",
    });
    expect((await body(back)).status).toBe("paid");
    const after = await state(s);
    expect(after.plan.slug).toBe("lifetime");
    expect(after.subscription).toMatchObject({ period: "onetime", status: "active", currentPeriodEnd: null });
    // The message arriving afterwards changes nothing.
    expect((await deliver(completed(`evt_life_${sessionId}`, paid))).status).toBe(200);
    expect((await invoicesOf(s.site.accountId)).filter((i) => i.status === "paid")).toHaveLength(1);
    expect(await mailTo(s.owner.email, "plan-paid")).toHaveLength(1);
    // A lifetime plan neither renews nor needs a subscription.
    await expectError(
      await t.request(s.site.slug, "/api/v1/billing/cancel", { cookie: s.ownerCookie, json: { cancel: true } }),
      409,
      "conflict",
    );
    await expectError(await checkout(s, PLAN_IDS.starter, "monthly"), 409, "conflict");
  });

  it("applies a payment once when the return and Stripe's message race", async () => {
    const s = await siteWithOwner(t, "card-race");
    const { url, invoiceId } = await body(await checkout(s, PLAN_IDS.starter, "annual"));
    const sessionId = url.split("/").pop() as string;
    const paid = stand.stripe.pay(sessionId);
    const results = await Promise.all([
      deliver(completed(`evt_race_${sessionId}`, paid)),
      deliver(completed(`evt_race_${sessionId}`, paid)),
      t.request(s.site.slug, `/api/v1/billing/invoices/${invoiceId}/confirm`, {
        cookie: s.ownerCookie,
        method: "POST",
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await state(s)).subscription).toMatchObject({ period: "annual", status: "active", provider: "stripe" });
    expect(await mailTo(s.owner.email, "plan-paid")).toHaveLength(1);
  });

  it("lets only the owner pay, and staff granting an offline plan ends the card subscription", async () => {
    const s = await siteWithOwner(t, "card-who");
    const admin = await memberOf(t, s.site, "admin", "admin");
    const asAdmin = await t.request(s.site.slug, "/api/v1/billing/checkout", {
      cookie: admin.cookie,
      json: { planId: PLAN_IDS.professional, period: "monthly" },
    });
    await expectError(asAdmin, 403, "forbidden");
    await expectError(await checkout(s, PLAN_IDS.lifetime, "monthly"), 422, "validation_failed");

    const { url } = await body(await checkout(s, PLAN_IDS.professional, "monthly"));
    const sessionId = url.split("/").pop() as string;
    const paid = stand.stripe.pay(sessionId);
    await deliver(completed(`evt_who_${sessionId}`, paid));
    await siteBilling.changePlan(db(), s.site.accountId, { planId: PLAN_IDS.dedicated, period: "annual" }, staff);
    expect(stand.calls(`/v1/subscriptions/${paid.subscription}`, "DELETE")).toHaveLength(1);
    const after = await state(s);
    expect(after.plan.slug).toBe("dedicated");
    expect(after.invoices.map((i: { provider: string }) => i.provider).sort()).toEqual(["offline", "stripe"]);
  });
});

describe("the plan clock", () => {
  const setSub = (siteId: string, values: Partial<typeof siteSubscriptions.$inferInsert>) =>
    withPlatform(db(), (tx) => tx.update(siteSubscriptions).set(values).where(eq(siteSubscriptions.siteId, siteId)));

  it("reminds before a trial ends, once, and removes the plan when it has ended", async () => {
    const s = await siteWithOwner(t, "clock-trial");
    await setSub(s.site.accountId, { trialEndsAt: new Date(Date.now() + 2 * DAY) });
    await runPlanPeriods(db());
    await runPlanPeriods(db());
    expect(await mailTo(s.owner.email, "plan-trial-ending")).toHaveLength(1);
    expect((await state(s)).plan.slug).toBe("starter");

    await runPlanPeriods(db(), new Date(Date.now() + 3 * DAY));
    const after = await state(s);
    expect(after.plan).toBeNull();
    expect(after.subscription.status).toBe("canceled");
    expect(await mailTo(s.owner.email, "plan-trial-ended")).toHaveLength(1);
    // Creating limited things is refused without a plan; nothing was deleted.
    const course = await t.request(s.site.slug, "/api/v1/courses", { cookie: s.ownerCookie, json: { title: "Late" } });
    await expectError(course, 403, "plan_limit");
  });

  it("takes an unpaid offline period to past due, then after the grace to no plan", async () => {
    const s = await siteWithOwner(t, "clock-due");
    await siteBilling.changePlan(db(), s.site.accountId, { planId: PLAN_IDS.professional, period: "monthly" }, staff);
    const end = Date.now() + 5 * DAY;
    await setSub(s.site.accountId, { currentPeriodEnd: new Date(end) });
    await runPlanPeriods(db());
    expect(await mailTo(s.owner.email, "plan-renewal-due")).toHaveLength(1);

    await runPlanPeriods(db(), new Date(end + 2 * DAY));
    expect((await state(s)).subscription.status).toBe("past_due");
    expect((await state(s)).plan.slug).toBe("professional");
    expect(await mailTo(s.owner.email, "plan-past-due")).toHaveLength(1);

    await runPlanPeriods(db(), new Date(end + 10 * DAY));
    const after = await state(s);
    expect(after.plan).toBeNull();
    expect(after.subscription.status).toBe("canceled");
  });

  it("ends a plan whose renewal was stopped at the end of its period", async () => {
    const s = await siteWithOwner(t, "clock-stop");
    await siteBilling.changePlan(db(), s.site.accountId, { planId: PLAN_IDS.starter, period: "monthly" }, staff);
    await siteBilling.cancelAtPeriodEnd(db(), s.site.accountId, true);
    const end = (await siteBilling.of(db(), s.site.accountId))?.currentPeriodEnd?.getTime() ?? 0;
    expect(end).toBeGreaterThan(Date.now());
    await runPlanPeriods(db(), new Date(end - 1000));
    expect((await state(s)).plan.slug).toBe("starter");
    await runPlanPeriods(db(), new Date(end + 1000));
    expect((await state(s)).plan).toBeNull();
  });
});

describe("staff's products and orders", () => {
  it("lists the plans with prices and every plan payment, sets the Stripe keys (audited), and refuses owners", async () => {
    const staffUser = await buildUser(t.platform.auth, { email: "staff@atrium.test" });
    const cookie = await signIn(t, null, staffUser.email, staffUser.password);
    const api = (path: string, init: { json?: unknown; method?: string } = {}) =>
      t.request(null, `/api/v1/staff${path}`, { cookie, ...init });

    const products = await body(await api("/billing/products"));
    expect(products.cardPayments).toBe(true);
    expect(products.stripe).toMatchObject({ enabled: true, secretKeySet: true, webhookSecretSet: true });
    expect(products.stripe.webhookUrl).toMatch(/\/api\/webhooks\/stripe$/);
    expect(products.plans.map((p: { slug: string }) => p.slug)).toEqual([
      "starter",
      "professional",
      "dedicated",
      "lifetime",
    ]);

    const paid = await body(await api("/billing/orders?status=paid&per_page=100"));
    expect(paid.total).toBeGreaterThanOrEqual(5);
    expect(paid.items.every((i: { status: string }) => i.status === "paid")).toBe(true);
    const one = paid.items[0];
    const bySite = await body(await api(`/billing/orders?site=${one.siteId}`));
    expect(bySite.items.every((i: { siteId: string }) => i.siteId === one.siteId)).toBe(true);
    expect(bySite.items[0]).toMatchObject({ siteTitle: expect.any(String), number: expect.stringMatching(/^ATR-/) });

    const bad = await api("/billing/stripe", { method: "PUT", json: { enabled: true, secretKey: "pk_wrong" } });
    expect((await expectError(bad, 422, "validation_failed")).details).toEqual([
      expect.objectContaining({ field: "secrets.secretKey" }),
    ]);
    const off = await body(await api("/billing/stripe", { method: "PUT", json: { enabled: false } }));
    expect(off.cardPayments).toBe(false);
    expect(off.stripe.secretKeySet).toBe(true);
    const audit = await body(await api("/audit?action=billing.stripe"));
    expect(audit.items[0]).toMatchObject({ action: "billing.stripe", actorEmail: "staff@atrium.test" });

    const owner = await siteWithOwner(t, "card-staff");
    const ownerCookie = await signIn(t, null, owner.owner.email, owner.owner.password);
    for (const path of ["/billing/products", "/billing/orders"]) {
      await expectError(await t.request(null, `/api/v1/staff${path}`, { cookie: ownerCookie }), 403, "forbidden");
    }
  });
});
