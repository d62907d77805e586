// The scheduled sale of a one-time price: a sale price (typed in major units) and the window it is
// charged in. Checked here with the server's own rule (core/product-sale.ts); the server decides.
import { Group, NumberInput, Stack, Switch, Text, TextInput } from "@mantine/core";
import { toMajor, toMinor } from "../../../core/currency";
import { checkSale, type SaleInput } from "../../../core/product-sale";
import { useTranslation } from "../../i18n/use-translation";
import { fromLocalInput, toLocalInput } from "../../lib/local-datetime";

export type SaleDraft = { on: boolean; price: number | string; startsAt: string; endsAt: string };

/** The editor's draft of a stored sale (dates as the datetime-local fields show them). */
export function saleDraftOf(sale: SaleInput | null | undefined, currency: string): SaleDraft {
  return sale
    ? {
        on: true,
        price: toMajor(sale.price, currency),
        startsAt: toLocalInput(sale.startsAt),
        endsAt: toLocalInput(sale.endsAt),
      }
    : { on: false, price: "", startsAt: "", endsAt: "" };
}

/** What is sent: null ends the sale. */
export function saleInputOf(draft: SaleDraft, currency: string): SaleInput | null {
  if (!draft.on) return null;
  return {
    price: toMinor(Number(draft.price) || 0, currency),
    startsAt: fromLocalInput(draft.startsAt),
    endsAt: fromLocalInput(draft.endsAt),
  };
}

export function SaleFields({
  draft,
  onChange,
  amount,
  currency,
  digits,
  fields,
}: {
  draft: SaleDraft;
  onChange: (draft: SaleDraft) => void;
  /** The one-time price in minor units. */
  amount: number;
  currency: string;
  digits: number;
  fields: Record<string, string>;
}) {
  const { t } = useTranslation();
  const input = saleInputOf(draft, currency);
  const checked = input ? checkSale(input, { type: "onetime", amount }) : null;
  const problem =
    checked && "problem" in checked && (draft.price !== "" || draft.startsAt || draft.endsAt) ? checked.problem : null;
  const errorFor = (field: string) => fields[field] ?? (problem?.field === field ? t(problem.key) : undefined);
  return (
    <Stack gap="xs">
      <Switch
        label={t("shop.sale.schedule")}
        checked={draft.on}
        onChange={(e) => onChange({ ...draft, on: e.currentTarget.checked })}
      />
      {draft.on ? (
        <>
          <Text size="sm" c="dimmed">
            {t("shop.sale.hint")}
          </Text>
          <Group align="flex-start" wrap="wrap">
            <NumberInput
              label={t("shop.sale.price", { currency })}
              value={draft.price}
              onChange={(v) => onChange({ ...draft, price: v })}
              min={0}
              decimalScale={digits}
              allowNegative={false}
              error={errorFor("sale.price") ?? fields.sale}
              style={{ flex: "1 1 10rem" }}
            />
            <TextInput
              type="datetime-local"
              label={t("shop.sale.startsAt")}
              value={draft.startsAt}
              onChange={(e) => onChange({ ...draft, startsAt: e.currentTarget.value })}
              error={errorFor("sale.startsAt")}
              style={{ flex: "1 1 12rem" }}
            />
            <TextInput
              type="datetime-local"
              label={t("shop.sale.endsAt")}
              value={draft.endsAt}
              onChange={(e) => onChange({ ...draft, endsAt: e.currentTarget.value })}
              error={errorFor("sale.endsAt")}
              style={{ flex: "1 1 12rem" }}
            />
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
