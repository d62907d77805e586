// The offer after purchase: a Stripe checkout of a product with an offer keeps the card for
// off-session use, and accepting charges it without the buyer (a decline leaves the order pending
// with Stripe's page to pay it); offline makes a pending order; only the buyer of a paid order is
// offered anything; a decline is recorded and ends the offer; parallel accepts make one order; an
// offer price at or above the product's price is refused naming the field.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseStudents, orders } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { confirmReturn, markOrderPaid, placeOrder, upsellOffer, upsellOutcome } from "../../server/modules/commerce";
import { buildPaymentSettings, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";
import { type StandIns, startStandIns } from "./provider-standins";

let t: TestPlatform;
let stand: StandIns;
let A: SiteWithOwner;
let B: SiteWithOwner;
let buyer: Awaited<ReturnType<typeof memberOf>>;
let other: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  stand = await startStandIns();
  A = await siteWithOwner(t, "upsell-a");
  B = await siteWithOwner(t, "upsell-b");
  buyer = await memberOf(t, A.site, "student", "upbuyer");
  other = await memberOf(t, A.site, "student", "upother");
  await buildPaymentSettings(t.database.db, A.site, "stripe", {
    config: { apiBase: stand.url },
    secrets: { secretKey: "sk_test_up", webhookSecret: "whsec_up" },
  });
  await buildPaymentSettings(t.database.db, A.site, "offline", { config: { instructions: "IBAN" } });
  await buildPaymentSettings(t.database.db, A.site, "paypal", {
    config: { clientId: "paypal-client", webhookId: "WH-1", apiBase: stand.url },
    secrets: { clientSecret: "paypal-secret" },
  });
});
afterAll(async () => {
  await stand?.close();
  await t?.close();
});

/** A product whose offer after purchase is another product (with a course) at `offerPrice`. */
async function productWithOffer(offerPrice = 1900) {
  const { course } = await buildCourse(t.database.db, A.site, A.owner, {
    title: `Extra ${uid()}`,
    status: "published",
  });
  const offered = await buildProduct(t.database.db, A.site, {
    title: `Masterclass ${uid()}`,
    amount: 4900,
    courseIds: [course.id],
  });
  const main = await buildProduct(t.database.db, A.site, {
    title: `Starter ${uid()}`,
    amount: 2900,
    upsell: { productId: offered.id, price: offerPrice, headline: "Add the masterclass" },
  });
  return { main, offered, course };
}

const api = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}, slug = A.site.slug) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });
const accept = (cookie: string, orderId: string, json: Record<string, unknown> = {}, slug = A.site.slug) =>
  api(cookie, `/orders/${orderId}/upsell`, { method: "POST", json }, slug);
const ordersOf = (userId: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, A.site.accountId), eq(orders.userId, userId))),
  );
const enrolled = (courseId: string, userId: string) =>
  countRows(t, courseStudents, and(eq(courseStudents.courseId, courseId), eq(courseStudents.studentId, userId)));

async function paidStripeOrder(productId: string) {
  const { order } = await placeOrder(t.database.db, A.site.accountId, {
    userId: buyer.user.id,
    productIds: [productId],
    provider: "stripe",
    origin: t.origin(A.site.slug),
  });
  stand.stripe.pay(order.providerRef as string);
  const back = await confirmReturn(t.database.db, A.site.accountId, buyer.user.id, order.orderId);
  expect(back.status).toBe("paid");
  return order;
}

async function paidOfflineOrder(productId: string, userId = buyer.user.id, provider = "offline") {
  const { order } = await placeOrder(t.database.db, A.site.accountId, {
    userId,
    productIds: [productId],
    provider,
    origin: t.origin(A.site.slug),
  });
  await markOrderPaid(t.database.db, A.site.accountId, order.orderId, { source: "owner" });
  return order;
}

describe("accepting through Stripe", () => {
  it("keeps the first card for off-session use and charges it for the offer without the buyer", async () => {
    stand.stripe.charges = "succeed";
    const { main, offered, course } = await productWithOffer(1900);
    const first = await paidStripeOrder(main.id);
    const session = stand.calls("/v1/checkout/sessions", "POST").at(-1);
    expect(session?.body).toMatchObject({
      "payment_intent_data[setup_future_usage]": "off_session",
      customer_creation: "always",
    });
    const sessionsBefore = stand.calls("/v1/checkout/sessions", "POST").length;

    const res = await accept(buyer.cookie, first.orderId);
    expect(res.status).toBe(201);
    const { order, next } = await body(res);
    expect(order).toMatchObject({ status: "paid", total: 1900, provider: "stripe" });
    expect(order.items[0]).toMatchObject({ productId: offered.id, amount: 1900 });
    expect(next).toEqual({ kind: "paid" });
    const charge = stand.calls("/v1/payment_intents", "POST").at(-1);
    const saved = stand.stripe.intents.get(
      stand.stripe.sessions.get(first.providerRef as string)?.payment_intent as string,
    );
    expect(charge?.body).toMatchObject({
      amount: "1900",
      off_session: "true",
      confirm: "true",
      customer: saved?.customer,
      payment_method: saved?.payment_method,
    });
    // No second checkout page: the buyer typed no card.
    expect(stand.calls("/v1/checkout/sessions", "POST").length).toBe(sessionsBefore);
    expect(await enrolled(course.id, buyer.user.id)).toBe(1);
    expect(await upsellOutcome(t.database.db, A.site.accountId, first.orderId)).toMatchObject({
      outcome: "accepted",
      upsellOrderId: order.id,
      productId: offered.id,
    });
  });

  it.each(["decline", "authenticate"] as const)(
    "leaves the order pending with Stripe's page to pay it when the bank answers %s",
    async (answer) => {
      stand.stripe.charges = answer;
      try {
        const { main, course } = await productWithOffer(1500);
        const first = await paidStripeOrder(main.id);
        const res = await accept(buyer.cookie, first.orderId);
        expect(res.status).toBe(201);
        const { order, next } = await body(res);
        expect(order.status).toBe("pending");
        expect(next.kind).toBe("redirect");
        expect(next.url).toMatch(`${stand.url}/stripe/pay/`);
        expect(await enrolled(course.id, buyer.user.id)).toBe(0);
      } finally {
        stand.stripe.charges = "succeed";
      }
    },
  );
});

