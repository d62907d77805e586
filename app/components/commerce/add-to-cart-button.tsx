// Add to cart / subscribe (spec §4 Cart): a one-time product joins the cart and the cart opens; a
// subscription goes straight to /checkout, after the errors.subscriptionWarning confirmation when
// the cart already has items (which it then replaces).
import { Button, Group, Modal, Text } from "@mantine/core";
import { IconShoppingCartPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useNavigate, useRouteLoaderData } from "react-router";
import type { CartLine } from "../../../core/cart-rules";
import { formatMoney } from "../../../core/currency";
import type { ProductMetadata } from "../../../core/product";
import { priceOf } from "../../../core/product";
import { addProduct, asCartItems, replaceCart } from "../../lib/cart";

export type CartProductView = { id: string; title: string; image?: string | null; metadata: ProductMetadata };

export function AddToCartButton({
  product,
  currency,
  fullWidth,
}: {
  product: CartProductView;
  currency: string;
  fullWidth?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as { accountId?: string } | undefined;
  const [pending, setPending] = useState<CartLine[] | null>(null);
  const price = priceOf(product.metadata);
  if (!price) {
    return (
      <Text c="dimmed" fw={600}>
        {t("checkout.private")}
      </Text>
    );
  }
  const subscription = price.type === "subscription";
  const add = () => {
    const outcome = addProduct(product, { tenantId: root?.accountId ?? "", currency });
    if (outcome.kind === "checkout") navigate("/checkout");
    else if (outcome.kind === "confirm-replace") setPending(outcome.items);
  };
  const confirm = () => {
    if (pending) replaceCart(asCartItems(pending));
    setPending(null);
    navigate("/checkout");
  };
  return (
    <>
      <Button
        onClick={add}
        fullWidth={fullWidth}
        size="md"
        leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
      >
        {subscription
          ? t("checkout.subscribeFor", { price: formatMoney(price.amount, currency, i18n.language) })
          : t("checkout.addToCartFor", { price: formatMoney(price.amount, currency, i18n.language) })}
      </Button>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t("checkout.replaceTitle")} centered>
        <Text mb="md">{t("errors.subscriptionWarning")}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPending(null)}>
            {t("checkout.keepCart")}
          </Button>
          <Button onClick={confirm}>{t("checkout.replaceCart")}</Button>
        </Group>
      </Modal>
    </>
  );
}
