// Stripe (spec §9 Commerce): checkout creates a hosted session for the order's amount with the
// order's idempotency key; a signed checkout.session.completed grants the course once; the same
// message replayed changes nothing; a bad signature is refused and writes nothing; another site's
// host cannot complete this site's order; a subscription checkout renews on invoice.paid.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseStudents, eventOutbox, orders, paymentEvents, subscriptions } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { placeOrder } from "../../server/modules/commerce";
import { buildCoupon, buildPaymentSettings, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";
import { type StandIns, startStandIns } from "./provider-standins";

let t: TestPlatform;
let stand: StandIns;
let A: SiteWithOwner;
let B: SiteWithOwner;
let buyer: Awaited<ReturnType<typeof memberOf>>;
const SECRET = "whsec_site_a";

beforeAll(async () => {
  t = await startTestPlatform();
  stand = await startStandIns();
  A = await siteWithOwner(t, "pay-st-a");
  B = await siteWithOwner(t, "pay-st-b");
  buyer = await memberOf(t, A.site, "student", "buyer");
  const keys = { config: { apiBase: stand.url }, secrets: { secretKey: "sk_test_a", webhookSecret: SECRET } };
  await buildPaymentSettings(t.database.db, A.site, "stripe", keys);
  await buildPaymentSettings(t.database.db, B.site, "stripe", {
    config: { apiBase: stand.url },
    secrets: { secretKey: "sk_test_b", webhookSecret: "whsec_site_b" },
  });
});
afterAll(async () => {
  await stand?.close();
  await t?.close();
});

async function productWithCourse(amount = 4900) {
  const { course } = await buildCourse(t.database.db, A.site, A.owner, {
    title: `Course ${uid()}`,
    status: "published",
  });
  const product = await buildProduct(t.database.db, A.site, {
    title: `Product ${uid()}`,
    amount,
    courseIds: [course.id],
  });
  return { course, product };
}

const orderRow = async (orderId: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(orders).where(eq(orders.orderId, orderId))))[0];
const enrolments = (courseId: string) =>
  countRows(t, courseStudents, and(eq(courseStudents.courseId, courseId), eq(courseStudents.studentId, buyer.user.id)));
const paymentSuccesses = (orderId: string) =>
  countRows(
    t,
    eventOutbox,
    and(eq(eventOutbox.type, "payment_success"), sql`${eventOutbox.payload}->>'orderId' = ${orderId}`),
  );
const recorded = (orderId: string) => countRows(t, paymentEvents, eq(paymentEvents.orderId, orderId));

const postWebhook = (slug: string, signed: { body: string; headers: Record<string, string> }) =>
  t.request(slug, "/api/webhooks/stripe", { method: "POST", body: signed.body, headers: signed.headers });

const completed = (sessionId: string, orderId: string, eventId = `evt_${uid()}`) => ({
  id: eventId,
  type: "checkout.session.completed",
  data: {
    object: {
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      client_reference_id: orderId,
      metadata: { order_id: orderId },
    },
  },
});

