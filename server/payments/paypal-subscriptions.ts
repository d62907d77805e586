// PayPal subscriptions (Subscriptions API through the SDK's SubscriptionsController): a catalog
// product per product and a plan per product price (a coupon's discounted payments become trial
// cycles), a subscription the buyer approves on PayPal, and what PayPal's messages about it mean.
// A subscription's payments are counted by PayPal (cycles completed), so each renewal is applied
// once whichever message reports it.
import {
  ApplicationContextUserAction,
  ExperienceContextShippingPreference,
  IntervalUnit,
  PlanRequestStatus,
  type SubscriptionBillingCycle,
  TenureType,
} from "@paypal/paypal-server-sdk";
import { billingInterval } from "../../core/currency";
import { AppError } from "../errors";
import { paypalClient, paypalMinor, paypalReason, paypalRest, paypalValue } from "./paypal-client";
import { planKey, requestIdFor } from "./plans";
import type { CheckoutInput, PaymentStatus, ProviderEvent, ProviderSettings, SubscriptionCheckout } from "./types";

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

/** PayPal subscription ids start with "I-"; order ids never do. */
export const isPayPalSubscription = (ref: string) => ref.startsWith("I-");

const UNITS = { day: IntervalUnit.Day, week: IntervalUnit.Week, month: IntervalUnit.Month, year: IntervalUnit.Year };

function billingCycles(currency: string, sub: SubscriptionCheckout): SubscriptionBillingCycle[] {
  const interval = billingInterval("paypal", sub.duration);
  if (!interval) throw new AppError("validation_failed", "PayPal cannot bill this period; choose another method");
  const frequency = { intervalUnit: UNITS[interval.unit], intervalCount: interval.count };
  const price = (minor: number) => ({ fixedPrice: { currencyCode: currency, value: paypalValue(minor, currency) } });
  const regular = (sequence: number, amount: number): SubscriptionBillingCycle => ({
    frequency,
    tenureType: TenureType.Regular,
    sequence,
    totalCycles: 0,
    pricingScheme: price(amount),
  });
  const d = sub.discount;
  if (!d) return [regular(1, sub.amount)];
  if (d.payments === null) return [regular(1, d.amount)];
  // The discounted payments come first, as PayPal's trial cycles, then the regular price for good.
  return [
    { frequency, tenureType: TenureType.Trial, sequence: 1, totalCycles: d.payments, pricingScheme: price(d.amount) },
    regular(2, sub.amount),
  ];
}

/** The catalog product a plan belongs to: ours by id, so asking twice finds the same one. */
async function ensureCatalogProduct(settings: ProviderSettings, sub: SubscriptionCheckout): Promise<string> {
  const id = `ATR-${sub.productId}`;
  const res = await paypalRest(
    settings,
    "POST",
    "/v1/catalogs/products",
    { id, name: sub.productTitle.slice(0, 127) || "Subscription", type: "DIGITAL" },
    requestIdFor("product", id),
  );
  const issue = JSON.stringify(res.body);
  if (res.status < 300 || (res.status === 422 && issue.includes("DUPLICATE_RESOURCE_IDENTIFIER"))) return id;
  throw new Error(`catalog product ${res.status} ${issue.slice(0, 300)}`);
}

async function ensurePlan(settings: ProviderSettings, input: CheckoutInput, sub: SubscriptionCheckout) {
  const key = planKey(input.currency, sub);
  const known = await input.plans?.get("paypal", key);
  if (known) return known;
  const productRef = await ensureCatalogProduct(settings, sub);
  const { result } = await paypalClient(settings).subscriptions.createBillingPlan({
    paypalRequestId: requestIdFor("plan", input.accountId, key),
    prefer: "return=representation",
    body: {
      productId: productRef,
      name: sub.productTitle.slice(0, 127) || "Subscription",
      status: PlanRequestStatus.Active,
      billingCycles: billingCycles(input.currency, sub),
      paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: 3 },
    },
  });
  if (!result.id) throw new Error("PayPal answered a plan without an id");
  await input.plans?.put("paypal", key, result.id, sub.productId);
  return result.id;
}

/** A subscription for the buyer to approve on PayPal; our order id travels as custom_id. */
export async function startPayPalSubscription(settings: ProviderSettings, input: CheckoutInput) {
  const sub = input.subscription;
  if (!sub) throw new Error("not a subscription");
  try {
    const planId = await ensurePlan(settings, input, sub);
    const { result } = await paypalClient(settings).subscriptions.createSubscription({
      paypalRequestId: input.idempotencyKey,
      prefer: "return=representation",
      body: {
        planId,
        customId: input.orderId,
        ...(input.buyer.email ? { subscriber: { emailAddress: input.buyer.email } } : {}),
        applicationContext: {
          returnUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          userAction: ApplicationContextUserAction.SubscribeNow,
          shippingPreference: ExperienceContextShippingPreference.NoShipping,
        },
      },
    });
    const link = result.links?.find((l) => l.rel === "approve");
    if (!result.id || !link?.href) throw new Error("no approval link");
    return { kind: "redirect" as const, url: link.href, providerRef: result.id };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("payment_failed", `PayPal refused the subscription: ${paypalReason(err)}`);
  }
}

