// PayPal and Razorpay (spec §9 Commerce): PayPal orders are approved on PayPal and captured on the
// return page or by a webhook PayPal itself verifies; Razorpay payment links are paid on Razorpay and
// completed by a signed payment_link.paid. Unverified messages are refused and change nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseStudents, orders, paymentEvents } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { confirmReturn, placeOrder, refundOrder } from "../../server/modules/commerce";
import { buildPaymentSettings, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";
import { type StandIns, startStandIns } from "./provider-standins";

let t: TestPlatform;
let stand: StandIns;
let A: SiteWithOwner;
let buyer: Awaited<ReturnType<typeof memberOf>>;
const RZP_SECRET = "rzp_webhook_secret";

beforeAll(async () => {
  t = await startTestPlatform();
  stand = await startStandIns();
  A = await siteWithOwner(t, "pay-pp-a");
  buyer = await memberOf(t, A.site, "student", "buyer");
  await buildPaymentSettings(t.database.db, A.site, "paypal", {
    config: { clientId: "paypal-client", webhookId: "WH-1", apiBase: stand.url },
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

async function order(provider: "paypal" | "razorpay", amount = 1999) {
  const { course } = await buildCourse(t.database.db, A.site, A.owner, {
    title: `Course ${uid()}`,
    status: "published",
  });
  const product = await buildProduct(t.database.db, A.site, {
    title: `Product ${uid()}`,
    amount,
    courseIds: [course.id],
  });
  const placed = await placeOrder(t.database.db, A.site.accountId, {
    userId: buyer.user.id,
    productIds: [product.id],
    provider,
    origin: t.origin(A.site.slug),
  });
  return { course, order: placed.order };
}

const orderRow = async (orderId: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(orders).where(eq(orders.orderId, orderId))))[0];
const enrolments = (courseId: string) =>
  countRows(t, courseStudents, and(eq(courseStudents.courseId, courseId), eq(courseStudents.studentId, buyer.user.id)));
const webhook = (provider: string, payload: string, headers: Record<string, string>) =>
  t.request(A.site.slug, `/api/webhooks/${provider}`, { method: "POST", body: payload, headers });

describe("PayPal", () => {
  it("creates an order in major units with our id, and captures it when the buyer comes back", async () => {
    const { course, order: o } = await order("paypal", 1999);
    const created = stand.calls("/v2/checkout/orders", "POST").at(-1);
    expect(created?.headers["paypal-request-id"]).toBe(`order-${o.orderId}`);
    expect(created?.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ custom_id: o.orderId, amount: { currency_code: "USD", value: "19.99" } }],
    });
    expect(o.checkoutUrl).toBe(`${stand.url}/paypal/checkoutnow?token=${o.providerRef}`);

    // Back before approving: nothing happens.
    await confirmReturn(t.database.db, A.site.accountId, buyer.user.id, o.orderId);
    expect((await orderRow(o.orderId)).status).toBe("pending");

    stand.paypal.approve(o.providerRef as string);
    await confirmReturn(t.database.db, A.site.accountId, buyer.user.id, o.orderId);
    expect((await orderRow(o.orderId)).status).toBe("paid");
    expect(await enrolments(course.id)).toBe(1);
    expect(stand.calls(`/v2/checkout/orders/${o.providerRef}/capture`, "POST")).toHaveLength(1);

    // PayPal's capture webhook arrives afterwards: nothing more happens.
    const event = {
      id: `WH-${uid()}`,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: { id: "CAP-1", custom_id: o.orderId, supplementary_data: { related_ids: { order_id: o.providerRef } } },
    };
    const res = await webhook("paypal", JSON.stringify(event), stand.paypal.signedHeaders(event, "WH-1"));
    expect(res.status).toBe(200);
    expect(await enrolments(course.id)).toBe(1);

    // A refund goes back to PayPal against the capture.
    await refundOrder(t.database.db, A.site.accountId, o.orderId, A.owner.id);
    expect(stand.calls("/v2/payments/captures/", "POST").at(-1)?.body).toMatchObject({
      amount: { currency_code: "USD", value: "19.99" },
    });
    expect((await orderRow(o.orderId)).status).toBe("refunded");
    expect(await enrolments(course.id)).toBe(0);
  });

  it("completes an approved order from a verified webhook, once", async () => {
    const { course, order: o } = await order("paypal", 5000);
    stand.paypal.approve(o.providerRef as string);
    const event = {
      id: `WH-${uid()}`,
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: { id: o.providerRef, status: "APPROVED", purchase_units: [{ custom_id: o.orderId }] },
    };
    const payload = JSON.stringify(event);
    const res = await webhook("paypal", payload, stand.paypal.signedHeaders(event, "WH-1"));
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ received: true });
    expect((await orderRow(o.orderId)).status).toBe("paid");
    expect(await enrolments(course.id)).toBe(1);
    // Replayed (PayPal retries with the same event id): nothing more.
    expect((await webhook("paypal", payload, stand.paypal.signedHeaders(event, "WH-1"))).status).toBe(200);
    expect(await enrolments(course.id)).toBe(1);
    expect(await countRows(t, paymentEvents, eq(paymentEvents.eventId, event.id))).toBe(1);
  });

  it("refuses a message PayPal does not verify", async () => {
    const { course, order: o } = await order("paypal", 700);
    stand.paypal.approve(o.providerRef as string);
    const event = {
      id: `WH-${uid()}`,
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: { id: o.providerRef, purchase_units: [{ custom_id: o.orderId }] },
    };
    await expectError(
      await webhook("paypal", JSON.stringify(event), stand.paypal.forgedHeaders()),
      400,
      "invalid_signature",
    );
    expect((await orderRow(o.orderId)).status).toBe("pending");
    expect(await enrolments(course.id)).toBe(0);
    expect(await countRows(t, paymentEvents, eq(paymentEvents.eventId, event.id))).toBe(0);
    expect(stand.calls(`/v2/checkout/orders/${o.providerRef}/capture`)).toHaveLength(0);
  });

  it("refuses a message PayPal signed for another webhook or another body", async () => {
    const { course, order: o } = await order("paypal", 900);
    stand.paypal.approve(o.providerRef as string);
    const event = {
      id: `WH-${uid()}`,
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: { id: o.providerRef, purchase_units: [{ custom_id: o.orderId }] },
    };
    const otherWebhook = stand.paypal.signedHeaders(event, "WH-SOMEONE-ELSE");
    await expectError(await webhook("paypal", JSON.stringify(event), otherWebhook), 400, "invalid_signature");
    const signedOther = stand.paypal.signedHeaders({ ...event, id: `WH-${uid()}` }, "WH-1");
    await expectError(await webhook("paypal", JSON.stringify(event), signedOther), 400, "invalid_signature");
    expect((await orderRow(o.orderId)).status).toBe("pending");
    expect(await enrolments(course.id)).toBe(0);
  });
});

