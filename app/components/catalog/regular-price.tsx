// During a scheduled sale the regular price is shown struck through before the sale price.
import { Text } from "@mantine/core";
import type { CourseOffer } from "../../../core/course-offer";
import { formatMoney } from "../../../core/currency";
import { useTranslation } from "../../i18n/use-translation";

/** The struck-through regular price of a course's cheapest way in, when it is on sale. */
export function RegularPrice({ offer, currency, size }: { offer: CourseOffer; currency: string; size?: string }) {
  const { t, i18n } = useTranslation();
  if (offer.kind !== "sold" || offer.cheapest.price.regular === undefined) return null;
  const regular = formatMoney(offer.cheapest.price.regular, currency, i18n.language);
  return (
    <Text span size={size} c="dimmed" td="line-through" data-testid="regular-price">
      <span className="visually-hidden">{t("shop.sale.regularPrice")} </span>
      {regular}
    </Text>
  );
}

/** The struck-through regular amount of a product on sale. */
export function RegularAmount({ amount, currency, size }: { amount: number; currency: string; size?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Text span size={size} c="dimmed" td="line-through" data-testid="regular-price">
      <span className="visually-hidden">{t("shop.sale.regularPrice")} </span>
      {formatMoney(amount, currency, i18n.language)}
    </Text>
  );
}
