// "Offer after purchase" in the product editor: another product of the site offered once this one is
// paid, with an optional headline and an offer price (in major units) below that product's price.
import { NumberInput, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { toMajor, toMinor } from "../../../core/currency";
import { useTranslation } from "../../i18n/use-translation";

export type UpsellChoice = { id: string; title: string; amount?: number | null };
export type UpsellValue = { productId: string | null; headline: string; price: number | string };

/** The value the product is saved with (null: no offer), and the offer-price message the client shows. */
export function upsellOf(v: UpsellValue, currency: string, choices: UpsellChoice[]) {
  if (!v.productId) return { upsell: null, priceError: null };
  const price = v.price === "" ? null : toMinor(Number(v.price) || 0, currency);
  const offered = choices.find((c) => c.id === v.productId)?.amount ?? null;
  const tooHigh = price !== null && offered !== null && price >= offered;
  return {
    upsell: { productId: v.productId, headline: v.headline.trim() || null, price },
    priceError: tooHigh ? "upsell.priceTooHigh" : null,
  };
}

export function UpsellFields(props: {
  value: UpsellValue;
  onChange: (v: UpsellValue) => void;
  choices: UpsellChoice[];
  selfId: string | null;
  currency: string;
  digits: number;
  fields: Record<string, string>;
  priceError: string | null;
}) {
  const { t } = useTranslation();
  const { value, onChange, currency } = props;
  const set = (patch: Partial<UpsellValue>) => onChange({ ...value, ...patch });
  // Only products with a price can be offered.
  const data = props.choices
    .filter((c) => c.id !== props.selfId && (c.amount ?? 0) > 0)
    .map((c) => ({ value: c.id, label: c.title }));
  const offered = props.choices.find((c) => c.id === value.productId);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t("upsell.editorHeading")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("upsell.editorHint")}
      </Text>
      <Select
        label={t("upsell.product")}
        placeholder={t("upsell.none")}
        searchable
        clearable
        nothingFoundMessage={t("upsell.noMatch")}
        data={data}
        value={value.productId}
        onChange={(id) => set({ productId: id })}
        error={props.fields["upsell.productId"]}
      />
      {value.productId ? (
        <>
          <TextInput
            label={t("upsell.headline")}
            placeholder={t("upsell.heading")}
            value={value.headline}
            maxLength={200}
            onChange={(e) => set({ headline: e.currentTarget.value })}
            error={props.fields["upsell.headline"]}
          />
          <NumberInput
            label={t("upsell.price", { currency })}
            description={
              offered?.amount ? t("upsell.priceHint", { price: toMajor(offered.amount, currency) }) : undefined
            }
            value={value.price}
            onChange={(v) => set({ price: v })}
            min={0}
            decimalScale={props.digits}
            allowNegative={false}
            error={props.priceError ? t(props.priceError) : props.fields["upsell.price"]}
          />
        </>
      ) : null}
    </Stack>
  );
}
