// Cart rules (spec §3 cart, §4 Cart): what adding a product does to the cart. Pure: the browser's
// cart store applies the result.
import { type ProductMetadata, priceOf } from "./product";

export type CartLine = {
  id: string;
  title: string;
  image?: string | null;
  quantity: number;
  amount: number;
  type: "oneTime" | "subscription";
  frequency?: { value: number; parameter: number } | null;
};

export type AddOutcome =
  /** Added (or already there): open the cart modal. */
  | { kind: "added"; items: CartLine[] }
  /** A subscription and the cart has items: ask errors.subscriptionWarning, then replace. */
  | { kind: "confirm-replace"; items: CartLine[] }
  /** A subscription into an empty cart: the cart is only it; go to /checkout. */
  | { kind: "checkout"; items: CartLine[] }
  /** No amount: nothing to buy ('private'). */
  | { kind: "unpriced" };

export type CartProduct = { id: string; title: string; image?: string | null; metadata: ProductMetadata };

/**
 * A one-time product is added with quantity 1, only if it has an amount (adding it again changes
 * nothing). A subscription replaces the cart: straight away when the cart is empty, after the
 * warning otherwise; `items` is the cart to store once confirmed.
 */
export function addToCart(current: readonly CartLine[], product: CartProduct): AddOutcome {
  const price = priceOf(product.metadata);
  if (!price) return { kind: "unpriced" };
  if (price.type === "subscription") {
    const line: CartLine = {
      id: product.id,
      title: product.title,
      image: product.image ?? null,
      quantity: 1,
      amount: price.amount,
      type: "subscription",
      frequency: price.duration ?? null,
    };
    return current.length > 0 ? { kind: "confirm-replace", items: [line] } : { kind: "checkout", items: [line] };
  }
  // A one-time product joins one-time items; a subscription already in the cart is replaced by it.
  const kept = current.filter((i) => i.type !== "subscription");
  if (kept.some((i) => i.id === product.id)) return { kind: "added", items: kept };
  const line: CartLine = {
    id: product.id,
    title: product.title,
    image: product.image ?? null,
    quantity: 1,
    amount: price.amount,
    type: "oneTime",
  };
  return { kind: "added", items: [...kept, line] };
}

/** Cross-sell suggestions: the cart's products' `cross` entries not already in the cart, each once. */
export function crossSells(
  cartIds: readonly string[],
  products: readonly { id: string; metadata: ProductMetadata }[],
  dismissed: readonly string[] = [],
): string[] {
  const out: string[] = [];
  for (const p of products) {
    if (!cartIds.includes(p.id)) continue;
    for (const c of p.metadata.cross ?? []) {
      const id = String(c.id);
      if (!cartIds.includes(id) && !dismissed.includes(id) && !out.includes(id)) out.push(id);
    }
  }
  return out;
}

/** Spec §9: the cross-sell panel appears 3000 ms after items are found. */
export const CROSS_SELL_DELAY_MS = 3000;
