// Affiliates (spec §3 Referral / Commission, §4 reward_status, §8): a sign-up with a referral code
// becomes the affiliate's referral; a paid order earns a percentage or flat commission once;
// autoApprove decides 'referral' or 'pendingReferral'; oneTimePayout completes the referral; a failed
// commission insert is logged and the order stays paid; the owner's screens and another site's 404.
import { PLAN_IDS } from "../../core/plans";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { commissions, orders, referrals } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { markOrderPaid, placeOrder, recordReferral, renewSubscription } from "../../server/modules/commerce";
import { events } from "../../server/modules/events";
import { buildAffiliate, buildProduct } from "../../server/seed/commerce-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid, uniqueEmail } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "aff-a", { plan: PLAN_IDS.lifetime });
  B = await siteWithOwner(t, "aff-b", { plan: PLAN_IDS.lifetime });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const api = (slug: string, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });

type AffiliateOpts = Parameters<typeof buildAffiliate>[3];

/** An affiliate on site A and a member they referred. */
async function referredPair(opts: AffiliateOpts = {}) {
  const partner = await memberOf(t, A.site, "student", "partner");
  const affiliate = await buildAffiliate(db(), A.site, partner.user.id, { code: `p${uid()}`, ...opts });
  const buyer = await memberOf(t, A.site, "student", "buyer");
  const referral = await recordReferral(db(), A.site.accountId, buyer.user.id, affiliate.code);
  return { partner, affiliate, buyer, referral };
}

/** A paid order of `amount` by the user, with its payment_success handled. */
async function paidOrder(userId: string, amount: number) {
  const product = await buildProduct(db(), A.site, { title: `Product ${uid()}`, amount });
  const { order } = await placeOrder(db(), A.site.accountId, {
    userId,
    productIds: [product.id],
    provider: "offline",
    origin: t.origin(A.site.slug),
  });
  await markOrderPaid(db(), A.site.accountId, order.orderId, { source: "owner" });
  await events.drain(db(), A.site.accountId);
  return order;
}

const commissionOf = async (orderId: string) =>
  (await withPlatform(db(), (tx) => tx.select().from(commissions).where(eq(commissions.orderId, orderId))))[0];
const referralRow = async (id: string) =>
  (await withPlatform(db(), (tx) => tx.select().from(referrals).where(eq(referrals.id, id))))[0];

describe("referrals", () => {
  it("records a referral once, and ignores an unknown code and one's own code", async () => {
    const { affiliate, buyer, referral, partner } = await referredPair();
    expect(referral).toMatchObject({
      affiliateId: affiliate.id,
      referrerUserId: partner.user.id,
      referredUserId: buyer.user.id,
      rewardStatus: "pending",
    });
    expect(await recordReferral(db(), A.site.accountId, buyer.user.id, affiliate.code)).toBeNull();
    const other = await memberOf(t, A.site, "student", "stranger");
    expect(await recordReferral(db(), A.site.accountId, other.user.id, "no-such-code")).toBeNull();
    expect(await recordReferral(db(), A.site.accountId, partner.user.id, affiliate.code)).toBeNull();
    // Site B's members cannot be referred with site A's code.
    const outsider = await memberOf(t, B.site, "student", "elsewhere");
    expect(await recordReferral(db(), B.site.accountId, outsider.user.id, affiliate.code)).toBeNull();
  });
});