describe("accepting with other providers", () => {
  it("makes a pending offline order the buyer pays by the instructions", async () => {
    const { main, offered } = await productWithOffer(1000);
    const first = await paidOfflineOrder(main.id);
    const res = await accept(buyer.cookie, first.orderId, { productId: offered.id });
    expect(res.status).toBe(201);
    const { order, next } = await body(res);
    expect(order).toMatchObject({ status: "pending", provider: "offline", total: 1000 });
    expect(next).toEqual({ kind: "pending" });
  });
});

describe("accepting through PayPal", () => {
  it("makes a pending order and sends the buyer to PayPal's page to pay it", async () => {
    const { main } = await productWithOffer(2200);
    const first = await paidOfflineOrder(main.id, buyer.user.id, "paypal");
    const res = await accept(buyer.cookie, first.orderId);
    expect(res.status).toBe(201);
    const { order, next } = await body(res);
    expect(order).toMatchObject({ status: "pending", provider: "paypal", total: 2200 });
    expect(next.kind).toBe("redirect");
    expect(next.url).toMatch(stand.url);
  });
});

describe("who is offered what", () => {
  it("answers 404 for another person's order and on another site", async () => {
    const { main } = await productWithOffer();
    const first = await paidOfflineOrder(main.id);
    await expectError(await accept(other.cookie, first.orderId), 404, "not_found");
    // A member of another site posting this order's id on that site's host.
    await expectError(await accept(B.ownerCookie, first.orderId, {}, B.site.slug), 404, "not_found");
    expect((await ordersOf(other.user.id)).length).toBe(0);
    await expect(upsellOffer(t.database.db, A.site.accountId, other.user.id, first.orderId)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("offers nothing after an order that is not paid (409)", async () => {
    const { main } = await productWithOffer();
    const { order } = await placeOrder(t.database.db, A.site.accountId, {
      userId: buyer.user.id,
      productIds: [main.id],
      provider: "offline",
      origin: t.origin(A.site.slug),
    });
    const before = (await ordersOf(buyer.user.id)).length;
    await expectError(await accept(buyer.cookie, order.orderId), 409, "conflict");
    expect((await ordersOf(buyer.user.id)).length).toBe(before);
  });

  it("records a decline, and the declined offer cannot be accepted after it", async () => {
    const { main, offered } = await productWithOffer();
    const first = await paidOfflineOrder(main.id);
    const { declineUpsell } = await import("../../server/modules/commerce");
    await declineUpsell(t.database.db, A.site.accountId, { userId: buyer.user.id, orderId: first.orderId });
    expect(await upsellOutcome(t.database.db, A.site.accountId, first.orderId)).toMatchObject({
      outcome: "declined",
      productId: offered.id,
      upsellOrderId: null,
    });
    await expectError(await accept(buyer.cookie, first.orderId), 409, "conflict");
  });
});

describe("one second order", () => {
  it("makes one order for parallel accepts of one offer", async () => {
    const racer = await memberOf(t, A.site, "student", "upracer");
    const { main, offered } = await productWithOffer(1200);
    const first = await paidOfflineOrder(main.id, racer.user.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => accept(racer.cookie, first.orderId)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(results.map(async (r) => (await body(r)).order.id)));
    expect(ids.size).toBe(1);
    const seconds = (await ordersOf(racer.user.id)).filter((o) => o.items[0]?.productId === offered.id);
    expect(seconds.length).toBe(1);
  });
});

describe("the API document", () => {
  it("describes the accept endpoint", async () => {
    const doc = await body(await t.request(A.site.slug, "/api/v1/openapi.json"));
    expect(doc.paths["/orders/{id}/upsell"]?.post?.responses).toHaveProperty("201");
  });
});

describe("the product setting", () => {
  it("refuses an offer price at or above the offered product's price, naming the field", async () => {
    const { main, offered } = await productWithOffer();
    const patch = (price: number) =>
      api(A.ownerCookie, `/products/${main.id}`, {
        method: "PATCH",
        json: { upsell: { productId: offered.id, price, headline: "Now or never" } },
      });
    const err = await expectError(await patch(4900), 400, "bad_request");
    expect(err.details).toEqual([expect.objectContaining({ field: "upsell.price" })]);
    const self = await api(A.ownerCookie, `/products/${main.id}`, {
      method: "PATCH",
      json: { upsell: { productId: main.id } },
    });
    expect((await expectError(self, 400, "bad_request")).details).toEqual([
      expect.objectContaining({ field: "upsell.productId" }),
    ]);
    const ok = await patch(3900);
    expect(ok.status).toBe(200);
    expect((await body(ok)).upsell).toEqual({ productId: offered.id, price: 3900, headline: "Now or never" });
  });
});
