// Subscription products paid through PayPal (Subscriptions API) and Razorpay (plans and
// subscriptions), against local stand-ins that enforce the providers' own rules and signatures: a
// plan per product price, the first payment starting the subscription, renewals applied once per
// payment however often or however concurrently they are reported, cancellation by the member and
// by the owner, refunds, and messages that do not verify changing nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as ordersAction } from "../../app/routes/dashboard/ecommerce/orders";
import {
  coupons as couponsTable,
  courseStudents,
  eventOutbox,
  memberMemberships,
  orders,
  subscriptions,
} from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import type { AtriumLoadContext } from "../../server/http/load-context";
import { confirmReturn, placeOrder, refundOrder } from "../../server/modules/commerce";
import { buildCoupon, buildMembership, buildPaymentSettings, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";
import { withLoadContext } from "./load-context-app";
import { type StandIns, startStandIns } from "./provider-standins";

let t: TestPlatform;
let stand: StandIns;
let A: SiteWithOwner;
const WEBHOOK_ID = "WH-SUBS-1";
const RZP_SECRET = "rzp_subs_webhook_secret";
const MONTH = { value: 1, parameter: 2592000 };
type Buyer = Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  stand = await startStandIns();
  A = await siteWithOwner(t, "subs-pp");
  await buildPaymentSettings(t.database.db, A.site, "paypal", {
    config: { clientId: "paypal-client", webhookId: WEBHOOK_ID, apiBase: stand.url },
    secrets: { clientSecret: "paypal-secret" },
  });
  await buildPaymentSettings(t.database.db, A.site, "razorpay", {
    config: { keyId: "rzp_test_key", apiBase: stand.url },
    secrets: { keySecret: "rzp_secret", webhookSecret: RZP_SECRET },
  });
});
afterAll(async () => {
  await stand?.close();
  await t?.close();
});

const db = () => t.database.db;

/** A monthly product granting a membership that includes a course. */
async function monthlyProduct(amount = 900, duration = MONTH) {
  const { course } = await buildCourse(db(), A.site, A.owner, {
    title: `Course ${uid()}`,
    curriculum: [{ unit: "One" }],
  });
  const membership = await buildMembership(db(), A.site, { title: `Club ${uid()}`, courseIds: [course.id] });
  const product = await buildProduct(db(), A.site, {
    title: `Club monthly ${uid()}`,
    amount,
    subscription: duration,
    membershipIds: [membership.id],
  });
  return { course, membership, product };
}

async function subscribe(
  provider: "paypal" | "razorpay",
  opts: { coupon?: string; product?: Awaited<ReturnType<typeof monthlyProduct>> } = {},
) {
  const bought = opts.product ?? (await monthlyProduct());
  const buyer = await memberOf(t, A.site, "student", "subscriber");
  const { order } = await placeOrder(db(), A.site.accountId, {
    userId: buyer.user.id,
    productIds: [bought.product.id],
    provider,
    coupon: opts.coupon ?? null,
    origin: t.origin(A.site.slug),
  });
  return { ...bought, buyer, order, ref: order.providerRef as string };
}

const orderRow = async (orderId: string) =>
  (await withPlatform(db(), (tx) => tx.select().from(orders).where(eq(orders.orderId, orderId))))[0];
const subscriptionOf = async (orderId: string) =>
  (await withPlatform(db(), (tx) => tx.select().from(subscriptions).where(eq(subscriptions.orderId, orderId))))[0];
const holds = async (buyer: Buyer, membershipId: string) =>
  (
    await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(memberMemberships)
        .where(and(eq(memberMemberships.userId, buyer.user.id), eq(memberMemberships.membershipId, membershipId))),
    )
  )[0];
const enrolled = (buyer: Buyer, courseId: string) =>
  countRows(t, courseStudents, and(eq(courseStudents.studentId, buyer.user.id), eq(courseStudents.courseId, courseId)));
const renewalsOf = async (subscriptionId: string) =>
  (
    await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(eventOutbox)
        .where(and(eq(eventOutbox.accountId, A.site.accountId), eq(eventOutbox.type, "payment_success"))),
    )
  ).filter((e) => (e.payload as { subscriptionId?: string; renewal?: boolean }).subscriptionId === subscriptionId)
    .length;
const webhook = (provider: string, payload: string, headers: Record<string, string>) =>
  t.request(A.site.slug, `/api/webhooks/${provider}`, { method: "POST", body: payload, headers });

