/** Plans are keyed by UUID, as stored on accounts (settings.plan). */
export type PlanId = string;
export type PlanSlug = "starter" | "professional" | "dedicated" | "lifetime";
export type PlanKind = "subscription" | "lifetime";

export const BILLING_PERIODS = ["monthly", "annual", "onetime"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PAYMENT_PROVIDERS = ["stripe", "paypal", "razorpay"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export interface BillingOption {
  /** Integer minor units (US cents), so sums and discounts never meet floating point. */
  readonly amount: number;
  readonly currency: "USD";
  readonly price_id: string;
  /** Billing cycles before the subscription ends; null for a one-time charge. */
  readonly iterations: number | null;
  readonly trial_days: number;
}

export interface StripeBillingOption extends BillingOption {
  readonly productID: string;
}

export type BillingOptions<T extends BillingOption> = Readonly<Partial<Record<BillingPeriod, T>>>;

export interface PlanPricing {
  readonly stripe?: BillingOptions<StripeBillingOption>;
  readonly paypal?: BillingOptions<BillingOption>;
  readonly razorpay?: BillingOptions<BillingOption>;
}

/** images and videos count stored files; storage is megabytes. */
export interface StorageLimits {
  readonly images: number;
  readonly videos: number;
  readonly storage: number;
}

/** Keys vary by plan (spec §3); a key a plan does not list means a limit of 0. */
export type PlanLimits = { readonly [name: string]: number | StorageLimits | undefined };

export interface Plan {
  readonly id: PlanId;
  readonly slug: PlanSlug;
  readonly label: string;
  readonly description: string;
  readonly kind: PlanKind;
  readonly features: readonly string[];
  readonly addons: readonly string[];
  readonly limits: PlanLimits;
  readonly pricing: PlanPricing;
  readonly trialDays: number;
  /** Simultaneous members the plan is advertised to carry. */
  readonly concurrentUsers: number;
}