describe("Stripe checkout", () => {
  it("creates a hosted session for the order's total with the order's idempotency key", async () => {
    const { product } = await productWithCourse(4900);
    const { order } = await placeOrder(t.database.db, A.site.accountId, {
      userId: buyer.user.id,
      productIds: [product.id],
      provider: "stripe",
      origin: t.origin(A.site.slug),
    });
    expect(order.status).toBe("pending");
    const call = stand.calls("/v1/checkout/sessions", "POST").at(-1);
    expect(call?.headers["idempotency-key"]).toBe(`order-${order.orderId}`);
    expect(call?.body).toMatchObject({
      mode: "payment",
      client_reference_id: order.orderId,
      "metadata[order_id]": order.orderId,
      "line_items[0][price_data][unit_amount]": "4900",
      "line_items[0][price_data][currency]": "usd",
      success_url: `${t.origin(A.site.slug)}/checkout/return?order=${order.orderId}`,
    });
    expect(order.providerRef).toMatch(/^cs_test_/);
    expect(order.checkoutUrl).toBe(`${stand.url}/stripe/pay/${order.providerRef}`);
  });

  it("grants the course once for a signed completion, and a replay changes nothing", async () => {
    const { course, product } = await productWithCourse(2500);
    const { order } = await placeOrder(t.database.db, A.site.accountId, {
      userId: buyer.user.id,
      productIds: [product.id],
      provider: "stripe",
      origin: t.origin(A.site.slug),
    });
    const sessionId = order.providerRef as string;
    stand.stripe.pay(sessionId);
    const event = completed(sessionId, order.orderId);

    const first = await postWebhook(A.site.slug, stand.stripe.sign(event, SECRET));
    expect(first.status).toBe(200);
    expect(await body(first)).toEqual({ received: true });
    const paid = await orderRow(order.orderId);
    expect(paid.status).toBe("paid");
    expect(await enrolments(course.id)).toBe(1);
    expect(await paymentSuccesses(order.orderId)).toBe(1);

    const replay = await postWebhook(A.site.slug, stand.stripe.sign(event, SECRET));
    expect(replay.status).toBe(200);
    expect(await enrolments(course.id)).toBe(1);
    expect(await paymentSuccesses(order.orderId)).toBe(1);
    expect(await recorded(order.orderId)).toBe(1);
    expect((await orderRow(order.orderId)).paidAt?.getTime()).toBe(paid.paidAt?.getTime());
  });

  it("refuses a message with a bad signature and writes nothing", async () => {
    const { course, product } = await productWithCourse(1500);
    const { order } = await placeOrder(t.database.db, A.site.accountId, {
      userId: buyer.user.id,
      productIds: [product.id],
      provider: "stripe",
      origin: t.origin(A.site.slug),
    });
    const before = await countRows(t, paymentEvents, eq(paymentEvents.accountId, A.site.accountId));
    const forged = stand.stripe.sign(completed(order.providerRef as string, order.orderId), "whsec_wrong");
    await expectError(await postWebhook(A.site.slug, forged), 400, "invalid_signature");
    const unsigned = { body: forged.body, headers: { "content-type": "application/json" } };
    await expectError(await postWebhook(A.site.slug, unsigned), 400, "invalid_signature");
    expect((await orderRow(order.orderId)).status).toBe("pending");
    expect(await enrolments(course.id)).toBe(0);
    expect(await countRows(t, paymentEvents, eq(paymentEvents.accountId, A.site.accountId))).toBe(before);
  });

  it("answers 404 for an unknown provider or one the site has not set up", async () => {
    await expectError(
      await t.request(A.site.slug, "/api/webhooks/bitpay", { method: "POST", body: "{}" }),
      404,
      "not_found",
    );
    await expectError(
      await t.request(A.site.slug, "/api/webhooks/razorpay", { method: "POST", body: "{}" }),
      404,
      "not_found",
    );
  });

  it("ignores another site's host posting a message about this site's order", async () => {
    const { course, product } = await productWithCourse(3000);
    const { order } = await placeOrder(t.database.db, A.site.accountId, {
      userId: buyer.user.id,
      productIds: [product.id],
      provider: "stripe",
      origin: t.origin(A.site.slug),
    });
    stand.stripe.pay(order.providerRef as string);
    // Correctly signed for site B, sent to site B's host: B has no such order.
    const res = await postWebhook(
      B.site.slug,
      stand.stripe.sign(completed(order.providerRef as string, order.orderId), "whsec_site_b"),
    );
    expect(res.status).toBe(200);
    // Signed with A's secret but sent to B's host: refused.
    await expectError(
      await postWebhook(B.site.slug, stand.stripe.sign(completed(order.providerRef as string, order.orderId), SECRET)),
      400,
      "invalid_signature",
    );
    expect((await orderRow(order.orderId)).status).toBe("pending");
    expect(await enrolments(course.id)).toBe(0);
  });
});

