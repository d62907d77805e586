// Razorpay through its official SDK: a one-time order is paid on a hosted Payment Link that carries
// our order id (reference_id and notes.order_id) and sends the buyer back to the site; a subscription
// product is a Razorpay subscription on a plan (razorpay-subscriptions.ts). Webhooks are checked with
// the SDK's validateWebhookSignature (HMAC-SHA256 of the raw body).
import { createHash } from "node:crypto";
import Razorpay from "razorpay";
import { AppError } from "../errors";
import { razorpayClient as client, razorpayReason as reason } from "./razorpay-client";
import {
  cancelRazorpaySubscription,
  isRazorpaySubscription,
  razorpaySubscriptionStatus,
  readRazorpaySubscriptionEvent,
  refundRazorpaySubscription,
  startRazorpaySubscription,
} from "./razorpay-subscriptions";
import {
  type CheckoutInput,
  hasRequiredSettings,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSettings,
  type SettingsFields,
} from "./types";

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

async function startCheckout(settings: ProviderSettings, input: CheckoutInput) {
  if (input.subscription) return startRazorpaySubscription(settings, input);
  try {
    const link = await client(settings).paymentLink.create({
      amount: input.totalAmount,
      currency: input.currency,
      accept_partial: false,
      reference_id: input.orderId,
      description:
        input.items
          .map((i) => i.title)
          .join(", ")
          .slice(0, 2048) || `Order ${input.orderId}`,
      customer: { name: input.buyer.name || undefined, email: input.buyer.email || undefined },
      notify: { sms: false, email: false },
      callback_url: input.successUrl,
      callback_method: "get",
      notes: { order_id: input.orderId, account_id: input.accountId },
    });
    if (!link.short_url) throw new Error("no payment link URL");
    return { kind: "redirect" as const, url: link.short_url, providerRef: link.id };
  } catch (err) {
    throw new AppError("payment_failed", `Razorpay refused the payment link: ${reason(err)}`);
  }
}

/** A Razorpay webhook body → what it means for us. */
export function readRazorpayEvent(id: string, body: Obj): ProviderEvent {
  const subscriptionEvent = readRazorpaySubscriptionEvent(id, body);
  if (subscriptionEvent) return subscriptionEvent;
  const payload = (body.payload ?? {}) as Obj;
  const entity = (key: string) => ((payload[key] as Obj | undefined)?.entity ?? {}) as Obj;
  const notesOrder = (e: Obj) => str((e.notes as Obj | undefined)?.order_id);
  switch (body.event) {
    case "payment_link.paid": {
      const link = entity("payment_link");
      return {
        id,
        type: "payment_succeeded",
        orderId: notesOrder(link) ?? str(link.reference_id) ?? notesOrder(entity("payment")),
        providerRef: str(link.id),
        amount: typeof link.amount_paid === "number" ? link.amount_paid : null,
      };
    }
    case "payment.captured":
    case "order.paid": {
      const payment = entity("payment");
      const order = entity("order");
      const orderId = notesOrder(payment) ?? notesOrder(order);
      if (!orderId) return { id, type: "ignored" };
      return {
        id,
        type: "payment_succeeded",
        orderId,
        amount: typeof payment.amount === "number" ? payment.amount : null,
      };
    }
    case "refund.processed":
      return { id, type: "refunded" };
    default:
      return { id, type: "ignored" };
  }
}

const RAZORPAY_FIELDS: SettingsFields = {
  config: ["keyId"],
  secrets: ["keySecret", "webhookSecret"],
  required: ["config.keyId", "secrets.keySecret", "secrets.webhookSecret"],
};

export const razorpayProvider: PaymentProvider = {
  name: "razorpay",
  settingsFields: RAZORPAY_FIELDS,
  configured: (s) => hasRequiredSettings(RAZORPAY_FIELDS, s),
  startCheckout,
  async paymentStatus(settings, providerRef) {
    if (isRazorpaySubscription(providerRef)) return razorpaySubscriptionStatus(settings, providerRef);
    const link = (await client(settings).paymentLink.fetch(providerRef)) as unknown as Obj;
    return { paid: link.status === "paid", providerRef };
  },
  async verifyWebhook(settings, rawBody, headers) {
    const secret = settings.secrets.webhookSecret;
    const signature = headers.get("x-razorpay-signature");
    if (!secret || !signature) throw new AppError("invalid_signature", "Missing Razorpay signature");
    let valid = false;
    try {
      valid = Razorpay.validateWebhookSignature(rawBody, signature, secret);
    } catch {
      valid = false;
    }
    if (!valid) throw new AppError("invalid_signature", "Razorpay signature refused");
    let body: Obj;
    try {
      body = JSON.parse(rawBody) as Obj;
    } catch {
      throw new AppError("invalid_signature", "Razorpay message is not JSON");
    }
    // Razorpay names each delivery in a header; a replay carries the same id.
    const id = headers.get("x-razorpay-event-id") ?? createHash("sha256").update(rawBody).digest("hex");
    return readRazorpayEvent(id, body);
  },
  async refund(settings, providerRef, amount) {
    if (isRazorpaySubscription(providerRef)) return refundRazorpaySubscription(settings, providerRef, amount);
    const rzp = client(settings);
    const link = (await rzp.paymentLink.fetch(providerRef)) as unknown as Obj;
    const payments = (link.payments ?? []) as Obj[];
    const paid = payments.find((p) => p.status === "captured") ?? payments[0];
    const paymentId = str(paid?.payment_id);
    if (!paymentId) throw new AppError("payment_failed", "Razorpay has no payment for this order");
    await rzp.payments.refund(paymentId, { amount });
  },
  async cancelSubscription(settings, subscriptionRef) {
    await cancelRazorpaySubscription(settings, subscriptionRef);
  },
};
