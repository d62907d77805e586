import { describe, expect, it } from "vitest";
import { addToCart, type CartLine, crossSells } from "./cart-rules";
import { commissionAmount, commissionKind, referralEligible, referralStatusAfterCommission } from "./commission";
import { periodEnd, periodSeconds, priceOf } from "./product";

const course = { id: "p1", title: "Glaze course", metadata: { price: { type: "onetime" as const, amount: 4900 } } };
const monthly = {
  id: "p2",
  title: "Studio club",
  metadata: { price: { type: "subscription" as const, amount: 1500, duration: { value: 1, parameter: 2592000 } } },
};
const line = (id: string): CartLine => ({ id, title: id, quantity: 1, amount: 100, type: "oneTime" });

describe("cart (§4)", () => {
  it("adds a one-time product once, with quantity 1, only if it has an amount", () => {
    const r = addToCart([], course);
    expect(r).toMatchObject({ kind: "added", items: [{ id: "p1", quantity: 1, amount: 4900, type: "oneTime" }] });
    expect(addToCart(r.kind === "added" ? r.items : [], course)).toMatchObject({
      kind: "added",
      items: [{ id: "p1" }],
    });
    expect(addToCart([], { ...course, metadata: {} }).kind).toBe("unpriced");
    expect(addToCart([], { ...course, metadata: { price: { type: "onetime", amount: 0 } } }).kind).toBe("unpriced");
  });
  it("a subscription asks before replacing a cart with items, and goes to checkout", () => {
    expect(addToCart([line("a")], monthly)).toMatchObject({
      kind: "confirm-replace",
      items: [{ id: "p2", type: "subscription", frequency: { value: 1, parameter: 2592000 } }],
    });
    expect(addToCart([], monthly).kind).toBe("checkout");
  });
  it("suggests each cross-sell once, not items in the cart nor dismissed ones", () => {
    const products = [
      {
        id: "a",
        metadata: {
          cross: [
            { id: "b", value: "b" },
            { id: "c", value: "c" },
          ],
        },
      },
      {
        id: "d",
        metadata: {
          cross: [
            { id: "c", value: "c" },
            { id: "a", value: "a" },
            { id: "e", value: "e" },
          ],
        },
      },
    ];
    expect(crossSells(["a", "d"], products)).toEqual(["b", "c", "e"]);
    expect(crossSells(["a", "d"], products, ["c"])).toEqual(["b", "e"]);
  });
});

describe("products", () => {
  it("has a price only with a positive whole amount ('private' otherwise)", () => {
    expect(priceOf(course.metadata)?.amount).toBe(4900);
    expect(priceOf({ price: { type: "onetime", amount: 0 } })).toBeNull();
    expect(priceOf({ price: { type: "onetime", amount: 12.5 } })).toBeNull();
    expect(priceOf(null)).toBeNull();
  });
  it("a billing period is value × parameter seconds, 30 days by default", () => {
    expect(periodSeconds({ value: 1, parameter: 2592000 })).toBe(2592000);
    expect(periodSeconds({ value: 2, parameter: 604800 })).toBe(1209600);
    expect(periodSeconds(null)).toBe(2592000);
    expect(periodEnd(new Date("2026-01-01T00:00:00Z"), { value: 1, parameter: 86400 }).toISOString()).toBe(
      "2026-01-02T00:00:00.000Z",
    );
  });
});

describe("commissions (§3, §4, §9)", () => {
  const affiliate = {
    commissionType: "percentage" as const,
    commissionValue: 15,
    settings: { autoApprove: true, oneTimePayout: false },
  };
  it("a percentage is round(value × total_amount / 100); flat is the value", () => {
    expect(commissionAmount("percentage", 15, 3333)).toBe(500);
    expect(commissionAmount("percentage", 10, 4995)).toBe(500);
    expect(commissionAmount("percentage", 10, 4994)).toBe(499);
    expect(commissionAmount("flat", 700, 3333)).toBe(700);
    expect(commissionAmount("percentage", -5, 3333)).toBe(0);
  });
  it("is 'referral' when the affiliate auto-approves, else 'pendingReferral'", () => {
    expect(commissionKind(affiliate)).toBe("referral");
    expect(commissionKind({ ...affiliate, settings: { autoApprove: false, oneTimePayout: false } })).toBe(
      "pendingReferral",
    );
  });
  it("anything but complete earns; oneTimePayout completes the referral", () => {
    expect(referralEligible("pending")).toBe(true);
    expect(referralEligible(null)).toBe(true);
    expect(referralEligible("complete")).toBe(false);
    expect(referralStatusAfterCommission(affiliate, "pending")).toBe("pending");
    expect(
      referralStatusAfterCommission({ ...affiliate, settings: { autoApprove: true, oneTimePayout: true } }, "pending"),
    ).toBe("complete");
  });
});
