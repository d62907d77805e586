// The coupon field (spec §4 Coupon field, §5, §8): untested, valid (green) or invalid (red); editing
// the text makes it untested again. Apply asks the server (POST /api/v1/coupons/check), shows the §8
// message as a toast, and keeps the applied coupon in the cart with a Remove control.
import { Badge, Button, Group, Text, TextInput } from "@mantine/core";
import { IconCheck, IconTicket } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useToast } from "../../hooks/use-toast";
import { setCartCoupon } from "../../lib/cart";

export type AppliedCoupon = { name: string; discount: number; total: number };
export type CouponState = "untested" | "valid" | "invalid";

type CheckAnswer = { ok: true; coupon: AppliedCoupon; key: string } | { ok: false; key: string };

/** Asks the server about a coupon for these products; any failure reads as an unusable coupon. */
export async function checkCoupon(
  name: string,
  productIds: string[],
  fetcher: typeof fetch = fetch,
): Promise<CheckAnswer> {
  try {
    const res = await fetcher("/api/v1/coupons/check", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, productIds }),
      credentials: "same-origin",
    });
    const body = await res.json();
    if (res.ok)
      return { ok: true, key: body.key, coupon: { name: body.name, discount: body.discount, total: body.total } };
    const key = body?.error?.details?.[0]?.message;
    return { ok: false, key: typeof key === "string" && key.startsWith("cart.") ? key : "cart.couponInvalid" };
  } catch {
    return { ok: false, key: "checkout.couponCheckFailed" };
  }
}

export function CouponField({
  productIds,
  initial,
  rejectedKey,
  onChange,
}: {
  productIds: string[];
  /** The coupon already in the cart: re-checked quietly when the field appears. */
  initial?: string | null;
  /** A coupon the server refused when the order was placed. */
  rejectedKey?: string | null;
  onChange: (applied: AppliedCoupon | null) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [text, setText] = useState(initial ?? "");
  const [state, setState] = useState<CouponState>(rejectedKey ? "invalid" : "untested");
  const [message, setMessage] = useState<string | null>(rejectedKey ?? null);
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = useRef(onChange);
  changed.current = onChange;
  const ids = productIds.join(",");

  // The stored coupon is checked again (the cart may have changed) without a toast.
  useEffect(() => {
    if (!initial || rejectedKey || !ids) return;
    let live = true;
    checkCoupon(initial, ids.split(",")).then((answer) => {
      if (!live) return;
      if (answer.ok) {
        setApplied(answer.coupon);
        setState("valid");
        changed.current(answer.coupon);
      } else {
        setCartCoupon(null);
        changed.current(null);
      }
    });
    return () => {
      live = false;
    };
  }, [initial, rejectedKey, ids]);

  const apply = async () => {
    const name = text.trim();
    if (!name) return;
    setBusy(true);
    const answer = await checkCoupon(name, productIds);
    setBusy(false);
    if (answer.ok) {
      setApplied(answer.coupon);
      setState("valid");
      setMessage(null);
      setCartCoupon(answer.coupon.name);
      onChange(answer.coupon);
      toast.show({ message: t(answer.key), tone: "success" });
      return;
    }
    setState("invalid");
    setMessage(answer.key);
    // An unknown name is the field's own error; the §8 outcomes are toasts.
    if (answer.key !== "cart.couponInvalid") toast.show({ message: t(answer.key), tone: "error" });
  };

  const remove = () => {
    setApplied(null);
    setText("");
    setState("untested");
    setMessage(null);
    setCartCoupon(null);
    onChange(null);
  };

  if (applied) {
    return (
      <Group justify="space-between" data-testid="coupon-applied">
        <Group gap="xs">
          <IconCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
          <Text size="sm">{t("cart.couponLabel")}</Text>
          <Badge color="green" variant="light">
            {applied.name}
          </Badge>
        </Group>
        <Button variant="subtle" color="red" size="xs" onClick={remove}>
          {t("cart.couponRemove")}
        </Button>
      </Group>
    );
  }
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={t("cart.couponLabel")}
        placeholder={t("cart.couponPlaceholder")}
        leftSection={<IconTicket size={16} aria-hidden />}
        value={text}
        data-state={state}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setState("untested");
          setMessage(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void apply();
          }
        }}
        error={state === "invalid" && message ? t(message) : undefined}
        styles={state === "valid" ? { input: { borderColor: "var(--mantine-color-green-7)" } } : undefined}
      />
      <Button mt={25} variant="default" onClick={apply} loading={busy} disabled={!text.trim()}>
        {t("cart.couponApply")}
      </Button>
    </Group>
  );
}
