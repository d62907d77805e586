// What each provider's messages mean for us, and the amounts and periods we send them.
import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { paypalBase, paypalProvider, paypalValue } from "./paypal";
import { razorpayProvider, readRazorpayEvent } from "./razorpay";
import { readStripeEvent, stripeInterval, stripeProvider } from "./stripe";

const stripeSettings = { config: {}, secrets: { secretKey: "sk_test_x", webhookSecret: "whsec_x" } };
const event = (type: string, object: Record<string, unknown>) => ({ id: "evt_1", type, data: { object } });

describe("Stripe", () => {
  it("turns our period into Stripe's recurring interval", () => {
    expect(stripeInterval(30 * 86400)).toEqual({ interval: "month", interval_count: 1 });
    expect(stripeInterval(90 * 86400)).toEqual({ interval: "month", interval_count: 3 });
    expect(stripeInterval(365 * 86400)).toEqual({ interval: "year", interval_count: 1 });
    expect(stripeInterval(14 * 86400)).toEqual({ interval: "week", interval_count: 2 });
    expect(stripeInterval(10 * 86400)).toEqual({ interval: "day", interval_count: 10 });
    expect(stripeInterval(60)).toEqual({ interval: "day", interval_count: 1 });
  });

  it("reads a paid checkout as our order paid, and an unpaid one as nothing", () => {
    expect(
      readStripeEvent(
        event("checkout.session.completed", {
          id: "cs_1",
          payment_status: "paid",
          metadata: { order_id: "o-1" },
          subscription: "sub_1",
          amount_total: 990,
        }),
      ),
    ).toEqual({
      id: "evt_1",
      type: "payment_succeeded",
      orderId: "o-1",
      providerRef: "cs_1",
      subscriptionRef: "sub_1",
      amount: 990,
    });
    expect(readStripeEvent(event("checkout.session.completed", { id: "cs_1", payment_status: "unpaid" })).type).toBe(
      "ignored",
    );
  });

  it("reads renewals, failed renewals and endings by subscription", () => {
    const renewal = readStripeEvent(
      event("invoice.paid", {
        billing_reason: "subscription_cycle",
        parent: { subscription_details: { subscription: "sub_2" } },
        lines: { data: [{ period: { start: 1, end: 1_800_000_000 } }] },
      }),
    );
    expect(renewal).toMatchObject({
      type: "subscription_renewed",
      subscriptionRef: "sub_2",
      periodEnd: new Date(1_800_000_000_000),
    });
    expect(readStripeEvent(event("invoice.paid", { billing_reason: "subscription_create" })).type).toBe("ignored");
    expect(readStripeEvent(event("invoice.payment_failed", { subscription: "sub_3" }))).toMatchObject({
      type: "payment_failed",
      subscriptionRef: "sub_3",
    });
    expect(readStripeEvent(event("customer.subscription.deleted", { id: "sub_4" }))).toMatchObject({
      type: "subscription_ended",
      subscriptionRef: "sub_4",
    });
    expect(readStripeEvent(event("customer.created", {})).type).toBe("ignored");
  });

  it("verifies the signature over the raw body", async () => {
    const payload = JSON.stringify({ id: "evt_9", object: "event", type: "ping", data: { object: {} } });
    const signer = new Stripe("sk_test_x");
    const good = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_x" });
    const read = await stripeProvider.verifyWebhook(stripeSettings, payload, new Headers({ "stripe-signature": good }));
    expect(read).toEqual({ id: "evt_9", type: "ignored" });
    const bad = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    await expect(
      stripeProvider.verifyWebhook(stripeSettings, payload, new Headers({ "stripe-signature": bad })),
    ).rejects.toMatchObject({ code: "invalid_signature" });
    await expect(
      stripeProvider.verifyWebhook(stripeSettings, `${payload} `, new Headers({ "stripe-signature": good })),
    ).rejects.toMatchObject({ code: "invalid_signature" });
  });

  it("is set up once both keys are saved", () => {
    expect(stripeProvider.configured(stripeSettings)).toBe(true);
    expect(stripeProvider.configured({ config: {}, secrets: { secretKey: "sk" } })).toBe(false);
  });
});