describe("Razorpay", () => {
  const linkPaid = (linkId: string, orderId: string) => ({
    entity: "event",
    event: "payment_link.paid",
    payload: {
      payment_link: { entity: { id: linkId, status: "paid", reference_id: orderId, notes: { order_id: orderId } } },
      payment: { entity: { id: `pay_${uid()}`, status: "captured", notes: {} } },
    },
  });

  it("creates a payment link with our id, and a signed payment_link.paid grants the course once", async () => {
    const { course, order: o } = await order("razorpay", 2500);
    const created = stand.calls("/v1/payment_links", "POST").at(-1);
    expect(created?.body).toMatchObject({
      amount: 2500,
      currency: "USD",
      reference_id: o.orderId,
      notes: { order_id: o.orderId },
      callback_url: `${t.origin(A.site.slug)}/checkout/return?order=${o.orderId}`,
    });
    expect(created?.headers.authorization).toBe(`Basic ${Buffer.from("rzp_test_key:rzp_secret").toString("base64")}`);
    expect(o.checkoutUrl).toBe(`${stand.url}/rzp/${o.providerRef}`);

    stand.razorpay.pay(o.providerRef as string);
    const signed = stand.razorpay.sign(linkPaid(o.providerRef as string, o.orderId), RZP_SECRET);
    expect((await webhook("razorpay", signed.body, signed.headers)).status).toBe(200);
    expect((await orderRow(o.orderId)).status).toBe("paid");
    expect(await enrolments(course.id)).toBe(1);
    expect((await webhook("razorpay", signed.body, signed.headers)).status).toBe(200);
    expect(await enrolments(course.id)).toBe(1);

    await refundOrder(t.database.db, A.site.accountId, o.orderId, A.owner.id);
    expect(stand.calls("/v1/payments/", "POST").at(-1)?.body).toMatchObject({ amount: 2500 });
  });

  it("refuses a message with a bad signature", async () => {
    const { course, order: o } = await order("razorpay", 1200);
    stand.razorpay.pay(o.providerRef as string);
    const signed = stand.razorpay.sign(linkPaid(o.providerRef as string, o.orderId), "not-the-secret");
    await expectError(await webhook("razorpay", signed.body, signed.headers), 400, "invalid_signature");
    expect((await orderRow(o.orderId)).status).toBe("pending");
    expect(await enrolments(course.id)).toBe(0);
    expect(await countRows(t, paymentEvents, eq(paymentEvents.orderId, o.orderId))).toBe(0);
  });

  it("completes on the return page when the link is paid", async () => {
    const { course, order: o } = await order("razorpay", 800);
    stand.razorpay.pay(o.providerRef as string);
    await confirmReturn(t.database.db, A.site.accountId, buyer.user.id, o.orderId);
    expect((await orderRow(o.orderId)).status).toBe("paid");
    expect(await enrolments(course.id)).toBe(1);
  });
});
