// The buyer's side of commerce over REST: each coupon outcome through /coupons/check and through
// /checkout, the last coupon use raced by parallel buyers, Idempotency-Key, an offline order that
// grants nothing until it is marked paid, a 100 % coupon paid at once, the buyer's orders and PDF
// receipts (404 for anyone else's), the receipt e-mail sent once, and the mirrored cart.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, courseStudents, mailOutbox, memberCarts, orders } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { events } from "../../server/modules/events";
import { confirmReturn, markOrderPaid, receipts, sendReceiptMail } from "../../server/modules/commerce";
import { type PaymentProvider, providerFor, registerProvider } from "../../server/payments";
import { buildCoupon, buildPaymentSettings, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, TEST_BASE, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let buyer: Awaited<ReturnType<typeof memberOf>>;
let other: Awaited<ReturnType<typeof memberOf>>;
let outsider: Awaited<ReturnType<typeof memberOf>>;
let course: { id: string; title: string };
let product: { id: string };
let cheap: { id: string };
let bProduct: { id: string };

beforeAll(async () => {
  t = await startTestPlatform();
  receipts.register(t.database.db, { scheme: "http", baseDomain: TEST_BASE });
  A = await siteWithOwner(t, "chk-a");
  B = await siteWithOwner(t, "chk-b");
  buyer = await memberOf(t, A.site, "student", "buyer");
  other = await memberOf(t, A.site, "student", "other-buyer");
  outsider = await memberOf(t, B.site, "student", "outsider");
  const built = await buildCourse(t.database.db, A.site, A.owner, {
    title: `Paid course ${uid()}`,
    curriculum: [{ unit: "One" }],
  });
  course = built.course;
  product = await buildProduct(t.database.db, A.site, {
    title: `Course pass ${uid()}`,
    amount: 1999,
    courseIds: [course.id],
  });
  cheap = await buildProduct(t.database.db, A.site, { title: `Ebook ${uid()}`, amount: 1001 });
  bProduct = await buildProduct(t.database.db, B.site, { title: `Other ${uid()}`, amount: 500 });
});
afterAll(async () => {
  receipts.forget(t.database.db);
  await t?.close();
});

const api = (slug: string, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });
const check = (cookie: string, name: string, productIds = [product.id]) =>
  api(A.site.slug, cookie, "/coupons/check", { json: { name, productIds } });
const checkout = (cookie: string, json: Record<string, unknown>, key?: string) =>
  api(A.site.slug, cookie, "/checkout", {
    json: { productIds: [product.id], provider: "offline", ...json },
    headers: key ? { "Idempotency-Key": key } : {},
  });
const coupon = (input: Partial<Parameters<typeof buildCoupon>[2]> = {}) =>
  buildCoupon(t.database.db, A.site, { name: `C${uid()}`, ...input });
const rejectedKey = async (res: Response) => {
  const err = await expectError(res, 422, "coupon_rejected");
  return (err.details as { field: string; message: string }[])[0];
};
const usageCount = async (id: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(coupons).where(eq(coupons.id, id))))[0].usageCount;
const enrolled = (userId: string) =>
  countRows(t, courseStudents, and(eq(courseStudents.courseId, course.id), eq(courseStudents.studentId, userId)));
const DAY = 86400000;

