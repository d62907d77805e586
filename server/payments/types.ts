// One interface for every payment provider (ARCHITECTURE.md adapters): the embedded default is
// `offline` (the order waits until the owner marks it paid); stripe, paypal and razorpay use their
// official SDKs and verify every message they send us.
import type { PaymentProviderName } from "../../core/currency";
import type { PriceDuration } from "../../core/product";

export type ProviderSettings = { config: Record<string, string>; secrets: Record<string, string> };

export type CheckoutInput = {
  accountId: string;
  orderId: string;
  currency: string;
  /** What the buyer pays now, minor units (after the coupon). */
  totalAmount: number;
  items: { productId: string; title: string; amount: number; quantity: number }[];
  /** Set for a subscription order: the recurring amount and period. */
  subscription?: SubscriptionCheckout | null;
  /** Where a provider keeps the plans it bills subscriptions against (one per product price). */
  plans?: PlanStore;
  buyer: { userId: string; email: string; name: string };
  /** Absolute URLs on the site: where the provider sends the buyer back. */
  successUrl: string;
  cancelUrl: string;
  /** Passed to the provider so a retried request never creates a second payment. */
  idempotencyKey: string;
  /**
   * An offer may follow the payment (a product's upsell): a provider that can charge a saved payment
   * method later keeps this one for off-session use.
   */
  saveForLater?: boolean;
};

/** Charging the payment method of an earlier paid checkout again, without the buyer (an upsell). */
export type SavedCharge = {
  accountId: string;
  orderId: string;
  currency: string;
  amount: number;
  description: string;
  /** The earlier order's providerRef (its checkout). */
  fromRef: string;
  idempotencyKey: string;
};

export type SavedChargeResult =
  | { status: "paid"; providerRef: string }
  /** Declined, or the bank wants the buyer to authenticate: the buyer pays on the provider's page. */
  | { status: "declined" | "action_required" | "unavailable"; providerRef: string | null };

export type SubscriptionCheckout = {
  productId: string;
  productTitle: string;
  /** The recurring amount, minor units. */
  amount: number;
  /** What the first payment costs (after the coupon). */
  firstAmount: number;
  periodSeconds: number;
  duration: PriceDuration;
  /** A coupon's discounted price and how many payments get it (first included; null: every one). */
  discount: { amount: number; payments: number | null } | null;
};

/** Plans the site already has with a provider, by a key naming the price they bill. */
export type PlanStore = {
  get(provider: PaymentProviderName, key: string): Promise<string | null>;
  put(provider: PaymentProviderName, key: string, planRef: string, productId: string): Promise<void>;
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
  /** For a subscription payment: the end of the newly paid period. */
  periodEnd?: Date | null;
  /**
   * For a subscription payment: how many payments the provider has taken so far (1 = the first).
   * A renewal is applied once per payment, whichever of the provider's messages reports it.
   */
  payments?: number | null;
  /** Amount paid, minor units, when the message says. */
  amount?: number | null;
};

export type PaymentStatus = {
  paid: boolean;
  subscriptionRef?: string | null;
  providerRef?: string | null;
  /** For a subscription: the end of the period the first payment paid for, when the provider says. */
  periodEnd?: Date | null;
};

/**
 * The settings an owner fills in for a provider, named exactly as its adapter reads them: public
 * ones kept in `config`, secret ones in `secrets`; `required` ("config.x" / "secrets.y") must all
 * be set before a buyer is offered the provider.
 */
export type SettingsFields = {
  readonly config: readonly string[];
  readonly secrets: readonly string[];
  readonly required: readonly string[];
};

/** Whether every required field of a provider is set. */
export function hasRequiredSettings(fields: SettingsFields, settings: ProviderSettings): boolean {
  return fields.required.every((path) => {
    const [where, key] = path.split(".") as ["config" | "secrets", string];
    return Boolean(settings[where][key]?.trim());
  });
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly settingsFields: SettingsFields;
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
  /** Charges the payment method saved by an earlier checkout (providers that keep one: Stripe). */
  chargeSaved?(settings: ProviderSettings, input: SavedCharge): Promise<SavedChargeResult>;
  /** Stops a subscription at the end of its paid period. */
  cancelSubscription(settings: ProviderSettings, subscriptionRef: string): Promise<void>;
}
