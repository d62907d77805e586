// The visitor's cart (spec §3 cart), kept in local storage: items with id, title, image,
// quantity, amount (integer minor units, like every amount here), type, and for a subscription
// the billing frequency; an optional coupon. Adding follows core/cart-rules; every change is
// announced in this tab, mirrored to the server for a signed-in member, and adding is reported to
// the analytics data layer.
import { type AddOutcome, addToCart, type CartLine, type CartProduct } from "../../core/cart-rules";
import { priceOf } from "../../core/product";

export const CART_STORAGE_KEY = "cart";
const CHANGED = "atrium:cart";

/** A cart line as core/cart-rules makes it, plus spec §3 `object` (always "product" here). */
export type CartItem = CartLine & { object?: "product" };
export type Cart = { cartItems: CartItem[]; coupon?: string | null };

const EMPTY: Cart = { cartItems: [] };

function isItem(v: unknown): v is CartItem {
  const i = v as CartItem;
  return (
    typeof i === "object" &&
    i !== null &&
    (typeof i.id === "string" || typeof i.id === "number") &&
    typeof i.title === "string" &&
    typeof i.amount === "number" &&
    Number.isFinite(i.amount)
  );
}

/** The stored cart; anything unreadable counts as an empty cart. */
export function readCart(storage: Pick<Storage, "getItem"> | null = safeStorage()): Cart {
  try {
    const raw = storage?.getItem(CART_STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<Cart>;
    const items = Array.isArray(parsed.cartItems) ? parsed.cartItems.filter(isItem) : [];
    return {
      cartItems: items.map((i) => ({
        ...i,
        id: String(i.id),
        quantity: Math.max(1, Math.floor(Number(i.quantity) || 1)),
      })),
      coupon: typeof parsed.coupon === "string" ? parsed.coupon : null,
    };
  } catch {
    return EMPTY;
  }
}

export function writeCart(cart: Cart) {
  const storage = safeStorage();
  if (!storage) return;
  storage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  window.dispatchEvent(new Event(CHANGED));
  if (syncEnabled) syncCart(cart);
}

let syncEnabled = false;

/** A signed-in member's cart is mirrored on the server (for the abandoned-cart reminder). */
export function setCartSync(on: boolean) {
  syncEnabled = on;
}

/** Fire-and-forget: the local cart stays the truth for the visitor. */
export function syncCart(cart: Cart, fetcher: typeof fetch = fetch) {
  const items = cart.cartItems.map(({ id, title, image, quantity, amount, type, frequency }) => ({
    id,
    title,
    image: image ?? null,
    quantity,
    amount,
    type,
    frequency: frequency ?? null,
  }));
  fetcher("/api/v1/cart", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ items }),
    credentials: "same-origin",
  }).catch(() => undefined);
}

/** Empties the cart (after an order is placed). */
export function clearCart() {
  writeCart({ cartItems: [] });
}

/** Replaces the items (a confirmed subscription); a coupon meant for the old items goes too. */
export function replaceCart(items: CartItem[]) {
  writeCart({ cartItems: items, coupon: null });
}

export function setCartCoupon(coupon: string | null) {
  writeCart({ ...readCart(), coupon });
}

/**
 * Adds a product by the cart rules: "added" stores it and asks the header to open the cart,
 * "checkout" stores the subscription alone (the caller goes to /checkout), "confirm-replace" stores
 * nothing until the caller has asked and calls replaceCart. Reports add_to_cart when stored.
 */
export function addProduct(product: CartProduct, analytics: { tenantId: string; currency: string }): AddOutcome {
  const cart = readCart();
  const outcome = addToCart(cart.cartItems, product);
  if (outcome.kind === "added" || outcome.kind === "checkout") {
    const coupon = outcome.kind === "checkout" ? null : (cart.coupon ?? null);
    writeCart({ cartItems: asCartItems(outcome.items), coupon });
    pushAnalytics(addToCartEvent(product, analytics));
    // The funnel's cart step; the tracker is loaded only on the pages that add to a cart.
    void import("./funnel-tracker").then((m) => m.trackFunnelCart(analytics.tenantId, product.id));
    if (outcome.kind === "added") openCart();
  }
  return outcome;
}

export const asCartItems = (lines: readonly CartLine[]): CartItem[] =>
  lines.map((l) => ({ ...l, object: "product" as const }));

export function addToCartEvent(product: CartProduct, analytics: { tenantId: string; currency: string }) {
  return {
    event: "add_to_cart",
    tenant_id: analytics.tenantId,
    item_id: product.id,
    value: priceOf(product.metadata)?.amount ?? 0,
    currency: analytics.currency,
  };
}

type DataLayerWindow = { dataLayer?: Record<string, unknown>[] };

/** Pushes onto window.dataLayer, creating it when the page has none. */
export function pushAnalytics(entry: Record<string, unknown>, target: DataLayerWindow | null = browserWindow()) {
  if (!target) return;
  if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
  target.dataLayer.push(entry);
}

const OPEN = "atrium:open-cart";

/** Asks the site header to show the cart modal. */
export function openCart() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(OPEN));
}

export function onOpenCart(listener: () => void): () => void {
  window.addEventListener(OPEN, listener);
  return () => window.removeEventListener(OPEN, listener);
}

function browserWindow(): DataLayerWindow | null {
  return typeof window === "undefined" ? null : (window as unknown as DataLayerWindow);
}

export function removeFromCart(id: string) {
  const cart = readCart();
  writeCart({ ...cart, cartItems: cart.cartItems.filter((i) => i.id !== id) });
}

export const cartTotal = (cart: Cart) => cart.cartItems.reduce((sum, i) => sum + i.amount * i.quantity, 0);
export const cartCount = (cart: Cart) => cart.cartItems.reduce((sum, i) => sum + i.quantity, 0);

/** Calls `listener` when the cart changes in this tab or another. */
export function subscribeCart(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => e.key === CART_STORAGE_KEY && listener();
  window.addEventListener(CHANGED, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener("storage", onStorage);
  };
}

function safeStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
