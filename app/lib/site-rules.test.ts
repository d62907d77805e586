import { describe, expect, it } from "vitest";
import { headerScrollState } from "../hooks/use-scroll-header";
import { cartCount, cartTotal, readCart } from "./cart";
import { isNoticeActive } from "./header-notice-rule";
import { formatMoney } from "./money";
import { showsNotFound } from "./site-search";
import { dragDismisses } from "./toast-drag";

const store = (value: string | null) => ({ getItem: () => value });

describe("header notice (spec §4)", () => {
  const now = Date.parse("2026-06-15T12:00:00Z");
  it("shows inside its window, not before the start or after the expiry", () => {
    expect(isNoticeActive({ start: null, expire: null }, now)).toBe(true);
    expect(isNoticeActive({ start: "2026-06-16T00:00:00Z", expire: null }, now)).toBe(false);
    expect(isNoticeActive({ start: null, expire: "2026-06-14T00:00:00Z" }, now)).toBe(false);
    expect(isNoticeActive({ start: "2026-06-01T00:00:00Z", expire: "2026-07-01T00:00:00Z" }, now)).toBe(true);
  });
});

describe("sticky header (spec §9)", () => {
  it("shadow after 20 px; hides scrolling down past 100 px, returns scrolling up", () => {
    expect(headerScrollState(20, 0, true)).toEqual({ shadow: false, hidden: false });
    expect(headerScrollState(21, 0, true)).toEqual({ shadow: true, hidden: false });
    expect(headerScrollState(101, 90, true)).toEqual({ shadow: true, hidden: true });
    expect(headerScrollState(300, 400, true)).toEqual({ shadow: true, hidden: false });
    expect(headerScrollState(500, 100, false)).toEqual({ shadow: true, hidden: false });
  });
});

describe("search (spec §5)", () => {
  it("not-found only after more than 3 characters and when nothing is loading", () => {
    expect(showsNotFound("abc", false, 0)).toBe(false);
    expect(showsNotFound("abcd", false, 0)).toBe(true);
    expect(showsNotFound("abcd", true, 0)).toBe(false);
    expect(showsNotFound("abcd", false, 2)).toBe(false);
    expect(showsNotFound("  ab  ", false, 0)).toBe(false);
  });
});

describe("cart in local storage (spec §3)", () => {
  it("reads items, drops malformed ones, counts and totals", () => {
    const cart = readCart(
      store(
        JSON.stringify({
          cartItems: [
            { id: 1, title: "Course", amount: 2900, quantity: 2, type: "oneTime" },
            { id: "x", title: "Broken" },
          ],
          coupon: "WELCOME",
        }),
      ),
    );
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0].id).toBe("1");
    expect(cartCount(cart)).toBe(2);
    expect(cartTotal(cart)).toBe(5800);
    expect(cart.coupon).toBe("WELCOME");
  });

  it("anything unreadable is an empty cart", () => {
    expect(readCart(store("{nope")).cartItems).toEqual([]);
    expect(readCart(store(null)).cartItems).toEqual([]);
    expect(readCart(null).cartItems).toEqual([]);
  });
});

describe("money (spec §9: no decimals by default)", () => {
  it("formats minor units in the currency", () => {
    expect(formatMoney(2900, "USD", "en")).toBe("$29");
    expect(formatMoney(2950, "USD", "en", { decimals: true })).toBe("$29.50");
    expect(formatMoney(500, "JPY", "en")).toBe("¥500");
    expect(formatMoney(2900, "USD", "de").replace(/\s/g, " ")).toBe("29 $");
  });
});

describe("toast drag (spec §9: dismissed past 80 % of its width)", () => {
  it("dismisses beyond 80 %, springs back below", () => {
    expect(dragDismisses(241, 300)).toBe(true);
    expect(dragDismisses(-241, 300)).toBe(true);
    expect(dragDismisses(240, 300)).toBe(false);
    expect(dragDismisses(10, 300)).toBe(false);
  });
});

describe("bell and chat counts", () => {
  const item = (id: string, type: "chat" | "other", read = false) => ({
    id,
    title: id,
    message: "",
    type,
    read,
    data: null,
    createdAt: "2026-01-01T00:00:00Z",
  });
  it("the bell's unread count leaves out unread chat messages", async () => {
    const { splitInbox, withRead } = await import("./notifications");
    const inbox = splitInbox(
      { items: [item("a", "other"), item("b", "other", true)], total: 2, unread: 4 },
      { items: [item("c", "chat"), item("d", "chat")], total: 3, unread: 4 },
    );
    expect(inbox.bell.unread).toBe(1);
    expect(inbox.chat.unread).toBe(3);
    expect(withRead(inbox.bell, (i) => i.id === "a").unread).toBe(0);
    expect(withRead(inbox.chat, () => true).items.every((i) => i.read)).toBe(true);
  });
});
