import {
  BILLING_PERIODS,
  type BillingOption,
  type BillingOptions,
  type BillingPeriod,
  type PlanPricing,
  type PlanSlug,
  type StripeBillingOption,
} from "./plan-types";

/** A price as the spec states it: whole US dollars, and how many cycles it bills for. */
export interface Offer {
  usd: number;
  iterations: number | null;
}
export type Offers = Partial<Record<BillingPeriod, Offer>>;

function mapOffers<T extends BillingOption>(
  offers: Offers,
  make: (period: BillingPeriod, offer: Offer) => T,
): BillingOptions<T> {
  const options: Partial<Record<BillingPeriod, T>> = {};
  for (const period of BILLING_PERIODS) {
    const offer = offers[period];
    if (offer) options[period] = make(period, offer);
  }
  return options;
}

/** Same offers on every provider unless a provider gets its own (Razorpay's one-time Starter). */
export function buildPricing(
  slug: PlanSlug,
  offers: Offers,
  trialDays: number,
  razorpayOffers: Offers = offers,
): PlanPricing {
  const option = (priceId: string, period: BillingPeriod, offer: Offer): BillingOption => ({
    amount: offer.usd * 100,
    currency: "USD",
    price_id: priceId,
    iterations: offer.iterations,
    // A one-time purchase has nothing to defer, so only recurring options carry the trial.
    trial_days: period === "onetime" ? 0 : trialDays,
  });
  return {
    stripe: mapOffers<StripeBillingOption>(offers, (period, offer) => ({
      ...option(`price_${slug}_${period}`, period, offer),
      productID: `prod_atrium_${slug}`,
    })),
    paypal: mapOffers(offers, (period, offer) =>
      option(`P-ATRIUM-${slug.toUpperCase()}-${period.toUpperCase()}`, period, offer),
    ),
    razorpay: mapOffers(razorpayOffers, (period, offer) => option(`plan_atrium_${slug}_${period}`, period, offer)),
  };
}
