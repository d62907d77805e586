// PayPal through its official server SDK: Orders v2 for one-time orders (intent CAPTURE, our order
// id as custom_id; the return page or the webhook captures it, PayPal-Request-Id makes the capture
// safe to repeat) and the Subscriptions API for subscription products (paypal-subscriptions.ts).
// Webhooks are verified by PayPal itself (verify-webhook-signature with the site's webhook id).
import { CheckoutPaymentIntent, PaypalExperienceUserAction } from "@paypal/paypal-server-sdk";
import { AppError } from "../errors";
import { paypalAccessToken, paypalBase, paypalClient, paypalReason, paypalValue } from "./paypal-client";
import {
  cancelPayPalSubscription,
  isPayPalSubscription,
  payPalSubscriptionStatus,
  readPayPalSubscriptionEvent,
  refundPayPalSubscription,
  startPayPalSubscription,
} from "./paypal-subscriptions";
import {
  type CheckoutInput,
  hasRequiredSettings,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSettings,
  type SettingsFields,
} from "./types";

export { paypalBase, paypalValue } from "./paypal-client";

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

async function startCheckout(settings: ProviderSettings, input: CheckoutInput) {
  if (input.subscription) return startPayPalSubscription(settings, input);
  const { orders } = paypalClient(settings);
  try {
    const { result } = await orders.createOrder({
      paypalRequestId: input.idempotencyKey,
      prefer: "return=representation",
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: input.orderId,
            customId: input.orderId,
            description:
              input.items
                .map((i) => i.title)
                .join(", ")
                .slice(0, 127) || undefined,
            amount: { currencyCode: input.currency, value: paypalValue(input.totalAmount, input.currency) },
          },
        ],
        paymentSource: {
          paypal: {
            experienceContext: {
              returnUrl: input.successUrl,
              cancelUrl: input.cancelUrl,
              userAction: PaypalExperienceUserAction.PayNow,
            },
          },
        },
      },
    });
    const link = result.links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
    if (!result.id || !link?.href) throw new Error("no approval link");
    return { kind: "redirect" as const, url: link.href, providerRef: result.id };
  } catch (err) {
    throw new AppError("payment_failed", `PayPal refused the order: ${paypalReason(err)}`);
  }
}

/** Captures an approved order (the same request id makes a second capture answer the first). */
async function capture(settings: ProviderSettings, orderRef: string) {
  const { result } = await paypalClient(settings).orders.captureOrder({
    id: orderRef,
    paypalRequestId: `capture-${orderRef}`,
    prefer: "return=representation",
  });
  return result;
}

async function status(settings: ProviderSettings, orderRef: string) {
  const { orders } = paypalClient(settings);
  let { result } = await orders.getOrder({ id: orderRef });
  if (result.status === "APPROVED") result = await capture(settings, orderRef);
  return result;
}

/** Asks PayPal whether a webhook delivery is genuine. */
async function verifiedByPayPal(settings: ProviderSettings, event: unknown, headers: Headers): Promise<boolean> {
  const h = (name: string) => headers.get(name) ?? "";
  if (!h("paypal-transmission-id") || !h("paypal-transmission-sig") || !settings.config.webhookId) return false;
  const token = await paypalAccessToken(settings);
  const res = await fetch(`${paypalBase(settings)}/v1/notifications/verify-webhook-signature`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      auth_algo: h("paypal-auth-algo"),
      cert_url: h("paypal-cert-url"),
      transmission_id: h("paypal-transmission-id"),
      transmission_sig: h("paypal-transmission-sig"),
      transmission_time: h("paypal-transmission-time"),
      webhook_id: settings.config.webhookId,
      webhook_event: event,
    }),
  });
  if (!res.ok) return false;
  const json = (await res.json()) as { verification_status?: string };
  return json.verification_status === "SUCCESS";
}

/** A verified PayPal event → what it means for us (an approved order is captured first). */
async function readPayPalEvent(settings: ProviderSettings, body: Obj): Promise<ProviderEvent> {
  const subscriptionEvent = await readPayPalSubscriptionEvent(settings, body);
  if (subscriptionEvent) return subscriptionEvent;
  const id = str(body.id) ?? "";
  const resource = (body.resource ?? {}) as Obj;
  switch (body.event_type) {
    case "PAYMENT.CAPTURE.COMPLETED": {
      const related = ((resource.supplementary_data as Obj | undefined)?.related_ids ?? {}) as Obj;
      return {
        id,
        type: "payment_succeeded",
        orderId: str(resource.custom_id),
        providerRef: str(related.order_id),
      };
    }
    case "CHECKOUT.ORDER.APPROVED": {
      const orderRef = str(resource.id);
      const units = (resource.purchase_units ?? []) as Obj[];
      if (!orderRef) return { id, type: "ignored" };
      const order = await capture(settings, orderRef);
      if (order.status !== "COMPLETED") return { id, type: "ignored" };
      return {
        id,
        type: "payment_succeeded",
        orderId: str(units[0]?.custom_id) ?? order.purchaseUnits?.[0]?.customId ?? null,
        providerRef: orderRef,
      };
    }
    case "PAYMENT.CAPTURE.REFUNDED":
      return { id, type: "refunded" };
    default:
      return { id, type: "ignored" };
  }
}

const PAYPAL_FIELDS: SettingsFields = {
  // The webhook id is public (PayPal shows it beside the URL) and is sent with every verification.
  config: ["clientId", "webhookId", "apiBase"],
  // apiBase here is the environment: "sandbox" (the default) or "live".
  secrets: ["clientSecret"],
  required: ["config.clientId", "secrets.clientSecret", "config.webhookId"],
};

export const paypalProvider: PaymentProvider = {
  name: "paypal",
  settingsFields: PAYPAL_FIELDS,
  configured: (s) => hasRequiredSettings(PAYPAL_FIELDS, s),
  startCheckout,
  async paymentStatus(settings, providerRef) {
    if (isPayPalSubscription(providerRef)) return payPalSubscriptionStatus(settings, providerRef);
    const order = await status(settings, providerRef);
    return { paid: order.status === "COMPLETED", providerRef };
  },
  async verifyWebhook(settings, rawBody, headers) {
    let body: Obj;
    try {
      body = JSON.parse(rawBody) as Obj;
    } catch {
      throw new AppError("invalid_signature", "PayPal message is not JSON");
    }
    let ok = false;
    try {
      ok = await verifiedByPayPal(settings, body, headers);
    } catch (err) {
      throw new AppError("invalid_signature", `PayPal verification failed: ${(err as Error).message}`);
    }
    if (!ok) throw new AppError("invalid_signature", "PayPal did not verify the message");
    return readPayPalEvent(settings, body);
  },
  async refund(settings, providerRef, amount) {
    if (isPayPalSubscription(providerRef)) return refundPayPalSubscription(settings, providerRef, amount);
    const { orders, payments } = paypalClient(settings);
    const { result } = await orders.getOrder({ id: providerRef });
    const captureId = result.purchaseUnits?.[0]?.payments?.captures?.[0]?.id;
    const currency = result.purchaseUnits?.[0]?.amount?.currencyCode;
    if (!captureId || !currency) throw new AppError("payment_failed", "PayPal has no capture for this order");
    await payments.refundCapturedPayment({
      captureId,
      paypalRequestId: `refund-${providerRef}`,
      body: { amount: { currencyCode: currency, value: paypalValue(amount, currency) } },
    });
  },
  async cancelSubscription(settings, subscriptionRef) {
    await cancelPayPalSubscription(settings, subscriptionRef, "Cancelled on the site");
  },
};