const paypalEvent = (type: string, resource: Record<string, unknown>) => ({
  id: `WH-${uid()}`,
  event_type: type,
  resource_type: type.startsWith("PAYMENT.SALE") ? "sale" : "subscription",
  resource,
});
const sendPayPal = (event: Record<string, unknown>) =>
  webhook("paypal", JSON.stringify(event), stand.paypal.signedHeaders(event, WEBHOOK_ID));
const charged = (subscription: Record<string, unknown>, payment: Record<string, unknown>) => ({
  entity: "event",
  event: "subscription.charged",
  payload: { subscription: { entity: subscription }, payment: { entity: payment } },
});
const sendRazorpay = (event: Record<string, unknown>, eventId?: string) => {
  const signed = stand.razorpay.sign(event, RZP_SECRET, eventId);
  return webhook("razorpay", signed.body, signed.headers);
};

describe("PayPal subscriptions", () => {
  it("makes one plan per product price, starts when the buyer approves and comes back, and grants access", async () => {
    const first = await subscribe("paypal");
    expect(first.order.checkoutUrl).toContain(`ba_token=${first.ref}`);
    const plans = stand.calls("/v1/billing/plans", "POST");
    expect(plans.at(-1)?.body).toMatchObject({
      product_id: `ATR-${first.product.id}`,
      status: "ACTIVE",
      billing_cycles: [
        {
          tenure_type: "REGULAR",
          sequence: 1,
          total_cycles: 0,
          frequency: { interval_unit: "MONTH", interval_count: 1 },
          pricing_scheme: { fixed_price: { currency_code: "USD", value: "9.00" } },
        },
      ],
    });
    expect(stand.calls("/v1/billing/subscriptions", "POST").at(-1)?.body).toMatchObject({
      custom_id: first.order.orderId,
    });

    // Back before approving: still waiting.
    await confirmReturn(db(), A.site.accountId, first.buyer.user.id, first.order.orderId);
    expect((await orderRow(first.order.orderId)).status).toBe("pending");

    const approved = stand.paypal.activateSubscription(first.ref) as { billing_info: { next_billing_time: string } };
    await confirmReturn(db(), A.site.accountId, first.buyer.user.id, first.order.orderId);
    expect((await orderRow(first.order.orderId)).status).toBe("paid");
    const sub = await subscriptionOf(first.order.orderId);
    expect(sub).toMatchObject({ provider: "paypal", providerRef: first.ref, status: "active", payments: 1 });
    expect(sub.currentPeriodEnd.toISOString()).toBe(approved.billing_info.next_billing_time);
    expect(await enrolled(first.buyer, first.course.id)).toBe(1);
    expect((await holds(first.buyer, first.membership.id)).endsAt?.toISOString()).toBe(
      approved.billing_info.next_billing_time,
    );

    // The next subscriber at the same price is billed on the same plan.
    const plansBefore = stand.calls("/v1/billing/plans", "POST").length;
    const second = await subscribe("paypal", { product: first });
    expect(stand.calls("/v1/billing/plans", "POST")).toHaveLength(plansBefore);
    expect(stand.paypal.subscriptions.get(second.ref)?.plan_id).toBe(
      stand.paypal.subscriptions.get(first.ref)?.plan_id,
    );
  });

  it("starts from BILLING.SUBSCRIPTION.ACTIVATED alone, and renews once per payment PayPal reports", async () => {
    const s = await subscribe("paypal");
    const view = stand.paypal.activateSubscription(s.ref);
    expect((await sendPayPal(paypalEvent("BILLING.SUBSCRIPTION.ACTIVATED", view))).status).toBe(200);
    expect((await orderRow(s.order.orderId)).status).toBe("paid");
    const sub = await subscriptionOf(s.order.orderId);

    // The first payment's sale arrives too: it is the payment that started it, not a renewal.
    const firstSale = stand.paypal.subscriptions.get(s.ref)?.sales as Record<string, unknown>[];
    expect((await sendPayPal(paypalEvent("PAYMENT.SALE.COMPLETED", firstSale[0]))).status).toBe(200);
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ payments: 1 });

    const sale = stand.paypal.renewSubscription(s.ref);
    const renewal = paypalEvent("PAYMENT.SALE.COMPLETED", sale);
    expect((await sendPayPal(renewal)).status).toBe(200);
    const renewed = await subscriptionOf(s.order.orderId);
    const next = (stand.paypal.subscriptions.get(s.ref) as { next: string }).next;
    expect(renewed).toMatchObject({ payments: 2, status: "active" });
    expect(renewed.currentPeriodEnd.toISOString()).toBe(next);
    expect((await holds(s.buyer, s.membership.id)).endsAt?.toISOString()).toBe(next);
    expect(await renewalsOf(sub.id)).toBe(1);

    // Replayed, or the same payment in another message: nothing more.
    expect((await sendPayPal(renewal)).status).toBe(200);
    expect((await sendPayPal({ ...renewal, id: `WH-${uid()}` })).status).toBe(200);
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ payments: 2 });
    expect(await renewalsOf(sub.id)).toBe(1);
  });

  it("refuses a renewal message PayPal did not sign, and it changes nothing", async () => {
    const s = await subscribe("paypal");
    stand.paypal.activateSubscription(s.ref);
    await confirmReturn(db(), A.site.accountId, s.buyer.user.id, s.order.orderId);
    const renewal = paypalEvent("PAYMENT.SALE.COMPLETED", stand.paypal.renewSubscription(s.ref));
    await expectError(
      await webhook("paypal", JSON.stringify(renewal), stand.paypal.forgedHeaders()),
      400,
      "invalid_signature",
    );
    const tampered = { ...renewal, resource: { ...renewal.resource, billing_agreement_id: "I-SOMEONEELSE" } };
    await expectError(
      await webhook("paypal", JSON.stringify(tampered), stand.paypal.signedHeaders(renewal, WEBHOOK_ID)),
      400,
      "invalid_signature",
    );
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ payments: 1 });
  });

  it("bills a coupon's discounted payments as the plan's trial cycles, then the full price", async () => {
    const name = `THREE${uid()}`.toUpperCase();
    await buildCoupon(db(), A.site, { name, discountType: "percentage", amount: 50, scope: "count", payments: 3 });
    const s = await subscribe("paypal", { coupon: name });
    expect(s.order.totalAmount).toBe(450);
    expect(stand.calls("/v1/billing/plans", "POST").at(-1)?.body).toMatchObject({
      billing_cycles: [
        { tenure_type: "TRIAL", sequence: 1, total_cycles: 3, pricing_scheme: { fixed_price: { value: "4.50" } } },
        { tenure_type: "REGULAR", sequence: 2, total_cycles: 0, pricing_scheme: { fixed_price: { value: "9.00" } } },
      ],
    });
  });

  it("is not offered a period PayPal cannot bill; nothing is written", async () => {
    const bought = await monthlyProduct(900, { value: 2, parameter: 31536000 });
    const buyer = await memberOf(t, A.site, "student", "biennial");
    await expect(
      placeOrder(db(), A.site.accountId, {
        userId: buyer.user.id,
        productIds: [bought.product.id],
        provider: "paypal",
        origin: t.origin(A.site.slug),
      }),
    ).rejects.toMatchObject({ code: "validation_failed", details: [{ field: "provider" }] });
    expect(await countRows(t, orders, eq(orders.userId, buyer.user.id))).toBe(0);
  });

  it("the member cancels: PayPal stops billing, access lasts to the end of the paid period", async () => {
    const s = await subscribe("paypal");
    stand.paypal.activateSubscription(s.ref);
    await confirmReturn(db(), A.site.accountId, s.buyer.user.id, s.order.orderId);
    const sub = await subscriptionOf(s.order.orderId);
    const res = await t.request(A.site.slug, `/api/v1/me/subscriptions/${sub.id}/cancel`, {
      method: "POST",
      cookie: s.buyer.cookie,
    });
    expect(res.status).toBe(200);
    expect(stand.calls(`/v1/billing/subscriptions/${s.ref}/cancel`, "POST")).toHaveLength(1);
    expect(stand.paypal.subscriptions.get(s.ref)?.status).toBe("CANCELLED");
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ status: "cancelled", cancelAtPeriodEnd: true });
    expect((await holds(s.buyer, s.membership.id)).status).toBe("active");
    // PayPal's own message about it afterwards changes nothing.
    const cancelled = paypalEvent("BILLING.SUBSCRIPTION.CANCELLED", { id: s.ref, status: "CANCELLED" });
    expect((await sendPayPal(cancelled)).status).toBe(200);
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ status: "cancelled" });
  });

  it("the owner stops a member's subscription from the orders screen", async () => {
    const s = await subscribe("paypal");
    stand.paypal.activateSubscription(s.ref);
    await confirmReturn(db(), A.site.accountId, s.buyer.user.id, s.order.orderId);
    const run = withLoadContext(t);
    const res = await run(A.site.slug, A.ownerCookie, async (context: AtriumLoadContext) => {
      const form = new FormData();
      form.set("intent", "cancelSubscription");
      form.set("id", s.order.orderId);
      const request = new Request(`${t.origin(A.site.slug)}/dashboard/manage/ecommerce/orders`, {
        method: "POST",
        body: form,
      });
      return ordersAction({ context, request, params: {} } as unknown as Parameters<typeof ordersAction>[0]);
    });
    expect((await body(res)).result).toMatchObject({ ok: true, intent: "cancelSubscription" });
    expect(stand.paypal.subscriptions.get(s.ref)?.status).toBe("CANCELLED");
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ status: "cancelled" });
    // A student of the site cannot do the same over REST.
    const other = await subscribe("paypal");
    stand.paypal.activateSubscription(other.ref);
    await confirmReturn(db(), A.site.accountId, other.buyer.user.id, other.order.orderId);
    const otherSub = await subscriptionOf(other.order.orderId);
    await expectError(
      await t.request(A.site.slug, `/api/v1/subscriptions/${otherSub.id}/cancel`, {
        method: "POST",
        cookie: s.buyer.cookie,
      }),
      403,
      "forbidden",
    );
    expect(
      (
        await t.request(A.site.slug, `/api/v1/subscriptions/${otherSub.id}/cancel`, {
          method: "POST",
          cookie: A.ownerCookie,
        })
      ).status,
    ).toBe(200);
    expect(stand.paypal.subscriptions.get(other.ref)?.status).toBe("CANCELLED");
  });

  it("a refund returns the subscription's payment and stops it", async () => {
    const s = await subscribe("paypal");
    stand.paypal.activateSubscription(s.ref);
    await confirmReturn(db(), A.site.accountId, s.buyer.user.id, s.order.orderId);
    await refundOrder(db(), A.site.accountId, s.order.orderId, A.owner.id);
    const sale = (stand.paypal.subscriptions.get(s.ref) as { sales: { id: string }[] }).sales[0];
    expect(stand.calls(`/v1/payments/sale/${sale.id}/refund`, "POST").at(-1)?.body).toEqual({
      amount: { total: "9.00", currency: "USD" },
    });
    expect(stand.paypal.subscriptions.get(s.ref)?.status).toBe("CANCELLED");
    expect((await orderRow(s.order.orderId)).status).toBe("refunded");
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ status: "ended" });
    expect(await enrolled(s.buyer, s.course.id)).toBe(0);
  });
});

