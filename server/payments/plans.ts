// Recurring plans, shared by the providers that bill subscriptions against them (PayPal, Razorpay):
// one plan per product price, found again by a key that names everything the plan charges.
import { createHash } from "node:crypto";
import type { SubscriptionCheckout } from "./types";

/** The product, currency, amount, period and any discounted payments: a change of any is a new plan. */
export function planKey(currency: string, sub: SubscriptionCheckout): string {
  const discount = sub.discount ? `${sub.discount.amount}x${sub.discount.payments ?? "all"}` : "full";
  return [
    sub.productId,
    currency.toUpperCase(),
    sub.amount,
    `${sub.duration.value}x${sub.duration.parameter}`,
    discount,
  ].join(":");
}

/** A short stable id for a provider's idempotency header (they cap its length). */
export const requestIdFor = (prefix: string, ...parts: string[]) =>
  `${prefix}-${createHash("sha256").update(parts.join("|")).digest("hex").slice(0, 40)}`;

/** How many payments a provider should take before a subscription stops on its own: ten years' worth. */
export function paymentsForTenYears(duration: { value: number; parameter: number }): number {
  const seconds = Math.max(1, duration.value * duration.parameter);
  return Math.max(1, Math.ceil((10 * 365 * 86400) / seconds));
}
