// Create or change a coupon in a dialog: name, flat (money) or percentage discount, limits, dates
// and, for subscriptions, how many payments it discounts. Server field errors show on the fields.
import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useFetcher } from "react-router";
import { currencyOf, toMajor, toMinor } from "../../../core/currency";

export type CouponValue = {
  id: string;
  name: string;
  discount_type: "flat" | "percentage";
  coupon_amount: number;
  usage_limit: number;
  usage_count: number;
  per_user_limit: number;
  date_start: string | null;
  date_end: string | null;
  scope: "first" | "count" | "forever";
  payments: number | null;
};

type Result = { ok: boolean; message: string | null; fields: Record<string, string> };

/** An ISO instant as a datetime-local value in the browser's time zone, and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
};
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : null);

type Props = { coupon: CouponValue | null; currency: string; onClose: () => void };

/** The dialog; each opening gets a fresh form (and so a fresh submission state). */
export function CouponModal({ opened, session, ...props }: Props & { opened: boolean; session: number }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={props.coupon ? t("shop.editCoupon") : t("shop.newCoupon")}
      size="lg"
    >
      <CouponForm key={session} {...props} />
    </Modal>
  );
}

function CouponForm({ coupon, currency, onClose }: Props) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
  const [name, setName] = useState(coupon?.name ?? "");
  const [type, setType] = useState<"flat" | "percentage">(coupon?.discount_type ?? "percentage");
  const [amount, setAmount] = useState<number | string>(
    coupon ? (coupon.discount_type === "flat" ? toMajor(coupon.coupon_amount, currency) : coupon.coupon_amount) : "",
  );
  const [usageLimit, setUsageLimit] = useState<number | string>(coupon?.usage_limit ?? 0);
  const [perUser, setPerUser] = useState<number | string>(coupon?.per_user_limit ?? 0);
  const [start, setStart] = useState(toLocal(coupon?.date_start ?? null));
  const [end, setEnd] = useState(toLocal(coupon?.date_end ?? null));
  const [scope, setScope] = useState<"first" | "count" | "forever">(coupon?.scope ?? "first");
  const [payments, setPayments] = useState<number | string>(coupon?.payments ?? 2);

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) onClose();
  }, [result, onClose]);
  const failed = result && !result.ok ? result : null;
  const fields = failed?.fields ?? {};

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const n = Number(amount) || 0;
    fetcher.submit(
      {
        intent: "save",
        payload: {
          id: coupon?.id ?? null,
          name,
          discount_type: type,
          coupon_amount: type === "flat" ? toMinor(n, currency) : Math.round(n),
          usage_limit: Math.floor(Number(usageLimit) || 0),
          per_user_limit: Math.floor(Number(perUser) || 0),
          date_start: fromLocal(start),
          date_end: fromLocal(end),
          scope,
          payments: scope === "count" ? Math.floor(Number(payments) || 0) : null,
        },
      },
      { method: "post", encType: "application/json" },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failed ? (
          <Alert color="red" role="alert">
            {failed.message}
          </Alert>
        ) : null}
        <TextInput
          label={t("shop.coupon.name")}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={64}
          error={fields.name}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("shop.coupon.type")}
            value={type}
            onChange={(v) => setType(v === "flat" ? "flat" : "percentage")}
            allowDeselect={false}
            data={[
              { value: "percentage", label: t("shop.coupon.percentage") },
              { value: "flat", label: t("shop.coupon.flat", { currency }) },
            ]}
            error={fields.discount_type}
          />
          <NumberInput
            label={type === "flat" ? t("shop.coupon.amountMoney", { currency }) : t("shop.coupon.amountPercent")}
            value={amount}
            onChange={setAmount}
            min={type === "flat" ? 0 : 1}
            max={type === "flat" ? undefined : 100}
            decimalScale={type === "flat" ? currencyOf(currency).digits : 0}
            allowNegative={false}
            required
            error={fields.coupon_amount}
          />
          <NumberInput
            label={t("shop.coupon.usageLimit")}
            description={t("shop.coupon.zeroUnlimited")}
            value={usageLimit}
            onChange={setUsageLimit}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            error={fields.usage_limit}
          />
          <NumberInput
            label={t("shop.coupon.perUserLimit")}
            description={t("shop.coupon.zeroUnlimited")}
            value={perUser}
            onChange={setPerUser}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            error={fields.per_user_limit}
          />
          <TextInput
            type="datetime-local"
            label={t("shop.coupon.start")}
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            error={fields.date_start}
          />
          <TextInput
            type="datetime-local"
            label={t("shop.coupon.end")}
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
            error={fields.date_end}
          />
          <Select
            label={t("shop.coupon.scope")}
            description={t("shop.coupon.scopeHint")}
            value={scope}
            onChange={(v) => setScope(v === "count" || v === "forever" ? v : "first")}
            allowDeselect={false}
            data={(["first", "count", "forever"] as const).map((s) => ({
              value: s,
              label: t(`shop.coupon.scopes.${s}`),
            }))}
            error={fields.scope}
          />
          {scope === "count" ? (
            <NumberInput
              label={t("shop.coupon.payments")}
              value={payments}
              onChange={setPayments}
              min={2}
              allowDecimal={false}
              allowNegative={false}
              error={fields.payments}
            />
          ) : null}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            {t("shop.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
