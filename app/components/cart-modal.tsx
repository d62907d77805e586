import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconShoppingCart, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { formatMoney } from "../../core/currency";
import { useCart } from "../hooks/use-cart";
import { cartTotal, removeFromCart } from "../lib/cart";
import { safeImageSrc } from "../lib/safe-url";
import { CrossSellPanel } from "./commerce/cross-sell-panel";

/**
 * The cart (spec §2 Cart list, §4 Cart): each item with a remove control, the total, the way to
 * checkout, and cross-sell suggestions that appear a moment after the cart has items.
 */
export function CartModal({ currency, onClose }: { currency: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const cart = useCart();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  return (
    <Modal opened onClose={onClose} title={t("cart.title")} size="md">
      {cart.cartItems.length === 0 ? (
        <Stack align="center" gap="xs" py="lg">
          <IconShoppingCart size={36} aria-hidden className="muted" />
          <Text>{t("cart.empty")}</Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          <ul className="cart-list">
            {cart.cartItems.map((item) => {
              const image = safeImageSrc(item.image);
              return (
                <li key={item.id}>
                  {image ? <img src={image} alt="" width={48} height={48} /> : <span className="cart-thumb" />}
                  <div className="cart-item-text">
                    <strong>{item.title}</strong>
                    <span className="muted">
                      {item.quantity} × {money(item.amount)}
                      {item.type === "subscription" ? ` · ${t("cart.subscription")}` : ""}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t("cart.remove", { title: item.title })}
                    onClick={() => removeFromCart(item.id)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </button>
                </li>
              );
            })}
          </ul>
          <Group justify="space-between">
            <Text fw={600}>{t("cart.total")}</Text>
            <Text fw={600} data-testid="cart-total">
              {money(cartTotal(cart))}
            </Text>
          </Group>
          <Group grow>
            <Button variant="default" onClick={onClose}>
              {t("cart.continue")}
            </Button>
            {/* In the app, not a new document: what this page still has to send (the funnel's
                add-to-cart event) goes before the checkout's own page view. */}
            <Button component={Link} to="/checkout" onClick={onClose}>
              {t("cart.checkout")}
            </Button>
          </Group>
          <CrossSellPanel cartIds={cart.cartItems.map((i) => i.id)} currency={currency} />
        </Stack>
      )}
    </Modal>
  );
}
