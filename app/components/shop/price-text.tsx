// A product's price as a buyer reads it: the amount in the site's currency (every billing period for
// a subscription), or 'private' when it has none (spec §2).
import { Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { formatMoney } from "../../../core/currency";
import { type ProductMetadata, priceOf } from "../../../core/product";
import { periodLabel } from "./period";

export function PriceText({
  metadata,
  currency,
  size,
}: {
  metadata: ProductMetadata;
  currency: string;
  size?: string;
}) {
  const { t, i18n } = useTranslation();
  const price = priceOf(metadata);
  if (!price) {
    return (
      <Text span c="dimmed" size={size}>
        {t("shop.private")}
      </Text>
    );
  }
  const money = formatMoney(price.amount, currency, i18n.language);
  return (
    <Text span fw={600} size={size}>
      {price.type === "subscription"
        ? t("shop.pricePer", { price: money, period: periodLabel(t, price.duration) })
        : money}
    </Text>
  );
}
