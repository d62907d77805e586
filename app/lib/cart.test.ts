import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartProduct } from "../../core/cart-rules";
import {
  addProduct,
  clearCart,
  onOpenCart,
  pushAnalytics,
  readCart,
  replaceCart,
  setCartCoupon,
  setCartSync,
  subscribeCart,
} from "./cart";

type FakeWindow = EventTarget & { localStorage: Storage; dataLayer?: Record<string, unknown>[] };

function fakeWindow(): FakeWindow {
  const store = new Map<string, string>();
  const target = new EventTarget() as FakeWindow;
  target.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  };
  return target;
}

const oneTime = (id: string, amount = 1500): CartProduct => ({
  id,
  title: `Product ${id}`,
  metadata: { price: { type: "onetime", amount } },
});
const monthly: CartProduct = {
  id: "sub",
  title: "Monthly",
  metadata: { price: { type: "subscription", amount: 900, duration: { value: 1, parameter: 2592000 } } },
};
const analytics = { tenantId: "acc-1", currency: "USD" };

let win: FakeWindow;
beforeEach(() => {
  win = fakeWindow();
  vi.stubGlobal("window", win);
});
afterEach(() => {
  setCartSync(false);
  vi.unstubAllGlobals();
});

describe("the cart store", () => {
  it("adds a one-time product once, with quantity 1, opens the cart and reports add_to_cart", () => {
    const opened = vi.fn();
    onOpenCart(opened);
    expect(addProduct(oneTime("a"), analytics).kind).toBe("added");
    expect(addProduct(oneTime("a"), analytics).kind).toBe("added");
    expect(readCart().cartItems).toEqual([
      expect.objectContaining({ id: "a", quantity: 1, amount: 1500, type: "oneTime", object: "product" }),
    ]);
    expect(opened).toHaveBeenCalledTimes(2);
    expect(win.dataLayer?.[0]).toEqual({
      event: "add_to_cart",
      tenant_id: "acc-1",
      item_id: "a",
      value: 1500,
      currency: "USD",
    });
  });

  it("does not add a product without a price", () => {
    expect(addProduct({ id: "p", title: "Private", metadata: { price: null } }, analytics).kind).toBe("unpriced");
    expect(readCart().cartItems).toEqual([]);
    expect(win.dataLayer).toBeUndefined();
  });

  it("puts a subscription alone into an empty cart and sends the buyer to checkout", () => {
    expect(addProduct(monthly, analytics).kind).toBe("checkout");
    expect(readCart().cartItems).toEqual([
      expect.objectContaining({ id: "sub", type: "subscription", frequency: { value: 1, parameter: 2592000 } }),
    ]);
  });

  it("asks before a subscription replaces a cart with items, and changes nothing until confirmed", () => {
    addProduct(oneTime("a"), analytics);
    setCartCoupon("SAVE10");
    const outcome = addProduct(monthly, analytics);
    expect(outcome.kind).toBe("confirm-replace");
    expect(readCart().cartItems.map((i) => i.id)).toEqual(["a"]);
    if (outcome.kind !== "confirm-replace") return;
    replaceCart(outcome.items.map((i) => ({ ...i, object: "product" as const })));
    expect(readCart()).toEqual({ cartItems: [expect.objectContaining({ id: "sub" })], coupon: null });
  });

  it("keeps the coupon with the cart and announces every change", () => {
    const changed = vi.fn();
    subscribeCart(changed);
    addProduct(oneTime("a"), analytics);
    setCartCoupon("SAVE10");
    expect(readCart().coupon).toBe("SAVE10");
    clearCart();
    expect(readCart()).toEqual({ cartItems: [], coupon: null });
    expect(changed).toHaveBeenCalledTimes(3);
  });

  it("mirrors the cart to the server only for a signed-in member", () => {
    const fetcher = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetcher);
    addProduct(oneTime("a"), analytics);
    expect(fetcher).not.toHaveBeenCalled();
    setCartSync(true);
    addProduct(oneTime("b", 700), analytics);
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/cart");
    expect(init.method).toBe("PUT");
    expect(JSON.parse(String(init.body)).items.map((i: { id: string }) => i.id)).toEqual(["a", "b"]);
  });
});

describe("the analytics data layer", () => {
  it("creates window.dataLayer when the page has none and appends to it", () => {
    const target: { dataLayer?: Record<string, unknown>[] } = {};
    pushAnalytics({ event: "page_view", tenant_id: "acc-1", page_path: "/course" }, target);
    pushAnalytics({ event: "page_view", tenant_id: "acc-1", page_path: "/blog" }, target);
    expect(target.dataLayer).toEqual([
      { event: "page_view", tenant_id: "acc-1", page_path: "/course" },
      { event: "page_view", tenant_id: "acc-1", page_path: "/blog" },
    ]);
  });
});
