// Spec §2 price display for courses, from the one rule of core/course-offer.ts: "Free" for an open
// course, the price of the cheapest way in ("from …" when the ways in differ) for a course that is
// sold directly or through a membership, and "private" otherwise.
import type { TFunction } from "../../i18n";
import type { CourseOffer, OfferPrice } from "../../../core/course-offer";
import { formatMoney } from "../../../core/currency";
import { periodLabel } from "../shop/period";

/** A price as a buyer reads it: the amount, and its billing period for a subscription. */
export function offerPriceText(t: TFunction, price: OfferPrice, currency: string, language: string): string {
  const money = formatMoney(price.amount, currency, language);
  return price.type === "subscription"
    ? t("shop.pricePer", { price: money, period: periodLabel(t, price.duration) })
    : money;
}

/** The label of a course's price badge. */
export function offerLabel(t: TFunction, offer: CourseOffer, currency: string, language: string): string {
  if (offer.kind === "free") return t("catalog.free");
  if (offer.kind === "private") return t("catalog.private");
  const price = offerPriceText(t, offer.cheapest.price, currency, language);
  return offer.severalPrices ? t("catalog.priceFrom", { price }) : price;
}
