// The visitor's cart (spec §3 cart), kept in local storage: items with id, title, image,
// quantity, amount (integer minor units, like every amount here), type, and for a subscription
// the billing frequency; an optional coupon.

export const CART_STORAGE_KEY = "cart";
const CHANGED = "atrium:cart";

export type CartItem = {
  id: string;
  title: string;
  image?: string | null;
  quantity: number;
  amount: number;
  type: "oneTime" | "subscription";
  frequency?: { value: number; parameter: number } | null;
};
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