describe("commissions", () => {
  it("pays round(value × total / 100) for a percentage: 15 % of 3333 is 500, approved when auto-approving", async () => {
    const { buyer, affiliate, referral, partner } = await referredPair({
      commissionType: "percentage",
      commissionValue: 15,
      autoApprove: true,
    });
    const order = await paidOrder(buyer.user.id, 3333);
    const c = await commissionOf(order.orderId);
    expect(c).toMatchObject({
      userId: partner.user.id,
      amount: 500,
      type: "referral",
      currency: order.currency,
      info: { order_id: order.orderId, affiliate_id: affiliate.id, referral_id: referral!.id, type: "percentage" },
    });
    // Handling the same payment again adds nothing.
    await markOrderPaid(db(), A.site.accountId, order.orderId, { source: "owner" });
    await events.drain(db(), A.site.accountId);
    const all = await withPlatform(db(), (tx) =>
      tx.select().from(commissions).where(eq(commissions.orderId, order.orderId)),
    );
    expect(all).toHaveLength(1);
    expect((await referralRow(referral!.id)).rewardStatus).toBe("pending");
    // The affiliate sees it on their own endpoints.
    const mine = await body(await api(A.site.slug, partner.cookie, "/me/commissions"));
    expect(mine.items[0]).toMatchObject({ amount: 500, approved: true, paidAt: null });
    expect(mine.totals).toEqual([{ currency: order.currency, approved: 500, pending: 0, paid: 0 }]);
    const refs = await body(await api(A.site.slug, partner.cookie, "/me/referrals"));
    expect(refs.items).toHaveLength(1);
  });

  it("pays a flat value, pending approval without autoApprove, and the owner approves and pays it", async () => {
    const { buyer } = await referredPair({ commissionType: "flat", commissionValue: 700, autoApprove: false });
    const order = await paidOrder(buyer.user.id, 5000);
    const c = await commissionOf(order.orderId);
    expect(c).toMatchObject({ amount: 700, type: "pendingReferral", paidAt: null });
    await expectError(
      await api(A.site.slug, A.ownerCookie, `/commissions/${c.id}/pay`, { method: "POST" }),
      409,
      "conflict",
    );
    const approved = await api(A.site.slug, A.ownerCookie, `/commissions/${c.id}/approve`, { method: "POST" });
    expect(await body(approved)).toMatchObject({ type: "referral", approved: true });
    const paid = await body(await api(A.site.slug, A.ownerCookie, `/commissions/${c.id}/pay`, { method: "POST" }));
    expect(paid.paidAt).not.toBeNull();
    const list = await body(await api(A.site.slug, A.ownerCookie, "/commissions"));
    expect(list.items.some((i: { id: string }) => i.id === c.id)).toBe(true);
  });

  it("completes the referral with oneTimePayout, so a second order earns nothing", async () => {
    const { buyer, referral } = await referredPair({
      commissionType: "flat",
      commissionValue: 300,
      oneTimePayout: true,
    });
    const first = await paidOrder(buyer.user.id, 1000);
    expect((await commissionOf(first.orderId)).amount).toBe(300);
    expect((await referralRow(referral!.id)).rewardStatus).toBe("complete");
    const second = await paidOrder(buyer.user.id, 1000);
    expect(await commissionOf(second.orderId)).toBeUndefined();
  });

  it("earns nothing on a subscription renewal (a renewal is not a new order)", async () => {
    const { buyer } = await referredPair({ commissionType: "flat", commissionValue: 100 });
    const product = await buildProduct(db(), A.site, {
      title: `Monthly ${uid()}`,
      amount: 900,
      subscription: { value: 30, parameter: 86400 },
    });
    const { order } = await placeOrder(db(), A.site.accountId, {
      userId: buyer.user.id,
      productIds: [product.id],
      provider: "offline",
      origin: t.origin(A.site.slug),
    });
    const paid = await markOrderPaid(db(), A.site.accountId, order.orderId, { source: "owner" });
    await renewSubscription(db(), A.site.accountId, { subscriptionId: paid.order.subscriptionId });
    await events.drain(db(), A.site.accountId);
    const rows = await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(commissions)
        .where(eq(commissions.userId, (paid.order as { userId: string }).userId)),
    );
    expect(rows).toHaveLength(0);
    expect((await commissionOf(order.orderId)).amount).toBe(100);
  });

  it("logs a commission that cannot be written and leaves the order paid", async () => {
    // A trigger refusing one amount stands in for a failing insert (a constraint, a lost connection).
    await t.database.db.execute(sql`
      create or replace function refuse_commission() returns trigger language plpgsql as $$
      begin if new.amount = 4242 then raise exception 'commission refused'; end if; return new; end $$`);
    await t.database.db.execute(sql`drop trigger if exists refuse_commission on commissions`);
    await t.database.db.execute(
      sql`create trigger refuse_commission before insert on commissions for each row execute function refuse_commission()`,
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { buyer } = await referredPair({ commissionType: "flat", commissionValue: 4242 });
      const order = await paidOrder(buyer.user.id, 9000);
      expect(await commissionOf(order.orderId)).toBeUndefined();
      const [row] = await withPlatform(db(), (tx) => tx.select().from(orders).where(eq(orders.orderId, order.orderId)));
      expect(row.status).toBe("paid");
      expect(logged.mock.calls.some((c) => String(c[0]).includes("commission for order"))).toBe(true);
    } finally {
      logged.mockRestore();
      await t.database.db.execute(sql`drop trigger if exists refuse_commission on commissions`);
    }
  });
});