describe("Stripe subscriptions", () => {
  it("checks out with a recurring price and starts the subscription on completion", async () => {
    const { course } = await buildCourse(t.database.db, A.site, A.owner, {
      title: `Course ${uid()}`,
      status: "published",
    });
    const product = await buildProduct(t.database.db, A.site, {
      title: `Monthly ${uid()}`,
      amount: 1200,
      subscription: { value: 30, parameter: 86400 },
      courseIds: [course.id],
    });
    const { order } = await placeOrder(t.database.db, A.site.accountId, {
      userId: buyer.user.id,
      productIds: [product.id],
      provider: "stripe",
      origin: t.origin(A.site.slug),
    });
    const call = stand.calls("/v1/checkout/sessions", "POST").at(-1);
    expect(call?.body).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "1200",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][recurring][interval_count]": "1",
    });
    const session = stand.stripe.pay(order.providerRef as string);
    const event = completed(order.providerRef as string, order.orderId);
    (event.data.object as Record<string, unknown>).mode = "subscription";
    (event.data.object as Record<string, unknown>).subscription = session.subscription;
    expect((await postWebhook(A.site.slug, stand.stripe.sign(event, SECRET))).status).toBe(200);
    const [sub] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(subscriptions).where(eq(subscriptions.orderId, order.orderId)),
    );
    expect(sub).toMatchObject({ status: "active", providerRef: session.subscription, amount: 1200, payments: 1 });
    expect(await enrolments(course.id)).toBe(1);

    // The next period is paid: invoice.paid for the subscription cycle moves the paid period on.
    const nextEnd = Math.floor(sub.currentPeriodEnd.getTime() / 1000) + 30 * 86400;
    const renewal = {
      id: `evt_${uid()}`,
      type: "invoice.paid",
      data: {
        object: {
          id: `in_${uid()}`,
          object: "invoice",
          billing_reason: "subscription_cycle",
          subscription: session.subscription,
          amount_paid: 1200,
          lines: { data: [{ period: { start: nextEnd - 30 * 86400, end: nextEnd } }] },
        },
      },
    };
    const subRow = async () =>
      (
        await withPlatform(t.database.db, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))
      )[0];
    expect((await postWebhook(A.site.slug, stand.stripe.sign(renewal, SECRET))).status).toBe(200);
    const renewed = await subRow();
    expect(renewed.currentPeriodEnd.getTime()).toBe(nextEnd * 1000);
    expect(renewed.payments).toBe(2);
    // Replayed: still two payments.
    expect((await postWebhook(A.site.slug, stand.stripe.sign(renewal, SECRET))).status).toBe(200);
    expect((await subRow()).payments).toBe(2);

    // The subscription is deleted at Stripe: access lasts to the end of the paid period.
    const deleted = {
      id: `evt_${uid()}`,
      type: "customer.subscription.deleted",
      data: { object: { id: session.subscription, object: "subscription", status: "canceled" } },
    };
    expect((await postWebhook(A.site.slug, stand.stripe.sign(deleted, SECRET))).status).toBe(200);
    expect(await subRow()).toMatchObject({ status: "cancelled", payments: 2 });
    expect(await enrolments(course.id)).toBe(1);
  });

  it("takes a first-payment coupon off the first charge only", async () => {
    const product = await buildProduct(t.database.db, A.site, {
      title: `Weekly ${uid()}`,
      amount: 1000,
      subscription: { value: 7, parameter: 86400 },
    });
    const coupon = await buildCoupon(t.database.db, A.site, {
      name: `FIRST${uid()}`,
      discountType: "flat",
      amount: 400,
      scope: "first",
    });
    const { order } = await placeOrder(t.database.db, A.site.accountId, {
      userId: buyer.user.id,
      productIds: [product.id],
      coupon: coupon.name,
      provider: "stripe",
      origin: t.origin(A.site.slug),
    });
    expect(order.totalAmount).toBe(600);
    const created = stand.calls("/v1/coupons", "POST").at(-1);
    expect(created?.body).toMatchObject({ amount_off: "400", duration: "once", currency: "usd" });
    expect(stand.calls("/v1/checkout/sessions", "POST").at(-1)?.body).toMatchObject({
      "line_items[0][price_data][unit_amount]": "1000",
      "line_items[0][price_data][recurring][interval]": "week",
      "discounts[0][coupon]": expect.stringMatching(/^co_/),
    });
  });
});