describe("PayPal", () => {
  it("sends amounts in major units with the currency's digits", () => {
    expect(paypalValue(1999, "USD")).toBe("19.99");
    expect(paypalValue(100, "USD")).toBe("1.00");
    expect(paypalValue(1999, "JPY")).toBe("1999");
  });

  it("talks to sandbox by default, live when asked, or a given URL", () => {
    const s = (apiBase?: string) => ({ config: apiBase ? { apiBase } : ({} as Record<string, string>), secrets: {} });
    expect(paypalBase(s())).toBe("https://api-m.sandbox.paypal.com");
    expect(paypalBase(s("live"))).toBe("https://api-m.paypal.com");
    expect(paypalBase(s("http://127.0.0.1:9/"))).toBe("http://127.0.0.1:9");
  });

  it("refuses a message without PayPal's transmission headers", async () => {
    const settings = { config: { clientId: "c", webhookId: "WH" }, secrets: { clientSecret: "s" } };
    await expect(paypalProvider.verifyWebhook(settings, "{}", new Headers())).rejects.toMatchObject({
      code: "invalid_signature",
    });
    expect(paypalProvider.configured(settings)).toBe(true);
    expect(paypalProvider.configured({ config: { clientId: "c" }, secrets: { clientSecret: "s" } })).toBe(false);
  });

  it("keeps the webhook id among the fields the owner saves publicly, where the check reads it", () => {
    const fields = paypalProvider.settingsFields;
    expect(fields.config).toContain("webhookId");
    expect(fields.secrets).not.toContain("webhookId");
    for (const path of fields.required) {
      const [where, key] = path.split(".") as ["config" | "secrets", string];
      expect(fields[where], path).toContain(key);
    }
  });
});

describe("Razorpay", () => {
  const settings = { config: { keyId: "rzp_k" }, secrets: { keySecret: "s", webhookSecret: "whs" } };

  it("reads payment_link.paid and payment.captured by the order id in the notes", () => {
    expect(
      readRazorpayEvent("e1", {
        event: "payment_link.paid",
        payload: { payment_link: { entity: { id: "plink_1", notes: { order_id: "o-1" }, amount_paid: 500 } } },
      }),
    ).toEqual({ id: "e1", type: "payment_succeeded", orderId: "o-1", providerRef: "plink_1", amount: 500 });
    expect(
      readRazorpayEvent("e2", {
        event: "payment.captured",
        payload: { payment: { entity: { id: "pay_1", amount: 700, notes: { order_id: "o-2" } } } },
      }),
    ).toEqual({ id: "e2", type: "payment_succeeded", orderId: "o-2", amount: 700 });
    expect(readRazorpayEvent("e3", { event: "payment.captured", payload: {} }).type).toBe("ignored");
  });

  it("reads subscription.charged by Razorpay's count of payments: the first pays, later ones renew", () => {
    const charged = (paid: number) => ({
      event: "subscription.charged",
      payload: {
        subscription: {
          entity: { id: "sub_1", paid_count: paid, current_end: 1_900_000_000, notes: { order_id: "o-1" } },
        },
        payment: { entity: { id: "pay_1", amount: 900 } },
      },
    });
    const common = { orderId: "o-1", providerRef: "sub_1", subscriptionRef: "sub_1", amount: 900 };
    expect(readRazorpayEvent("e1", charged(1))).toEqual({
      id: "e1",
      type: "payment_succeeded",
      ...common,
      payments: 1,
      periodEnd: new Date(1_900_000_000_000),
    });
    expect(readRazorpayEvent("e2", charged(3))).toMatchObject({ type: "subscription_renewed", payments: 3 });
    const about = (event: string) =>
      readRazorpayEvent("e3", { event, payload: { subscription: { entity: { id: "sub_1" } } } });
    expect(about("subscription.halted")).toMatchObject({ type: "payment_failed", subscriptionRef: "sub_1" });
    expect(about("subscription.cancelled")).toMatchObject({ type: "subscription_ended", subscriptionRef: "sub_1" });
    expect(about("subscription.completed")).toMatchObject({ type: "subscription_ended" });
    expect(about("subscription.authenticated").type).toBe("ignored");
  });

  it("declares the fields its owner fills in, and is usable only with the required ones", () => {
    expect(razorpayProvider.settingsFields.required).toEqual([
      "config.keyId",
      "secrets.keySecret",
      "secrets.webhookSecret",
    ]);
    expect(razorpayProvider.configured(settings)).toBe(true);
    expect(razorpayProvider.configured({ ...settings, secrets: { keySecret: "s" } })).toBe(false);
  });

  it("verifies the HMAC of the raw body", async () => {
    const body = JSON.stringify({ event: "payment.authorized", payload: {} });
    const sig = createHmac("sha256", "whs").update(body).digest("hex");
    const read = await razorpayProvider.verifyWebhook(
      settings,
      body,
      new Headers({ "x-razorpay-signature": sig, "x-razorpay-event-id": "evt_a" }),
    );
    expect(read).toEqual({ id: "evt_a", type: "ignored" });
    await expect(
      razorpayProvider.verifyWebhook(settings, body, new Headers({ "x-razorpay-signature": "0".repeat(64) })),
    ).rejects.toMatchObject({ code: "invalid_signature" });
  });
});
