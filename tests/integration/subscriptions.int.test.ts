// Subscriptions: a renewal extends access from the current end (memberships too), a replayed renewal
// changes nothing, a cancelled subscription keeps access until its end and the sweep then takes it
// back, coupon renewals, the buyer's cancel and the owner's offline renewal over REST, and another
// site's subscriptions answering 404.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseStudents, eventOutbox, memberMemberships, orders, subscriptions } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import {
  expireSubscriptions,
  markOrderPaid,
  placeOrder,
  renewSubscription,
  stopSubscription,
} from "../../server/modules/commerce";
import { buildCoupon, buildMembership, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let buyer: Awaited<ReturnType<typeof memberOf>>;
let outsider: Awaited<ReturnType<typeof memberOf>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "subs-a");
  B = await siteWithOwner(t, "subs-b");
  buyer = await memberOf(t, A.site, "student", "subscriber");
  outsider = await memberOf(t, B.site, "student", "outsider");
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const api = (slug: string, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });

/** A monthly (30-day) subscription granting a membership with one course, bought and paid offline. */
async function subscribe(opts: { coupon?: string; userId?: string } = {}) {
  const { course } = await buildCourse(db(), A.site, A.owner, {
    title: `Course ${uid()}`,
    curriculum: [{ unit: "One" }],
  });
  const membership = await buildMembership(db(), A.site, { title: `Club ${uid()}`, courseIds: [course.id] });
  const product = await buildProduct(db(), A.site, {
    title: `Monthly ${uid()}`,
    amount: 1000,
    subscription: { value: 30, parameter: 86400 },
    membershipIds: [membership.id],
  });
  const userId = opts.userId ?? buyer.user.id;
  const { order } = await placeOrder(db(), A.site.accountId, {
    userId,
    productIds: [product.id],
    coupon: opts.coupon ?? null,
    provider: "offline",
    origin: t.origin(A.site.slug),
  });
  const paid = await markOrderPaid(db(), A.site.accountId, order.orderId, { source: "owner" });
  const subscriptionId = paid.order.subscriptionId!;
  return { course, membership, product, order: paid.order, subscriptionId, userId };
}

const subscription = async (id: string) =>
  (await withPlatform(db(), (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, id))))[0];
const membershipOf = async (membershipId: string, userId: string) =>
  (
    await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(memberMemberships)
        .where(and(eq(memberMemberships.membershipId, membershipId), eq(memberMemberships.userId, userId))),
    )
  )[0];
const enrolledIn = async (courseId: string, userId: string) =>
  (
    await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(courseStudents)
        .where(and(eq(courseStudents.courseId, courseId), eq(courseStudents.studentId, userId))),
    )
  ).length;
const eventsFor = async (pred: (p: Record<string, unknown>) => boolean) =>
  (
    await withPlatform(db(), (tx) => tx.select().from(eventOutbox).where(eq(eventOutbox.accountId, A.site.accountId)))
  ).filter((e) => pred(e.payload));

describe("renewals", () => {
  it("extends access from the current end, moves the membership's end and emits payment_success once", async () => {
    const s = await subscribe();
    const before = await subscription(s.subscriptionId);
    expect(before).toMatchObject({ status: "active", payments: 1 });
    const r = await renewSubscription(
      db(),
      A.site.accountId,
      { subscriptionId: s.subscriptionId },
      { eventId: "evt-1" },
    );
    expect(r.changed).toBe(true);
    const after = await subscription(s.subscriptionId);
    expect(after.payments).toBe(2);
    expect(after.currentPeriodEnd.getTime() - before.currentPeriodEnd.getTime()).toBe(30 * DAY);
    const m = await membershipOf(s.membership.id, s.userId);
    expect(m.endsAt?.getTime()).toBe(after.currentPeriodEnd.getTime());

    const replay = await renewSubscription(
      db(),
      A.site.accountId,
      { subscriptionId: s.subscriptionId },
      { eventId: "evt-1" },
    );
    expect(replay.changed).toBe(false);
    expect((await subscription(s.subscriptionId)).payments).toBe(2);
    const renewals = await eventsFor((p) => p.subscriptionId === s.subscriptionId && p.renewal === true);
    expect(renewals.map((e) => e.type)).toEqual(["payment_success"]);
    expect(renewals[0].payload.amount).toBe(1000);
  });

  it("treats a renewal whose period end is not later as a replay", async () => {
    const s = await subscribe();
    const end = (await subscription(s.subscriptionId)).currentPeriodEnd;
    const stale = await renewSubscription(
      db(),
      A.site.accountId,
      { subscriptionId: s.subscriptionId },
      { periodEnd: end },
    );
    expect(stale.changed).toBe(false);
    const newEnd = new Date(end.getTime() + 31 * DAY);
    const fresh = await renewSubscription(
      db(),
      A.site.accountId,
      { subscriptionId: s.subscriptionId },
      { periodEnd: newEnd },
    );
    expect(fresh.changed).toBe(true);
    expect((await subscription(s.subscriptionId)).currentPeriodEnd.getTime()).toBe(newEnd.getTime());
  });

  it("discounts the first renewal of a two-payment coupon and not the second", async () => {
    const name = `HALF${uid()}`;
    await buildCoupon(db(), A.site, { name, discountType: "percentage", amount: 50, scope: "count", payments: 2 });
    const s = await subscribe({ coupon: name });
    expect(s.order.totalAmount).toBe(500);
    await renewSubscription(db(), A.site.accountId, { subscriptionId: s.subscriptionId }, { eventId: "c-1" });
    await renewSubscription(db(), A.site.accountId, { subscriptionId: s.subscriptionId }, { eventId: "c-2" });
    const amounts = (await eventsFor((p) => p.subscriptionId === s.subscriptionId && p.renewal === true))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((e) => e.payload.amount);
    expect(amounts).toEqual([500, 1000]);
  });
});

