// A plan paid by card in a browser: the owner presses "Pay by card", lands on Stripe's page (the
// local stand-in), pays, comes back to billing and sees the new plan and a receipt to download;
// staff see the payment in Billing › Orders and card payments switched on in Billing › Products.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { accounts } from "../../server/modules/accounts";
import { buildUser } from "../../server/seed/builders";
import { buildPaymentSettings } from "../../server/seed/commerce-builders";
import { type StandIns, startStandIns } from "../integration/provider-standins";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E } from "./fixtures";

const b = en.billing;
const e2e = setupE2E();
let stand: StandIns;

beforeAll(async () => {
  stand = await startStandIns();
});
afterAll(async () => {
  await stand?.close();
});

describe("a plan paid by card", () => {
  it("takes the owner to Stripe and back onto the plan, with a receipt; staff see the order", async () => {
    const db = e2e.t.database.db;
    const platformSite = await accounts.getPlatform(db);
    if (!platformSite) throw new Error("no platform site");
    await buildPaymentSettings(db, platformSite, "stripe", {
      config: { apiBase: stand.url },
      secrets: { secretKey: "sk_test_plans", webhookSecret: "whsec_plans" },
    });
    const { owner, origin } = await e2e.newSite("cardplan", { sitetitle: "Lantern School" });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/billing`);
    const pro = page.getByTestId("plan-professional");
    await pro.getByRole("button", { name: b.payByCard }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stand.url}/stripe/pay/`));
    const sessionId = new URL(page.url()).pathname.split("/").pop() as string;
    const session = stand.stripe.pay(sessionId) as { metadata: { order_id: string } };

    // Stripe sends the buyer back to the billing page with the invoice; the plan has changed.
    await open(page, `${origin}/dashboard/billing?invoice=${session.metadata.order_id}`);
    await expect.poll(() => page.getByTestId("billing-returned").textContent()).toContain(b.paidTitle);
    expect(await page.getByTestId("current-plan").textContent()).toContain("Professional");
    const receipt = page.getByRole("link", { name: /Receipt ATR-\d{6} \(PDF\)/ });
    await receipt.waitFor();
    const href = (await receipt.getAttribute("href")) as string;
    const pdf = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get("content-type") };
    }, href);
    expect(pdf).toEqual({ status: 200, type: "application/pdf" });
    expect(formatFindings("billing-paid", await axeCheck(page))).toEqual([]);

    const platform = e2e.t.origin();
    const staff = await buildUser(e2e.t.platform.auth, { email: "staff@atrium.test", name: "Sam Staff" });
    const desk = await e2e.signedIn(platform, staff.email, staff.password);
    await open(desk, `${platform}/dashboard/billing/orders`);
    const row = desk.locator("tr", { hasText: "Lantern School" });
    await row.getByText(en.staffBilling.orders.statuses.paid, { exact: true }).waitFor();
    expect(await row.textContent()).toContain("$99");
    await open(desk, `${platform}/dashboard/billing/products`);
    await expect.poll(() => desk.getByTestId("card-payments-status").textContent()).toBe(en.staffBilling.stripe.on);
    await desk.getByTestId("product-lifetime").waitFor();
    expect(formatFindings("staff-products", await axeCheck(desk))).toEqual([]);
  });
});