describe("coupon outcomes", () => {
  const cases: [string, () => Promise<{ name: string }>, string][] = [
    ["an unknown name", async () => ({ name: `nope-${uid()}` }), "cart.couponInvalid"],
    ["a used-up coupon", () => coupon({ usageLimit: 2, usageCount: 2 }), "cart.couponLimit"],
    ["a coupon not started", () => coupon({ dateStart: new Date(Date.now() + DAY) }), "cart.couponUnavailable"],
    ["an ended coupon", () => coupon({ dateEnd: new Date(Date.now() - DAY) }), "cart.couponExpired"],
  ];
  for (const [what, make, key] of cases) {
    it(`rejects ${what} with ${key} on check and at checkout, placing no order`, async () => {
      const c = await make();
      expect(await rejectedKey(await check(buyer.cookie, c.name))).toEqual({ field: "coupon", message: key });
      const before = await countRows(t, orders, eq(orders.userId, buyer.user.id));
      expect(await rejectedKey(await checkout(buyer.cookie, { coupon: c.name }))).toMatchObject({ message: key });
      expect(await countRows(t, orders, eq(orders.userId, buyer.user.id))).toBe(before);
    });
  }

  it("applies a flat coupon and a percentage coupon rounded to the minor unit", async () => {
    const flat = await coupon({ discountType: "flat", amount: 500 });
    expect(await body(await check(buyer.cookie, flat.name.toLowerCase()))).toEqual({
      valid: true,
      key: "cart.couponApplied",
      name: flat.name,
      discount: 500,
      total: 1499,
    });
    const pct = await coupon({ discountType: "percentage", amount: 15 });
    // round(1001 × 15 / 100) = round(150.15) = 150
    expect(await body(await check(buyer.cookie, pct.name, [cheap.id]))).toMatchObject({ discount: 150, total: 851 });
    const res = await checkout(other.cookie, { productIds: [cheap.id], coupon: pct.name });
    expect(res.status).toBe(201);
    expect((await body(res)).order).toMatchObject({ subtotal: 1001, discount: 150, total: 851, coupon: pct.name });
    expect(await usageCount(pct.id)).toBe(1);
  });

  it("counts the member's past orders against the per-user limit", async () => {
    const c = await coupon({ perUserLimit: 1, amount: 10 });
    expect((await body(await check(buyer.cookie, c.name))).valid).toBe(true);
    expect((await checkout(buyer.cookie, { coupon: c.name })).status).toBe(201);
    expect(await rejectedKey(await check(buyer.cookie, c.name))).toMatchObject({ message: "cart.couponLimit" });
    expect(await rejectedKey(await checkout(buyer.cookie, { coupon: c.name }))).toMatchObject({
      message: "cart.couponLimit",
    });
    // Another member has not used it.
    expect((await body(await check(other.cookie, c.name))).valid).toBe(true);
  });

  it("grants the last use of a coupon to exactly one of several buyers racing for it", async () => {
    const c = await coupon({ usageLimit: 1, amount: 50 });
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => memberOf(t, A.site, "student", `racer${i}`)));
    const results = await Promise.all(racers.map((r) => checkout(r.cookie, { coupon: c.name })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of results.filter((r) => r.status === 422)) {
      expect(await rejectedKey(r)).toMatchObject({ message: "cart.couponLimit" });
    }
    expect(await countRows(t, orders, eq(orders.couponId, c.id))).toBe(1);
    expect(await usageCount(c.id)).toBe(1);
  });

  it("grants a once-per-member coupon once to one member checking out in several tabs at once", async () => {
    const c = await coupon({ perUserLimit: 1, amount: 10 });
    const hurried = await memberOf(t, A.site, "student", "hurried");
    const results = await Promise.all(Array.from({ length: 5 }, () => checkout(hurried.cookie, { coupon: c.name })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const r of results.filter((r) => r.status === 422)) {
      expect(await rejectedKey(r)).toMatchObject({ message: "cart.couponLimit" });
    }
    expect(await countRows(t, orders, eq(orders.couponId, c.id))).toBe(1);
    expect(await usageCount(c.id)).toBe(1);
  });
});

describe("placing orders", () => {
  it("answers the same order for a repeated Idempotency-Key", async () => {
    const key = `key-${uid()}`;
    const first = await checkout(other.cookie, {}, key);
    expect(first.status).toBe(201);
    const again = await checkout(other.cookie, {}, key);
    expect(again.status).toBe(200);
    const [a, b] = [await body(first), await body(again)];
    expect(b.order.id).toBe(a.order.id);
    expect(await countRows(t, orders, and(eq(orders.idempotencyKey, key)))).toBe(1);
  });

  it("keeps an offline order pending without access until it is marked paid, then enrols and mails a receipt", async () => {
    const payer = await memberOf(t, A.site, "student", "payer");
    const res = await checkout(payer.cookie, {});
    expect(res.status).toBe(201);
    const { order, next } = await body(res);
    expect(order).toMatchObject({
      status: "pending",
      total: 1999,
      provider: "offline",
      number: order.id.slice(0, 8).toUpperCase(),
    });
    expect(next).toEqual({ kind: "pending" });
    expect(await enrolled(payer.user.id)).toBe(0);

    await markOrderPaid(t.database.db, A.site.accountId, order.id, { source: "owner", actorId: A.owner.id });
    expect(await enrolled(payer.user.id)).toBe(1);
    const detail = await body(await api(A.site.slug, payer.cookie, `/me/orders/${order.id}`));
    expect(detail).toMatchObject({ status: "paid", courses: [{ id: course.id, title: course.title }] });

    await events.drain(t.database.db, A.site.accountId);
    const mails = () =>
      withPlatform(t.database.db, (tx) =>
        tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, payer.user.email), eq(mailOutbox.kind, "order_receipt"))),
      );
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain(order.number);
    expect(sent[0].text).toContain(`/dashboard/orders/${order.id}`);
    // The same event delivered again sends nothing more.
    await sendReceiptMail(
      t.database.db,
      {
        id: "replayed",
        accountId: A.site.accountId,
        type: "payment_success",
        payload: { orderId: order.id },
        actorId: null,
        createdAt: new Date(),
      },
      { scheme: "http", baseDomain: TEST_BASE },
    );
    expect(await mails()).toHaveLength(1);
  });

  it("pays an order at once when a coupon takes the whole total", async () => {
    const free = await coupon({ discountType: "percentage", amount: 100 });
    const payer = await memberOf(t, A.site, "student", "freebie");
    const res = await checkout(payer.cookie, { coupon: free.name });
    const { order, next } = await body(res);
    expect(order).toMatchObject({ status: "paid", total: 0, discount: 1999 });
    expect(next).toEqual({ kind: "paid" });
    expect(await enrolled(payer.user.id)).toBe(1);
  });

  it("does not sell another site's products or show its orders", async () => {
    await expectError(await checkout(buyer.cookie, { productIds: [bProduct.id] }), 422, "validation_failed");
    expect(
      (await api(A.site.slug, buyer.cookie, "/coupons/check", { json: { name: "x", productIds: [bProduct.id] } }))
        .status,
    ).toBe(404);
    const mine = await body(await checkout(buyer.cookie, {}));
    await expectError(await api(B.site.slug, outsider.cookie, `/me/orders/${mine.order.id}`), 404, "not_found");
    await expectError(await api(A.site.slug, other.cookie, `/me/orders/${mine.order.id}`), 404, "not_found");
  });

  it("requires a session to check out", async () => {
    expect((await t.request(A.site.slug, "/api/v1/checkout", { json: { productIds: [product.id] } })).status).toBe(401);
  });
});

