// The affiliate programme in a browser: a visitor opens an affiliate's link, signs up (the stored
// referral travels with the form), buys; the affiliate's page shows the referral and the commission.
// The owner's screen lists the commission and approves it. A subscriber cancels their subscription
// from the orders page and keeps access until the end of the period.
import { PLAN_IDS } from "../../core/plans";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { formatMoney } from "../../core/currency";
import { members } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { markOrderPaid, placeOrder } from "../../server/modules/commerce";
import { events } from "../../server/modules/events";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildAffiliate, buildProduct } from "../../server/seed/commerce-builders";
import { open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const a = en.affiliate;
const s = en.subscriptions;

describe("affiliate referrals", () => {
  it("a visitor from an affiliate's link signs up and buys; the affiliate sees the referral and commission", async () => {
    const { site, owner, origin } = await e2e.newSite("affiliate", { plan: PLAN_IDS.lifetime });
    const db = e2e.t.database.db;
    const partner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("partner"), name: "Pat Partner" });
    await buildMember(db, site, partner, "student");
    const affiliate = await buildAffiliate(db, site, partner.id, {
      code: "PATLINK",
      commissionType: "percentage",
      commissionValue: 15,
      autoApprove: false,
    });

    // The visitor arrives through the link; a later link with another code does not replace it.
    const visitor = await e2e.newPage();
    await open(visitor, `${origin}/?ref=${affiliate.code}`);
    await expect.poll(() => visitor.evaluate(() => localStorage.getItem("referral"))).toBe("PATLINK");
    await open(visitor, `${origin}/?ref=OTHER`);
    expect(await visitor.evaluate(() => localStorage.getItem("referral"))).toBe("PATLINK");

    const email = uniqueEmail("referred");
    await open(visitor, `${origin}/signup`);
    await expect.poll(() => visitor.locator('input[name="referral"]').inputValue()).toBe("PATLINK");
    await visitor.getByLabel("Your name").fill("Rae Referred");
    await visitor.getByLabel("E-mail").fill(email);
    await visitor.getByLabel("Password").fill("correct-horse-42");
    await visitor.getByRole("button", { name: "Create account" }).click();
    await waitForPath(visitor, "/dashboard");

    const [buyer] = await withPlatform(db, (tx) => tx.select().from(members).where(eq(members.email, email)));
    const product = await buildProduct(db, site, { title: "Pottery kit", amount: 3333 });
    const { order } = await placeOrder(db, site.accountId, {
      userId: buyer.userId,
      productIds: [product.id],
      provider: "offline",
      origin,
    });
    await markOrderPaid(db, site.accountId, order.orderId, { source: "owner", actorId: owner.id });
    await events.drain(db, site.accountId);

    const page = await e2e.signedIn(origin, partner.email, partner.password);
    await open(page, `${origin}/dashboard/affiliate`);
    await page.getByRole("heading", { level: 1, name: a.title }).waitFor();
    expect(await page.getByTestId("affiliate-link").inputValue()).toBe(`${origin}/?ref=PATLINK`);
    await page.getByTestId("referrals").getByText("Rae Referred").waitFor();
    const amount = formatMoney(500, order.currency, "en");
    await page.getByTestId("commissions").getByText(amount).waitFor();
    await page.getByTestId("commissions").getByText(a.pending).waitFor();

    // The owner approves it; the affiliate then sees it approved.
    const ownerPage = await e2e.signedIn(origin, owner.email, owner.password);
    await open(ownerPage, `${origin}/dashboard/manage/marketing/affiliates`);
    await ownerPage.getByTestId("affiliate-row").filter({ hasText: "Pat Partner" }).waitFor();
    await ownerPage.getByRole("button", { name: a.approve }).click();
    await ownerPage.getByRole("button", { name: a.markPaid }).waitFor();
    await page.reload();
    await page.getByTestId("commissions").getByText(a.approved).waitFor();
  });

  it("a member without an affiliate record gets no affiliate page", async () => {
    const { site, origin } = await e2e.newSite("no-affiliate");
    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("plain") });
    await buildMember(e2e.t.database.db, site, user, "student");
    const page = await e2e.signedIn(origin, user.email, user.password);
    const res = await page.goto(`${origin}/dashboard/affiliate`);
    expect(res?.status()).toBe(404);
  });
});

describe("subscriptions", () => {
  it("a subscriber cancels from the orders page and keeps access until the period ends", async () => {
    const { site, origin } = await e2e.newSite("subscriber", { plan: PLAN_IDS.lifetime });
    const db = e2e.t.database.db;
    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("sub") });
    await buildMember(db, site, user, "student");
    const product = await buildProduct(db, site, {
      title: "Studio membership",
      amount: 1200,
      subscription: { value: 30, parameter: 86400 },
    });
    const { order } = await placeOrder(db, site.accountId, {
      userId: user.id,
      productIds: [product.id],
      provider: "offline",
      origin,
    });
    await markOrderPaid(db, site.accountId, order.orderId, { source: "owner" });

    const page = await e2e.signedIn(origin, user.email, user.password);
    await open(page, `${origin}/dashboard/orders`);
    const list = page.locator(".subscription-list");
    await list.getByText("Studio membership").waitFor();
    await list.getByText(s.statuses.active).waitFor();
    await list.getByRole("button", { name: s.cancel, exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: s.confirmCancel }).click();
    await list.getByText(s.statuses.cancelled).waitFor();
    await list.getByText(s.accessUntil.split("{{")[0].trim()).waitFor();
    expect(await list.getByRole("button", { name: s.cancel, exact: true }).count()).toBe(0);
  });
});
