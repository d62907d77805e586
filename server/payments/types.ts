// One interface for every payment provider (ARCHITECTURE.md adapters): the embedded default is
// `offline` (the order waits until the owner marks it paid); stripe, paypal and razorpay use their
// official SDKs and verify every message they send us.
import type { PaymentProviderName } from "../../core/currency";

export type ProviderSettings = { config: Record<string, string>; secrets: Record<string, string> };

export type CheckoutInput = {
  accountId: string;
  orderId: string;
  currency: string;
  /** What the buyer pays now, minor units (after the coupon). */
  totalAmount: number;
  items: { productId: string; title: string; amount: number; quantity: number }[];
  /** Set for a subscription order: the recurring amount and period. */
  subscription?: { amount: number; firstAmount: number; periodSeconds: number; productTitle: string } | null;
  buyer: { userId: string; email: string; name: string };
  /** Absolute URLs on the site: where the provider sends the buyer back. */
  successUrl: string;
  cancelUrl: string;
  /** Passed to the provider so a retried request never creates a second payment. */
  idempotencyKey: string;
};

export type CheckoutStart =
  /** Send the buyer to the provider's page. */
  | { kind: "redirect"; url: string; providerRef: string }
  /** Nothing to do online: the order waits (offline instructions are shown). */
  | { kind: "pending"; providerRef: string | null };

/** What a verified provider message means for us. */
export type ProviderEvent = {
  /** The provider's event id: handled once (payment_events). */
  id: string;
  type: "payment_succeeded" | "payment_failed" | "subscription_renewed" | "subscription_ended" | "refunded" | "ignored";
  /** Our order id when the provider echoes it (metadata / custom id / notes). */
  orderId?: string | null;
  /** Checkout session / order / payment id. */
  providerRef?: string | null;
  /** The provider's subscription id, for renewals and endings. */
  subscriptionRef?: string | null;
  /** For a renewal: the end of the newly paid period. */
  periodEnd?: Date | null;
  /** Amount paid, minor units, when the message says. */
  amount?: number | null;
};

export type PaymentStatus = { paid: boolean; subscriptionRef?: string | null; providerRef?: string | null };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** True when the site has what this provider needs (keys). */
  configured(settings: ProviderSettings): boolean;
  startCheckout(settings: ProviderSettings, input: CheckoutInput): Promise<CheckoutStart>;
  /** Asks the provider whether a checkout was paid (used on the return URL and by the reconcile sweep). */
  paymentStatus(settings: ProviderSettings, providerRef: string): Promise<PaymentStatus>;
  /**
   * Verifies a webhook from its raw body and headers and reads it. Throws AppError("invalid_signature")
   * when the signature does not verify.
   */
  verifyWebhook(settings: ProviderSettings, rawBody: string, headers: Headers): Promise<ProviderEvent>;
  /** Refunds a paid order with the provider (offline: nothing to call). */
  refund(settings: ProviderSettings, providerRef: string, amount: number): Promise<void>;
  /** Stops a subscription at the end of its paid period. */
  cancelSubscription(settings: ProviderSettings, subscriptionRef: string): Promise<void>;
}