describe("paying on a provider's page", () => {
  it("sends the buyer to the provider, and the return page fulfils a paid order once", async () => {
    // A stand-in for an online provider: its hosted page, then "paid" when asked.
    const real = providerFor("razorpay") as PaymentProvider;
    const paid = { value: false };
    registerProvider({
      ...real,
      configured: () => true,
      startCheckout: async (_s, input) => ({
        kind: "redirect",
        url: `https://pay.example/session/${input.orderId}`,
        providerRef: `ref-${input.orderId}`,
      }),
      paymentStatus: async () => ({ paid: paid.value }),
    });
    try {
      await buildPaymentSettings(t.database.db, A.site, "razorpay", { secrets: { keySecret: "x" } });
      const payer = await memberOf(t, A.site, "student", "online");
      const res = await checkout(payer.cookie, { provider: "razorpay" });
      expect(res.status).toBe(201);
      const { order, next } = await body(res);
      expect(next).toEqual({ kind: "redirect", url: `https://pay.example/session/${order.id}` });

      const early = await confirmReturn(t.database.db, A.site.accountId, payer.user.id, order.id);
      expect(early.status).toBe("pending");
      expect(await enrolled(payer.user.id)).toBe(0);

      paid.value = true;
      const back = await confirmReturn(t.database.db, A.site.accountId, payer.user.id, order.id);
      expect(back).toMatchObject({ status: "paid", courses: [{ id: course.id }] });
      expect((await confirmReturn(t.database.db, A.site.accountId, payer.user.id, order.id)).status).toBe("paid");
      expect(await enrolled(payer.user.id)).toBe(1);
      await expect(confirmReturn(t.database.db, A.site.accountId, other.user.id, order.id)).rejects.toMatchObject({
        code: "not_found",
      });
    } finally {
      registerProvider(real);
      await buildPaymentSettings(t.database.db, A.site, "razorpay", { enabled: false });
    }
  });
});

describe("my orders and receipts", () => {
  it("lists my orders newest first, paged, and only mine", async () => {
    const me = await memberOf(t, A.site, "student", "lister");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await body(await checkout(me.cookie, {}))).order.id);
    const page1 = await body(await api(A.site.slug, me.cookie, "/me/orders?per_page=2"));
    expect(page1).toMatchObject({ total: 3, page: 1, perPage: 2 });
    expect(page1.items.map((o: { id: string }) => o.id)).toEqual([ids[2], ids[1]]);
    const page2 = await body(await api(A.site.slug, me.cookie, "/me/orders?per_page=2&page=2"));
    expect(page2.items.map((o: { id: string }) => o.id)).toEqual([ids[0]]);
  });

  it("serves the buyer and the site's owner a PDF receipt, and 404 to another member", async () => {
    const { order } = await body(await checkout(buyer.cookie, {}));
    const res = await api(A.site.slug, buyer.cookie, `/me/orders/${order.id}/receipt.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await api(A.site.slug, A.ownerCookie, `/me/orders/${order.id}/receipt.pdf`)).status).toBe(200);
    await expectError(await api(A.site.slug, other.cookie, `/me/orders/${order.id}/receipt.pdf`), 404, "not_found");
    await expectError(await api(B.site.slug, outsider.cookie, `/me/orders/${order.id}/receipt.pdf`), 404, "not_found");
  });
});

describe("the mirrored cart", () => {
  it("stores a signed-in member's cart and removes it when emptied", async () => {
    const where = and(eq(memberCarts.accountId, A.site.accountId), eq(memberCarts.userId, other.user.id));
    const item = { id: product.id, title: "Course pass", quantity: 1, amount: 1999, type: "oneTime" };
    const put = await api(A.site.slug, other.cookie, "/cart", { method: "PUT", json: { items: [item] } });
    expect(put.status).toBe(204);
    const [row] = await withPlatform(t.database.db, (tx) => tx.select().from(memberCarts).where(where));
    expect(row.items).toEqual([expect.objectContaining({ productId: product.id, amount: 1999 })]);
    expect(row.abandonedAt).toBeNull();
    await api(A.site.slug, other.cookie, "/cart", { method: "PUT", json: { items: [] } });
    expect(await countRows(t, memberCarts, where)).toBe(0);
  });
});
