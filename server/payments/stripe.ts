// Stripe through its official SDK: a hosted Checkout Session per order (mode payment, or mode
// subscription with a recurring price), signed webhooks read with constructEvent, refunds on the
// session's payment. `config.apiBase` points the SDK elsewhere (a local stand-in in tests).
import Stripe from "stripe";
import { AppError } from "../errors";
import { chargeSavedCard, isPaymentIntentRef } from "./stripe-saved-charge";
import {
  type CheckoutInput,
  hasRequiredSettings,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSettings,
  type SettingsFields,
} from "./types";

const DAY = 86400;

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
/** An id that the API returns either as a string or as an expanded object. */
const idOf = (v: unknown): string | null => str(v) ?? (v && typeof v === "object" ? str((v as Obj).id) : null);

/** The SDK client for a set of settings (the platform's plan billing calls it directly too). */
export function stripeClient(settings: ProviderSettings): Stripe {
  return client(settings);
}

function client(settings: ProviderSettings): Stripe {
  const key = settings.secrets.secretKey;
  if (!key) throw new AppError("payment_failed", "Stripe is not set up on this site");
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000 };
  const base = settings.config.apiBase?.trim();
  if (base) {
    const url = new URL(base);
    options.host = url.hostname;
    options.port = url.port || (url.protocol === "http:" ? 80 : 443);
    options.protocol = url.protocol === "http:" ? "http" : "https";
  }
  return new Stripe(key, options);
}

/** Our period in seconds → Stripe's recurring interval (whole years, months, weeks, else days). */
export function stripeInterval(seconds: number): {
  interval: "day" | "week" | "month" | "year";
  interval_count: number;
} {
  const days = Math.max(1, Math.round(seconds / DAY));
  if (days % 365 === 0) return { interval: "year", interval_count: days / 365 };
  if (days % 30 === 0) return { interval: "month", interval_count: days / 30 };
  if (days % 7 === 0) return { interval: "week", interval_count: days / 7 };
  return { interval: "day", interval_count: days };
}

const orderName = (orderId: string) => `Order ${orderId.slice(0, 8).toUpperCase()}`;

async function startCheckout(settings: ProviderSettings, input: CheckoutInput) {
  const stripe = client(settings);
  const currency = input.currency.toLowerCase();
  const common = {
    client_reference_id: input.orderId,
    metadata: { order_id: input.orderId, account_id: input.accountId },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    ...(input.buyer.email ? { customer_email: input.buyer.email } : {}),
  };
  let session: Stripe.Checkout.Session;
  const sub = input.subscription;
  if (sub) {
    const discounts: Stripe.Checkout.SessionCreateParams.Discount[] = [];
    if (sub.firstAmount < sub.amount) {
      // The coupon applies to the first payment only: a one-off Stripe coupon of the difference.
      const coupon = await stripe.coupons.create(
        { amount_off: sub.amount - sub.firstAmount, currency, duration: "once", name: orderName(input.orderId) },
        { idempotencyKey: `${input.idempotencyKey}-coupon` },
      );
      discounts.push({ coupon: coupon.id });
    }
    session = await stripe.checkout.sessions.create(
      {
        ...common,
        mode: "subscription",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency,
              unit_amount: sub.amount,
              product_data: { name: sub.productTitle },
              recurring: stripeInterval(sub.periodSeconds),
            },
          },
        ],
        subscription_data: { metadata: { order_id: input.orderId } },
        ...(discounts.length ? { discounts } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
  } else {
    session = await stripe.checkout.sessions.create(
      {
        ...common,
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency,
              unit_amount: input.totalAmount,
              product_data: {
                name: orderName(input.orderId),
                description:
                  input.items
                    .map((i) => i.title)
                    .join(", ")
                    .slice(0, 500) || undefined,
              },
            },
          },
        ],
        payment_intent_data: {
          metadata: { order_id: input.orderId },
          // An offer may follow: the card is kept on a Stripe customer to charge it off-session.
          ...(input.saveForLater ? { setup_future_usage: "off_session" as const } : {}),
        },
        ...(input.saveForLater ? { customer_creation: "always" as const } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
  }
  if (!session.url) throw new AppError("payment_failed", "Stripe did not answer a checkout page");
  return { kind: "redirect" as const, url: session.url, providerRef: session.id };
}

const sessionPaid = (s: Obj) => s.payment_status === "paid" || s.payment_status === "no_payment_required";

