// Razorpay subscriptions through its SDK: a plan per product price, a subscription the buyer pays on
// Razorpay's hosted page (our order id in its notes), and what subscription.* messages mean.
// Razorpay counts the payments of a subscription (paid_count), so each renewal is applied once.
import { billingInterval } from "../../core/currency";
import { AppError } from "../errors";
import { paymentsForTenYears, planKey } from "./plans";
import { razorpayClient, razorpayReason } from "./razorpay-client";
import type { CheckoutInput, PaymentStatus, ProviderEvent, ProviderSettings, SubscriptionCheckout } from "./types";

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Razorpay subscription ids start with "sub_"; payment links with "plink_". */
export const isRazorpaySubscription = (ref: string) => ref.startsWith("sub_");

const PERIODS = { day: "daily", week: "weekly", month: "monthly", year: "yearly" } as const;

async function ensurePlan(settings: ProviderSettings, input: CheckoutInput, sub: SubscriptionCheckout) {
  const interval = billingInterval("razorpay", sub.duration);
  if (!interval) throw new AppError("validation_failed", "Razorpay cannot bill this period; choose another method");
  const key = planKey(input.currency, sub);
  const known = await input.plans?.get("razorpay", key);
  if (known) return known;
  const plan = (await razorpayClient(settings).plans.create({
    period: PERIODS[interval.unit],
    interval: interval.count,
    item: { name: sub.productTitle.slice(0, 100) || "Subscription", amount: sub.amount, currency: input.currency },
    notes: { product_id: sub.productId },
  })) as unknown as Obj;
  const id = str(plan.id);
  if (!id) throw new Error("Razorpay answered a plan without an id");
  await input.plans?.put("razorpay", key, id, sub.productId);
  return id;
}

/** A subscription the buyer pays on Razorpay's page; it bills ten years' worth unless cancelled. */
export async function startRazorpaySubscription(settings: ProviderSettings, input: CheckoutInput) {
  const sub = input.subscription;
  if (!sub) throw new Error("not a subscription");
  // Razorpay offers are made in its dashboard, not by the API: a coupon cannot lower a payment here.
  if (sub.discount) throw new AppError("validation_failed", "Razorpay cannot apply a coupon to a subscription");
  try {
    const planId = await ensurePlan(settings, input, sub);
    const created = (await razorpayClient(settings).subscriptions.create({
      plan_id: planId,
      total_count: paymentsForTenYears(sub.duration),
      quantity: 1,
      customer_notify: 1,
      notes: { order_id: input.orderId, account_id: input.accountId },
    })) as unknown as Obj;
    const id = str(created.id);
    const url = str(created.short_url);
    if (!id || !url) throw new Error("no subscription page");
    return { kind: "redirect" as const, url, providerRef: id };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("payment_failed", `Razorpay refused the subscription: ${razorpayReason(err)}`);
  }
}

const periodEndOf = (sub: Obj) => {
  const end = num(sub.current_end);
  return end ? new Date(end * 1000) : null;
};

/** Whether the buyer paid the first payment (the return page, the sweep). */
export async function razorpaySubscriptionStatus(settings: ProviderSettings, id: string): Promise<PaymentStatus> {
  const sub = (await razorpayClient(settings).subscriptions.fetch(id)) as unknown as Obj;
  const paid = (num(sub.paid_count) ?? 0) >= 1;
  return { paid, providerRef: id, subscriptionRef: paid ? id : null, periodEnd: paid ? periodEndOf(sub) : null };
}

/** subscription.* messages; null for any other kind. */
export function readRazorpaySubscriptionEvent(id: string, body: Obj): ProviderEvent | null {
  const event = str(body.event) ?? "";
  if (!event.startsWith("subscription.")) return null;
  const payload = (body.payload ?? {}) as Obj;
  const sub = ((payload.subscription as Obj | undefined)?.entity ?? {}) as Obj;
  const ref = str(sub.id);
  if (!ref) return { id, type: "ignored" };
  switch (event) {
    case "subscription.charged": {
      const payments = num(sub.paid_count) ?? 0;
      if (payments < 1) return { id, type: "ignored" };
      const payment = ((payload.payment as Obj | undefined)?.entity ?? {}) as Obj;
      return {
        id,
        type: payments === 1 ? "payment_succeeded" : "subscription_renewed",
        orderId: str((sub.notes as Obj | undefined)?.order_id),
        providerRef: ref,
        subscriptionRef: ref,
        periodEnd: periodEndOf(sub),
        payments,
        amount: num(payment.amount),
      };
    }
    case "subscription.cancelled":
    case "subscription.completed":
      return { id, type: "subscription_ended", subscriptionRef: ref };
    case "subscription.halted":
    case "subscription.pending":
      return { id, type: "payment_failed", subscriptionRef: ref };
    default:
      return { id, type: "ignored" };
  }
}

/** Stops billing at the end of the paid cycle (`now`: at once); one already ended needs nothing. */
export async function cancelRazorpaySubscription(settings: ProviderSettings, id: string, now = false) {
  try {
    await razorpayClient(settings).subscriptions.cancel(id, !now);
  } catch (err) {
    if (/not cancellable|already cancelled|cancelled status|completed status/i.test(razorpayReason(err))) return;
    throw err;
  }
}

/** Returns the first payment of the subscription and stops it at once. */
export async function refundRazorpaySubscription(settings: ProviderSettings, id: string, amount: number) {
  const rzp = razorpayClient(settings);
  const invoices = (await rzp.invoices.all({ subscription_id: id } as never)) as unknown as { items?: Obj[] };
  const first = (invoices.items ?? [])
    .filter((i) => str(i.payment_id) && (i.status === "paid" || i.status === "captured"))
    .sort((a, b) => (num(a.created_at) ?? 0) - (num(b.created_at) ?? 0))[0];
  const paymentId = str(first?.payment_id);
  if (!paymentId) throw new AppError("payment_failed", "Razorpay has no payment for this subscription");
  await rzp.payments.refund(paymentId, { amount });
  await cancelRazorpaySubscription(settings, id, true);
}
