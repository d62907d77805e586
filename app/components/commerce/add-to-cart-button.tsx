// Add to cart / subscribe (spec §4 Cart): a one-time product joins the cart and the cart opens; a
// subscription goes straight to /checkout, after the errors.subscriptionWarning confirmation when
// the cart already has items (which it then replaces). The button is a plain element styled as the
// interface library's (`.pub-button`, site.css); the confirmation dialog is loaded when it opens.
import { IconShoppingCartPlus } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useNavigate, useRouteLoaderData } from "react-router";
import type { CartLine } from "../../../core/cart-rules";
import { formatMoney } from "../../../core/currency";
import type { ProductMetadata } from "../../../core/product";
import { priceOf } from "../../../core/product";
import { addProduct, asCartItems, replaceCart } from "../../lib/cart";

const ReplaceCartDialog = lazy(() => import("./replace-cart-dialog").then((m) => ({ default: m.ReplaceCartDialog })));

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
    return <p className="add-to-cart-private">{t("checkout.private")}</p>;
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
      <button type="button" className="pub-button" data-size="md" data-block={fullWidth || undefined} onClick={add}>
        <IconShoppingCartPlus size={18} aria-hidden />
        {subscription
          ? t("checkout.subscribeFor", { price: formatMoney(price.amount, currency, i18n.language) })
          : t("checkout.addToCartFor", { price: formatMoney(price.amount, currency, i18n.language) })}
      </button>
      {pending !== null ? (
        <Suspense fallback={null}>
          <ReplaceCartDialog onKeep={() => setPending(null)} onReplace={confirm} />
        </Suspense>
      ) : null}
    </>
  );
}