describe("the owner's affiliate programme", () => {
  it("adds an affiliate by e-mail with a generated code, edits and removes it", async () => {
    const member = await memberOf(t, A.site, "student", "promoter");
    const res = await api(A.site.slug, A.ownerCookie, "/affiliates", {
      method: "POST",
      json: { email: member.user.email, commissionType: "flat", commissionValue: 250, autoApprove: false },
    });
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created).toMatchObject({ userId: member.user.id, commissionValue: 250, autoApprove: false });
    expect(created.code).toMatch(/^[a-z0-9]{8}$/);
    const again = await api(A.site.slug, A.ownerCookie, "/affiliates", {
      method: "POST",
      json: { email: member.user.email },
    });
    expect(again.status).toBe(409);
    await expectError(
      await api(A.site.slug, A.ownerCookie, "/affiliates", { method: "POST", json: { email: uniqueEmail("nobody") } }),
      422,
      "validation_failed",
    );
    const patched = await body(
      await api(A.site.slug, A.ownerCookie, `/affiliates/${created.id}`, {
        method: "PATCH",
        json: { code: "my-code-1" },
      }),
    );
    expect(patched.code).toBe("my-code-1");
    expect(await body(await api(A.site.slug, member.cookie, "/me/affiliate"))).toMatchObject({ code: "my-code-1" });
    const list = await body(await api(A.site.slug, A.ownerCookie, "/affiliates"));
    expect(list.items.find((a: { id: string }) => a.id === created.id)).toMatchObject({
      memberEmail: member.user.email,
    });
    await expectError(await api(A.site.slug, member.cookie, "/affiliates"), 403, "forbidden");
    const del = await api(A.site.slug, A.ownerCookie, `/affiliates/${created.id}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    await expectError(await api(A.site.slug, member.cookie, "/me/affiliate"), 404, "not_found");
  });

  it("answers 404 for another site's affiliates and commissions, changing nothing", async () => {
    const { buyer, affiliate } = await referredPair({
      commissionType: "flat",
      commissionValue: 150,
      autoApprove: false,
    });
    const order = await paidOrder(buyer.user.id, 2000);
    const c = await commissionOf(order.orderId);
    const b = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      api(B.site.slug, B.ownerCookie, path, init);
    await expectError(
      await b(`/affiliates/${affiliate.id}`, { method: "PATCH", json: { commissionValue: 1 } }),
      404,
      "not_found",
    );
    await expectError(await b(`/affiliates/${affiliate.id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await b(`/commissions/${c.id}/approve`, { method: "POST" }), 404, "not_found");
    await expectError(await b(`/commissions/${c.id}/pay`, { method: "POST" }), 404, "not_found");
    expect((await body(await b("/commissions"))).items).toEqual([]);
    expect((await body(await b("/affiliates"))).items).toEqual([]);
    expect(await commissionOf(order.orderId)).toMatchObject({ type: "pendingReferral", paidAt: null });
  });
});
