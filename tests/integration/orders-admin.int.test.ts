// The owner's orders and payment settings (spec §9): confirming an offline payment grants the
// courses once, a refund takes back exactly what the order granted, cancelling gives the coupon use
// back; provider secrets never leave the server and an empty field keeps the stored one; members
// without manage_options and other sites' owners get nothing and change nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coupons,
  courseStudents,
  eventOutbox,
  memberMemberships,
  orders,
  paymentSettings,
} from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { placeOrder } from "../../server/modules/commerce";
import { buildCoupon, buildMembership, buildPaymentSettings, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let buyer: Awaited<ReturnType<typeof memberOf>>;
let student: Awaited<ReturnType<typeof memberOf>>;
let outsiderOwner: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "ord-a");
  B = await siteWithOwner(t, "ord-b");
  outsiderOwner = B;
  buyer = await memberOf(t, A.site, "student", "buyer");
  student = await memberOf(t, A.site, "student", "other");
});
afterAll(async () => {
  await t?.close();
});

const api = (slug: string, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });
const post = (cookie: string, path: string, slug = A.site.slug) => api(slug, cookie, path, { method: "POST" });

async function course(title = `Course ${uid()}`) {
  return (await buildCourse(t.database.db, A.site, A.owner, { title, curriculum: [{ unit: "One" }] })).course;
}

async function offlineOrder(userId: string, productIds: string[], coupon?: string) {
  const { order } = await placeOrder(t.database.db, A.site.accountId, {
    userId,
    productIds,
    coupon,
    provider: "offline",
    origin: "https://example.test",
  });
  return order;
}

const enrolled = async (courseId: string, userId: string) =>
  (await countRows(
    t,
    courseStudents,
    and(eq(courseStudents.courseId, courseId), eq(courseStudents.studentId, userId)),
  )) === 1;

describe("owner orders", () => {
  it("lists a pending offline order, marks it paid once (granting its courses), then refunds exactly what it granted", async () => {
    const owned = await course("Already mine");
    const bought = await course("Bought course");
    await buildEnrolment(t.database.db, A.site, owned.id, buyer.user.id);
    const membership = await buildMembership(t.database.db, A.site, { title: "Club", courseIds: [] });
    const product = await buildProduct(t.database.db, A.site, {
      title: `Bundle ${uid()}`,
      amount: 4900,
      courseIds: [owned.id, bought.id],
      membershipIds: [membership.id],
    });
    const order = await offlineOrder(buyer.user.id, [product.id]);
    expect(order.status).toBe("pending");

    const list = await body(await api(A.site.slug, A.ownerCookie, "/orders?status=pending"));
    const row = list.orders.find((o: { orderId: string }) => o.orderId === order.orderId);
    expect(row).toMatchObject({
      number: order.orderId.slice(0, 8).toUpperCase(),
      buyer: { userId: buyer.user.id, email: buyer.user.email },
      totalAmount: 4900,
      status: "pending",
      provider: "offline",
    });
    const byEmail = await body(
      await api(A.site.slug, A.ownerCookie, `/orders?search=${encodeURIComponent(buyer.user.email)}`),
    );
    expect(byEmail.orders.map((o: { orderId: string }) => o.orderId)).toContain(order.orderId);
    const byNumber = await body(await api(A.site.slug, A.ownerCookie, `/orders?search=${row.number.slice(0, 6)}`));
    expect(byNumber.orders.map((o: { orderId: string }) => o.orderId)).toEqual([order.orderId]);

    const paid = await post(A.ownerCookie, `/orders/${order.orderId}/mark-paid`);
    expect(paid.status).toBe(200);
    const p = await body(paid);
    expect(p.status).toBe("paid");
    expect(p.grants.courses).toEqual([{ id: bought.id, title: "Bought course" }]);
    expect(await enrolled(bought.id, buyer.user.id)).toBe(true);
    const successes = () =>
      withPlatform(t.database.db, (tx) =>
        tx
          .select()
          .from(eventOutbox)
          .where(and(eq(eventOutbox.accountId, A.site.accountId), eq(eventOutbox.type, "payment_success"))),
      ).then((rows) => rows.filter((e) => e.payload.orderId === order.orderId).length);
    expect(await successes()).toBe(1);

    const again = await body(await post(A.ownerCookie, `/orders/${order.orderId}/mark-paid`));
    expect(again.paidAt).toBe(p.paidAt);
    expect(await successes()).toBe(1);

    const refunded = await body(await post(A.ownerCookie, `/orders/${order.orderId}/refund`));
    expect(refunded.status).toBe("refunded");
    expect(await enrolled(bought.id, buyer.user.id)).toBe(false);
    expect(await enrolled(owned.id, buyer.user.id)).toBe(true);
    const [mm] = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(memberMemberships)
        .where(and(eq(memberMemberships.membershipId, membership.id), eq(memberMemberships.userId, buyer.user.id))),
    );
    expect(mm.status).toBe("revoked");
    await expectError(await post(A.ownerCookie, `/orders/${order.orderId}/refund`), 409, "conflict");
  });

  it("cancels a pending order and gives its coupon use back", async () => {
    const c = await buildCoupon(t.database.db, A.site, { name: `C${uid()}`, amount: 10, usageLimit: 5 });
    const product = await buildProduct(t.database.db, A.site, { title: `One ${uid()}`, amount: 2000 });
    const order = await offlineOrder(student.user.id, [product.id], c.name);
    const usage = async () =>
      (await withPlatform(t.database.db, (tx) => tx.select().from(coupons).where(eq(coupons.id, c.id))))[0].usageCount;
    expect(await usage()).toBe(1);
    const res = await body(await post(A.ownerCookie, `/orders/${order.orderId}/cancel`));
    expect(res).toMatchObject({ status: "cancelled", coupon: c.name, discount: 200, totalAmount: 1800 });
    expect(await usage()).toBe(0);
    await expectError(await post(A.ownerCookie, `/orders/${order.orderId}/mark-paid`), 409, "conflict");
  });

  it("keeps orders from members without manage_options and from other sites", async () => {
    const product = await buildProduct(t.database.db, A.site, { title: `Kept ${uid()}`, amount: 1500 });
    const order = await offlineOrder(student.user.id, [product.id]);
    await expectError(await api(A.site.slug, student.cookie, "/orders"), 403, "forbidden");
    await expectError(await post(student.cookie, `/orders/${order.orderId}/mark-paid`), 403, "forbidden");
    await expectError(await api(B.site.slug, outsiderOwner.ownerCookie, `/orders/${order.orderId}`), 404, "not_found");
    await expectError(
      await post(outsiderOwner.ownerCookie, `/orders/${order.orderId}/mark-paid`, B.site.slug),
      404,
      "not_found",
    );
    await expectError(
      await post(outsiderOwner.ownerCookie, `/orders/${order.orderId}/cancel`, B.site.slug),
      404,
      "not_found",
    );
    const bList = await body(await api(B.site.slug, outsiderOwner.ownerCookie, "/orders"));
    expect(bList).toEqual({ orders: [], count: 0 });
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(orders).where(eq(orders.orderId, order.orderId)),
    );
    expect(row.status).toBe("pending");
  });
});