describe("endings", () => {
  it("keeps a cancelled subscription's access until its end, then the sweep takes it back", async () => {
    const s = await subscribe();
    expect(await stopSubscription(db(), A.site.accountId, { subscriptionId: s.subscriptionId }, "cancelled")).toEqual({
      changed: true,
    });
    const sub = await subscription(s.subscriptionId);
    expect(sub.status).toBe("cancelled");
    expect(await expireSubscriptions(db(), new Date(sub.currentPeriodEnd.getTime() - 1000))).toBe(0);
    expect((await membershipOf(s.membership.id, s.userId)).status).toBe("active");
    expect(await enrolledIn(s.course.id, s.userId)).toBe(1);

    await expireSubscriptions(db(), new Date(sub.currentPeriodEnd.getTime() + 1000));
    expect((await subscription(s.subscriptionId)).status).toBe("ended");
    expect((await membershipOf(s.membership.id, s.userId)).status).toBe("revoked");
    expect(await enrolledIn(s.course.id, s.userId)).toBe(0);
    const [order] = await withPlatform(db(), (tx) =>
      tx.select().from(orders).where(eq(orders.orderId, s.order.orderId)),
    );
    expect(order.status).toBe("paid");
    const ended = await eventsFor((p) => p.orderId === s.order.orderId);
    expect(
      ended
        .map((e) => e.type)
        .filter((x) => x.endsWith("_ended"))
        .sort(),
    ).toEqual(["membership_ended", "subscription_ended"]);
    // A second sweep finds nothing more to do.
    await expireSubscriptions(db(), new Date(sub.currentPeriodEnd.getTime() + 2000));
    expect((await eventsFor((p) => p.orderId === s.order.orderId)).length).toBe(ended.length);
  });

  it("ends an offline subscription nobody renewed, and leaves a renewed one alone", async () => {
    const lapsed = await subscribe();
    const renewed = await subscribe();
    await renewSubscription(db(), A.site.accountId, { subscriptionId: renewed.subscriptionId });
    const end = (await subscription(lapsed.subscriptionId)).currentPeriodEnd;
    await expireSubscriptions(db(), new Date(end.getTime() + 60_000));
    expect((await subscription(lapsed.subscriptionId)).status).toBe("ended");
    expect((await subscription(renewed.subscriptionId)).status).toBe("active");
  });
});

describe("over REST", () => {
  it("lets the buyer list and cancel their subscription, keeping access until the end", async () => {
    const s = await subscribe();
    const list = await body(await api(A.site.slug, buyer.cookie, "/me/subscriptions"));
    expect(list.items.find((i: { id: string }) => i.id === s.subscriptionId)).toMatchObject({
      status: "active",
      productTitle: s.product.title,
    });
    const res = await api(A.site.slug, buyer.cookie, `/me/subscriptions/${s.subscriptionId}/cancel`, {
      method: "POST",
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ status: "cancelled", cancelAtPeriodEnd: true });
    expect((await membershipOf(s.membership.id, s.userId)).status).toBe("active");
  });

  it("lets the owner record an offline renewal, and keeps others out", async () => {
    const s = await subscribe();
    const before = await subscription(s.subscriptionId);
    const res = await api(A.site.slug, A.ownerCookie, `/subscriptions/${s.subscriptionId}/renew`, { method: "POST" });
    expect(res.status).toBe(200);
    const renewed = await body(res);
    expect(Date.parse(renewed.currentPeriodEnd) - before.currentPeriodEnd.getTime()).toBe(30 * DAY);
    const owners = await body(await api(A.site.slug, A.ownerCookie, "/subscriptions"));
    expect(owners.items.some((i: { id: string }) => i.id === s.subscriptionId)).toBe(true);

    await expectError(
      await api(A.site.slug, buyer.cookie, `/subscriptions/${s.subscriptionId}/renew`, { method: "POST" }),
      403,
      "forbidden",
    );
    await expectError(
      await api(B.site.slug, B.ownerCookie, `/subscriptions/${s.subscriptionId}/renew`, { method: "POST" }),
      404,
      "not_found",
    );
    await expectError(
      await api(B.site.slug, outsider.cookie, `/me/subscriptions/${s.subscriptionId}/cancel`, { method: "POST" }),
      404,
      "not_found",
    );
    expect((await subscription(s.subscriptionId)).payments).toBe(before.payments + 1);
    expect((await subscription(s.subscriptionId)).status).toBe("active");
  });
});