/** Payments taken so far: every cycle completed, trial and regular. */
const paymentsOf = (sub: Obj) =>
  (((sub.billing_info as Obj | undefined)?.cycle_executions ?? []) as Obj[]).reduce(
    (n, c) => n + (typeof c.cycles_completed === "number" ? c.cycles_completed : 0),
    0,
  );
const nextBilling = (sub: Obj) => {
  const at = str((sub.billing_info as Obj | undefined)?.next_billing_time);
  return at ? new Date(at) : null;
};

/** The subscription as PayPal's REST API answers it (snake_case, as in its messages). */
async function fetchSubscription(settings: ProviderSettings, id: string): Promise<Obj> {
  const res = await paypalRest(settings, "GET", `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
  if (res.status >= 300) throw new Error(`subscription ${id}: ${res.status}`);
  return res.body;
}

/** Whether the buyer approved and PayPal took the first payment (the return page, the sweep). */
export async function payPalSubscriptionStatus(settings: ProviderSettings, id: string): Promise<PaymentStatus> {
  const sub = await fetchSubscription(settings, id);
  const paid = sub.status === "ACTIVE" && paymentsOf(sub) >= 1;
  return { paid, providerRef: id, subscriptionRef: paid ? id : null, periodEnd: paid ? nextBilling(sub) : null };
}

/** A payment of a subscription, as PayPal counts it: the first pays our order, later ones renew it. */
async function subscriptionPayment(settings: ProviderSettings, eventId: string, id: string, amount: number | null) {
  const sub = await fetchSubscription(settings, id);
  const payments = paymentsOf(sub);
  if (payments < 1) return { id: eventId, type: "ignored" as const };
  return {
    id: eventId,
    type: payments === 1 ? ("payment_succeeded" as const) : ("subscription_renewed" as const),
    orderId: str(sub.custom_id),
    providerRef: id,
    subscriptionRef: id,
    periodEnd: nextBilling(sub),
    payments,
    amount,
  };
}

/** BILLING.SUBSCRIPTION.* and PAYMENT.SALE.* messages; null for any other kind. */
export async function readPayPalSubscriptionEvent(
  settings: ProviderSettings,
  body: Obj,
): Promise<ProviderEvent | null> {
  const id = str(body.id) ?? "";
  const resource = (body.resource ?? {}) as Obj;
  switch (body.event_type) {
    case "BILLING.SUBSCRIPTION.ACTIVATED": {
      const ref = str(resource.id);
      return ref ? subscriptionPayment(settings, id, ref, null) : { id, type: "ignored" };
    }
    case "PAYMENT.SALE.COMPLETED": {
      const ref = str(resource.billing_agreement_id);
      if (!ref) return { id, type: "ignored" };
      const amount = (resource.amount ?? {}) as Obj;
      return subscriptionPayment(settings, id, ref, paypalMinor(amount.total, str(amount.currency) ?? "USD"));
    }
    case "BILLING.SUBSCRIPTION.CANCELLED":
    case "BILLING.SUBSCRIPTION.EXPIRED":
      return { id, type: "subscription_ended", subscriptionRef: str(resource.id) };
    case "BILLING.SUBSCRIPTION.SUSPENDED":
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED":
      return { id, type: "payment_failed", subscriptionRef: str(resource.id) };
    default:
      return null;
  }
}

/** Stops PayPal billing the subscription; one PayPal already ended needs nothing more. */
export async function cancelPayPalSubscription(settings: ProviderSettings, id: string, reason: string) {
  try {
    await paypalClient(settings).subscriptions.cancelSubscription({ id, body: { reason } });
  } catch (err) {
    const e = err as { statusCode?: number; body?: unknown };
    if (e.statusCode === 422 && String(e.body).includes("SUBSCRIPTION_STATUS_INVALID")) return;
    throw err;
  }
}

/** Returns the subscription's first payment (its sale, REST v1) and stops the subscription. */
export async function refundPayPalSubscription(settings: ProviderSettings, id: string, amount: number) {
  const sub = await fetchSubscription(settings, id);
  const from = new Date(new Date(str(sub.create_time) ?? Date.now()).getTime() - 86_400_000);
  const { result } = await paypalClient(settings).subscriptions.listSubscriptionTransactions({
    id,
    startTime: from.toISOString(),
    endTime: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const first = (result.transactions ?? [])
    .filter((t) => t.status === "COMPLETED" && t.id)
    .sort((a, b) => String(a.time).localeCompare(String(b.time)))[0];
  const currency = first?.amountWithBreakdown?.grossAmount?.currencyCode;
  if (!first?.id || !currency) throw new AppError("payment_failed", "PayPal has no payment for this subscription");
  const res = await paypalRest(
    settings,
    "POST",
    `/v1/payments/sale/${encodeURIComponent(first.id)}/refund`,
    { amount: { total: paypalValue(amount, currency), currency } },
    `refund-${id}`,
  );
  if (res.status >= 300) throw new Error(`sale refund ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  await cancelPayPalSubscription(settings, id, "Refunded");
}
