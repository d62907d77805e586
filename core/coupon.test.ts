import { describe, expect, it } from "vitest";
import { type CouponRecord, checkCoupon, couponDiscount, renewalAmount, renewalsDiscounted } from "./coupon";

const now = new Date("2026-06-15T12:00:00Z");
const base: CouponRecord = {
  name: "SPRING",
  usageLimit: 0,
  usageCount: 0,
  dateStart: null,
  dateEnd: null,
  perUserLimit: 0,
  discountType: "percentage",
  couponAmount: 10,
};
const day = 86400000;

describe("coupon apply, in the spec's order (§5)", () => {
  it("an unknown coupon makes the field invalid", () => {
    expect(checkCoupon(null, now)).toEqual({ ok: false, key: "cart.couponInvalid" });
  });
  it("a usage limit above 0 that is reached gives the limit message; 0 means unlimited", () => {
    expect(checkCoupon({ ...base, usageLimit: 5, usageCount: 5 }, now).key).toBe("cart.couponLimit");
    expect(checkCoupon({ ...base, usageLimit: 5, usageCount: 4 }, now).key).toBe("cart.couponApplied");
    expect(checkCoupon({ ...base, usageLimit: 0, usageCount: 999 }, now).key).toBe("cart.couponApplied");
  });
  it("a start in the future is unavailable; a passed end is expired; the edges are usable", () => {
    expect(checkCoupon({ ...base, dateStart: new Date(now.getTime() + 1000) }, now).key).toBe("cart.couponUnavailable");
    expect(checkCoupon({ ...base, dateEnd: new Date(now.getTime() - 1000) }, now).key).toBe("cart.couponExpired");
    expect(checkCoupon({ ...base, dateStart: now, dateEnd: now }, now).key).toBe("cart.couponApplied");
  });
  it("checks the usage limit before the dates, and the dates before the member's own limit", () => {
    const all = {
      ...base,
      usageLimit: 1,
      usageCount: 1,
      dateStart: new Date(now.getTime() + day),
      dateEnd: new Date(now.getTime() - day),
      perUserLimit: 1,
    };
    expect(checkCoupon(all, now, { signedIn: true, pastUses: 3 }).key).toBe("cart.couponLimit");
    expect(checkCoupon({ ...all, usageLimit: 0 }, now).key).toBe("cart.couponUnavailable");
    expect(checkCoupon({ ...all, usageLimit: 0, dateStart: null }, now).key).toBe("cart.couponExpired");
  });
  it("the per-user limit counts the signed-in member's past orders and ignores visitors", () => {
    const c = { ...base, perUserLimit: 2 };
    expect(checkCoupon(c, now, { signedIn: true, pastUses: 2 }).key).toBe("cart.couponLimit");
    expect(checkCoupon(c, now, { signedIn: true, pastUses: 1 }).key).toBe("cart.couponApplied");
    expect(checkCoupon(c, now, { signedIn: false, pastUses: 0 }).key).toBe("cart.couponApplied");
  });
});

describe("discount (§9)", () => {
  it("a percentage is round(total × percentage / 100)", () => {
    expect(couponDiscount("percentage", 10, 4999)).toBe(500);
    expect(couponDiscount("percentage", 15, 3333)).toBe(500);
    expect(couponDiscount("percentage", 33, 1)).toBe(0);
    expect(couponDiscount("percentage", 50, 1)).toBe(1);
  });
  it("flat takes its amount and never more than the total", () => {
    expect(couponDiscount("flat", 500, 4900)).toBe(500);
    expect(couponDiscount("flat", 5000, 4900)).toBe(4900);
    expect(couponDiscount("percentage", 150, 4900)).toBe(4900);
    expect(couponDiscount("flat", -5, 4900)).toBe(0);
  });
});

describe("coupons on subscriptions", () => {
  it("first payment only, a number of payments, or forever", () => {
    expect(renewalsDiscounted("first", null)).toBe(0);
    expect(renewalsDiscounted("count", 3)).toBe(2);
    expect(renewalsDiscounted("count", 1)).toBe(0);
    expect(renewalsDiscounted("forever", null)).toBeNull();
  });
  it("a renewal is discounted while discounted renewals remain", () => {
    const c = { discountType: "percentage" as const, couponAmount: 20 };
    expect(renewalAmount(2900, c, 2)).toEqual({ amount: 2320, discounted: true, left: 1 });
    expect(renewalAmount(2900, c, 0)).toEqual({ amount: 2900, discounted: false, left: 0 });
    expect(renewalAmount(2900, c, null)).toEqual({ amount: 2320, discounted: true, left: null });
    expect(renewalAmount(2900, null, null)).toEqual({ amount: 2900, discounted: false, left: null });
  });
});