describe("Razorpay subscriptions", () => {
  it("makes a plan, starts on the first subscription.charged, and renews once per payment", async () => {
    const s = await subscribe("razorpay");
    expect(stand.calls("/v1/plans", "POST").at(-1)?.body).toMatchObject({
      period: "monthly",
      interval: 1,
      item: { amount: 900, currency: "USD" },
    });
    expect(stand.calls("/v1/subscriptions", "POST").at(-1)?.body).toMatchObject({
      total_count: 122,
      notes: { order_id: s.order.orderId },
    });
    expect(s.order.checkoutUrl).toBe(`${stand.url}/rzp/sub/${s.ref}`);

    const first = stand.razorpay.chargeSubscription(s.ref);
    expect((await sendRazorpay(charged(first.subscription, first.payment))).status).toBe(200);
    expect((await orderRow(s.order.orderId)).status).toBe("paid");
    const sub = await subscriptionOf(s.order.orderId);
    expect(sub).toMatchObject({ provider: "razorpay", providerRef: s.ref, payments: 1 });
    expect(sub.currentPeriodEnd.getTime()).toBe(Number(first.subscription.current_end) * 1000);
    expect(await enrolled(s.buyer, s.course.id)).toBe(1);

    const second = stand.razorpay.chargeSubscription(s.ref);
    const eventId = `evt_${uid()}`;
    expect((await sendRazorpay(charged(second.subscription, second.payment), eventId)).status).toBe(200);
    const renewed = await subscriptionOf(s.order.orderId);
    expect(renewed).toMatchObject({ payments: 2 });
    expect(renewed.currentPeriodEnd.getTime()).toBe(Number(second.subscription.current_end) * 1000);
    // A retried delivery, and another delivery reporting the same payment: nothing more.
    expect((await sendRazorpay(charged(second.subscription, second.payment), eventId)).status).toBe(200);
    expect((await sendRazorpay(charged(second.subscription, second.payment))).status).toBe(200);
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ payments: 2 });
    expect(await renewalsOf(sub.id)).toBe(1);
  });

  it("applies two deliveries of one payment at once exactly once", async () => {
    const s = await subscribe("razorpay");
    const first = stand.razorpay.chargeSubscription(s.ref);
    await sendRazorpay(charged(first.subscription, first.payment));
    const sub = await subscriptionOf(s.order.orderId);
    const second = stand.razorpay.chargeSubscription(s.ref);
    const event = charged(second.subscription, second.payment);
    const answers = await Promise.all([sendRazorpay(event), sendRazorpay(event), sendRazorpay(event)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ payments: 2 });
    expect(await renewalsOf(sub.id)).toBe(1);
  });

  it("pays the order from a renewal when the first payment's message never came", async () => {
    const s = await subscribe("razorpay");
    stand.razorpay.chargeSubscription(s.ref);
    const second = stand.razorpay.chargeSubscription(s.ref);
    expect((await sendRazorpay(charged(second.subscription, second.payment))).status).toBe(200);
    expect((await orderRow(s.order.orderId)).status).toBe("paid");
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ payments: 2, providerRef: s.ref });
    expect(await enrolled(s.buyer, s.course.id)).toBe(1);
  });

  it("refuses a message with a bad signature; halted is past due, cancelled is cancelled", async () => {
    const s = await subscribe("razorpay");
    const first = stand.razorpay.chargeSubscription(s.ref);
    const forged = stand.razorpay.sign(charged(first.subscription, first.payment), "not-the-secret");
    await expectError(await webhook("razorpay", forged.body, forged.headers), 400, "invalid_signature");
    expect((await orderRow(s.order.orderId)).status).toBe("pending");
    await sendRazorpay(charged(first.subscription, first.payment));
    const about = (event: string) => ({
      event,
      payload: { subscription: { entity: { ...first.subscription, status: event.split(".")[1] } } },
    });
    await sendRazorpay(about("subscription.halted"));
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ status: "past_due" });
    await sendRazorpay(about("subscription.cancelled"));
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ status: "cancelled", cancelAtPeriodEnd: true });
  });

  it("the member cancels at the end of the cycle", async () => {
    const s = await subscribe("razorpay");
    const first = stand.razorpay.chargeSubscription(s.ref);
    await sendRazorpay(charged(first.subscription, first.payment));
    const sub = await subscriptionOf(s.order.orderId);
    const res = await t.request(A.site.slug, `/api/v1/me/subscriptions/${sub.id}/cancel`, {
      method: "POST",
      cookie: s.buyer.cookie,
    });
    expect(res.status).toBe(200);
    expect(stand.calls(`/v1/subscriptions/${s.ref}/cancel`, "POST").at(-1)?.body).toEqual({ cancel_at_cycle_end: 1 });
    expect(await subscriptionOf(s.order.orderId)).toMatchObject({ status: "cancelled" });
  });

  it("cannot take a coupon on a subscription: refused before anything is written", async () => {
    const name = `HALF${uid()}`.toUpperCase();
    const coupon = await buildCoupon(db(), A.site, { name, discountType: "percentage", amount: 50 });
    const bought = await monthlyProduct();
    const buyer = await memberOf(t, A.site, "student", "rzp-coupon");
    await expect(
      placeOrder(db(), A.site.accountId, {
        userId: buyer.user.id,
        productIds: [bought.product.id],
        provider: "razorpay",
        coupon: name,
        origin: t.origin(A.site.slug),
      }),
    ).rejects.toMatchObject({ code: "validation_failed", details: [{ field: "provider" }] });
    expect(await countRows(t, orders, eq(orders.userId, buyer.user.id))).toBe(0);
    expect(
      (await withPlatform(db(), (tx) => tx.select().from(couponsTable).where(eq(couponsTable.id, coupon.id))))[0]
        .usageCount,
    ).toBe(0);
  });

  it("a refund returns the first payment and stops the subscription at once", async () => {
    const s = await subscribe("razorpay");
    const first = stand.razorpay.chargeSubscription(s.ref);
    await sendRazorpay(charged(first.subscription, first.payment));
    await refundOrder(db(), A.site.accountId, s.order.orderId, A.owner.id);
    expect(stand.calls(`/v1/payments/${first.payment.id}/refund`, "POST").at(-1)?.body).toMatchObject({ amount: 900 });
    expect(stand.razorpay.subscriptions.get(s.ref)?.status).toBe("cancelled");
    expect((await orderRow(s.order.orderId)).status).toBe("refunded");
  });
});