/** A Stripe event → what it means for us. */
export function readStripeEvent(event: { id: string; type: string; data: { object: unknown } }): ProviderEvent {
  const o = (event.data.object ?? {}) as Obj;
  const base = { id: event.id };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      if (!sessionPaid(o)) return { ...base, type: "ignored" };
      const meta = (o.metadata ?? {}) as Obj;
      return {
        ...base,
        type: "payment_succeeded",
        orderId: str(meta.order_id) ?? str(o.client_reference_id),
        providerRef: str(o.id),
        subscriptionRef: idOf(o.subscription),
        amount: typeof o.amount_total === "number" ? o.amount_total : null,
      };
    }
    case "invoice.paid": {
      if (o.billing_reason !== "subscription_cycle") return { ...base, type: "ignored" };
      const lines = ((o.lines as Obj | undefined)?.data ?? []) as Obj[];
      const end = lines
        .map((l) => (l.period as Obj | undefined)?.end)
        .filter((v): v is number => typeof v === "number");
      return {
        ...base,
        type: "subscription_renewed",
        subscriptionRef: invoiceSubscription(o),
        periodEnd: end.length ? new Date(Math.max(...end) * 1000) : null,
        amount: typeof o.amount_paid === "number" ? o.amount_paid : null,
      };
    }
    case "invoice.payment_failed":
      return { ...base, type: "payment_failed", subscriptionRef: invoiceSubscription(o) };
    case "customer.subscription.deleted":
      return { ...base, type: "subscription_ended", subscriptionRef: str(o.id) };
    case "charge.refunded":
      return { ...base, type: "refunded", providerRef: idOf(o.payment_intent) };
    default:
      return { ...base, type: "ignored" };
  }
}

/** The invoice's subscription: `subscription` on older API versions, `parent.subscription_details` on newer. */
function invoiceSubscription(o: Obj): string | null {
  const parent = o.parent as Obj | undefined;
  const details = parent?.subscription_details as Obj | undefined;
  return idOf(o.subscription) ?? idOf(details?.subscription);
}

const STRIPE_FIELDS: SettingsFields = {
  config: ["publishableKey"],
  secrets: ["secretKey", "webhookSecret"],
  required: ["secrets.secretKey", "secrets.webhookSecret"],
};

export const stripeProvider: PaymentProvider = {
  name: "stripe",
  settingsFields: STRIPE_FIELDS,
  configured: (s) => hasRequiredSettings(STRIPE_FIELDS, s),
  startCheckout,
  chargeSaved: (settings, input) => chargeSavedCard(client(settings), input),
  async paymentStatus(settings, providerRef) {
    if (isPaymentIntentRef(providerRef)) {
      const intent = await client(settings).paymentIntents.retrieve(providerRef);
      return { paid: intent.status === "succeeded", providerRef };
    }
    const session = (await client(settings).checkout.sessions.retrieve(providerRef)) as unknown as Obj;
    return {
      paid: sessionPaid(session) || (session.status === "complete" && session.mode === "subscription"),
      subscriptionRef: idOf(session.subscription),
      providerRef,
    };
  },
  async verifyWebhook(settings, rawBody, headers) {
    const secret = settings.secrets.webhookSecret;
    const signature = headers.get("stripe-signature");
    if (!secret || !signature) throw new AppError("invalid_signature", "Missing Stripe signature");
    let event: Stripe.Event;
    try {
      event = client(settings).webhooks.constructEvent(rawBody, signature, secret);
    } catch (err) {
      throw new AppError("invalid_signature", `Stripe signature refused: ${(err as Error).message}`);
    }
    return readStripeEvent(event as unknown as { id: string; type: string; data: { object: unknown } });
  },
  async refund(settings, providerRef, amount) {
    const stripe = client(settings);
    if (isPaymentIntentRef(providerRef)) {
      // An offer charged off-session: the order's ref is its PaymentIntent.
      await stripe.refunds.create({ payment_intent: providerRef, amount }, { idempotencyKey: `refund-${providerRef}` });
      return;
    }
    const session = (await stripe.checkout.sessions.retrieve(providerRef)) as unknown as Obj;
    let paymentIntent = idOf(session.payment_intent);
    const subscription = idOf(session.subscription);
    if (!paymentIntent && session.invoice) {
      const invoice = (await stripe.invoices.retrieve(idOf(session.invoice) as string)) as unknown as Obj;
      const payments = ((invoice.payments as Obj | undefined)?.data ?? []) as Obj[];
      paymentIntent =
        idOf(invoice.payment_intent) ?? idOf((payments[0]?.payment as Obj | undefined)?.payment_intent) ?? null;
    }
    if (!paymentIntent) throw new AppError("payment_failed", "Stripe has no payment for this order");
    await stripe.refunds.create({ payment_intent: paymentIntent, amount }, { idempotencyKey: `refund-${providerRef}` });
    // A refunded subscription does not renew.
    if (subscription) await stripe.subscriptions.cancel(subscription);
  },
  async cancelSubscription(settings, subscriptionRef) {
    await client(settings).subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
  },
};