describe("payment settings", () => {
  it("never answers a secret, and an empty secret keeps the stored one", async () => {
    const put = (provider: string, json: unknown, cookie = A.ownerCookie, slug = A.site.slug) =>
      api(slug, cookie, `/payment-settings/${provider}`, { method: "PUT", json });
    const saved = await put("stripe", {
      enabled: true,
      config: { publishableKey: "pk_test_1" },
      secrets: { secretKey: "sk_test_secret", webhookSecret: "whsec_abc" },
    });
    expect(saved.status).toBe(200);
    const s = await body(saved);
    expect(s).toMatchObject({
      provider: "stripe",
      enabled: true,
      config: { publishableKey: "pk_test_1" },
      secretsSet: { secretKey: true, webhookSecret: true },
    });
    const again = await body(
      await put("stripe", { enabled: true, config: { publishableKey: "pk_test_2" }, secrets: { secretKey: "" } }),
    );
    expect(again.secretsSet).toEqual({ secretKey: true, webhookSecret: true });
    const all = await api(A.site.slug, A.ownerCookie, "/payment-settings");
    const text = await all.text();
    expect(text).not.toContain("sk_test_secret");
    expect(text).not.toContain("whsec_abc");
    const view = JSON.parse(text);
    expect(view.currency).toBe("USD");
    expect(view.providers.map((p: { provider: string }) => p.provider)).toEqual([
      "offline",
      "paypal",
      "stripe",
      "razorpay",
    ]);
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(paymentSettings)
        .where(and(eq(paymentSettings.accountId, A.site.accountId), eq(paymentSettings.provider, "stripe"))),
    );
    expect(row.secrets).toEqual({ secretKey: "sk_test_secret", webhookSecret: "whsec_abc" });
    expect(row.config).toEqual({ publishableKey: "pk_test_2" });

    const bad = await put("stripe", { enabled: true, secrets: { secretKey: "pk_wrong" } });
    expect((await expectError(bad, 422, "validation_failed")).details).toEqual([
      expect.objectContaining({ field: "secrets.secretKey" }),
    ]);
    await expectError(
      await put("stripe", { enabled: true, secrets: { webhookSecret: "nope" } }),
      422,
      "validation_failed",
    );
    await expectError(await put("razorpay", { enabled: true, config: { keyId: "key_1" } }), 422, "validation_failed");
    await expectError(await put("paypal", { enabled: true, config: { clientId: " " } }), 422, "validation_failed");
    await expectError(
      await put("offline", { enabled: true, config: { instructions: "x".repeat(2001) } }),
      422,
      "validation_failed",
    );
    const offline = await body(
      await put("offline", { enabled: true, config: { instructions: "Pay by bank transfer" } }),
    );
    expect(offline.config).toEqual({ instructions: "Pay by bank transfer" });
  });

  it("is for managers of this site only", async () => {
    await buildPaymentSettings(t.database.db, B.site, "stripe", { secrets: { secretKey: "sk_b_only" } });
    await expectError(await api(A.site.slug, student.cookie, "/payment-settings"), 403, "forbidden");
    await expectError(
      await api(A.site.slug, student.cookie, "/payment-settings/offline", { method: "PUT", json: { enabled: false } }),
      403,
      "forbidden",
    );
    // A's owner writing to A never touches B's row.
    await api(A.site.slug, A.ownerCookie, "/payment-settings/stripe", {
      method: "PUT",
      json: { enabled: false, secrets: { secretKey: "sk_a_new" } },
    });
    const [bRow] = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(paymentSettings)
        .where(and(eq(paymentSettings.accountId, B.site.accountId), eq(paymentSettings.provider, "stripe"))),
    );
    expect(bRow.secrets).toEqual({ secretKey: "sk_b_only" });
    await expectError(
      await api(A.site.slug, A.ownerCookie, "/payment-settings/bitcoin", { method: "PUT", json: { enabled: true } }),
      404,
      "not_found",
    );
  });
});
