// During a scheduled sale the regular price is shown struck through before the sale price.
// Plain spans (`.regular-price` in site.css): the course page draws without the interface library,
// the catalogue's cards and the product page show them inside its components.
import type { CourseOffer } from "../../../core/course-offer";
import { formatMoney } from "../../../core/currency";
import { useTranslation } from "../../i18n/use-translation";

type Size = "xs" | "sm" | "md" | "lg" | "xl";

/** The struck-through regular price of a course's cheapest way in, when it is on sale. */
export function RegularPrice({ offer, currency, size }: { offer: CourseOffer; currency: string; size?: Size }) {
  const { t, i18n } = useTranslation();
  if (offer.kind !== "sold" || offer.cheapest.price.regular === undefined) return null;
  const regular = formatMoney(offer.cheapest.price.regular, currency, i18n.language);
  return (
    <span className="regular-price" data-size={size ?? "md"} data-testid="regular-price">
      <span className="visually-hidden">{t("shop.sale.regularPrice")} </span>
      {regular}
    </span>
  );
}

/** The struck-through regular amount of a product on sale. */
export function RegularAmount({ amount, currency, size }: { amount: number; currency: string; size?: Size }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="regular-price" data-size={size ?? "md"} data-testid="regular-price">
      <span className="visually-hidden">{t("shop.sale.regularPrice")} </span>
      {formatMoney(amount, currency, i18n.language)}
    </span>
  );
}
