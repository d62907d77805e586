// Products (spec §3 products.metadata, §2 price display, §4 cart): the price of a product and what it
// costs a buyer, and the billing period of a subscription.

export type PriceType = "onetime" | "subscription";
export type PriceDuration = { value: number; parameter: number };
export type ProductPrice = { type: PriceType; amount: number; duration?: PriceDuration | null };
export type CrossSell = { id: string; value: string };
export type ProductMetadata = { price?: ProductPrice | null; featured?: boolean; cross?: CrossSell[] };

/** A product has a price only when it has a positive amount (spec: 'private' is shown otherwise). */
export function priceOf(metadata: ProductMetadata | null | undefined): ProductPrice | null {
  const p = metadata?.price;
  if (!p || !Number.isInteger(p.amount) || p.amount <= 0) return null;
  return p;
}

export const isSubscription = (metadata: ProductMetadata | null | undefined) =>
  priceOf(metadata)?.type === "subscription";

/** The billing period of a subscription price in seconds; a month is 30 days (2592000 s). Default 30 days. */
export function periodSeconds(duration: PriceDuration | null | undefined): number {
  if (!duration || !(duration.value > 0) || !(duration.parameter > 0)) return 2592000;
  return duration.value * duration.parameter;
}

/** The end of the paid period that starts at `from` (renewals start at the previous end, not at now). */
export function periodEnd(from: Date, duration: PriceDuration | null | undefined): Date {
  return new Date(from.getTime() + periodSeconds(duration) * 1000);
}
