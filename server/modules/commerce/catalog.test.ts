import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { validateCoupon, validatePrice, validateTitle } from "./catalog";

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return ((err as AppError).details as { field: string }[])[0].field;
  }
  throw new Error("expected a field error");
};

describe("validatePrice", () => {
  it("keeps a one-time price and drops a stray period", () => {
    expect(validatePrice({ type: "onetime", amount: 4900, duration: { value: 1, parameter: 86400 } })).toEqual({
      type: "onetime",
      amount: 4900,
    });
    expect(validatePrice(null)).toBeNull();
    expect(validatePrice({ type: "onetime", amount: 0 })).toEqual({ type: "onetime", amount: 0 });
  });
  it("needs whole minor units of 0 or more", () => {
    expect(fieldOf(() => validatePrice({ type: "onetime", amount: -1 }))).toBe("metadata.price.amount");
    expect(fieldOf(() => validatePrice({ type: "onetime", amount: 9.5 }))).toBe("metadata.price.amount");
  });
  it("needs a subscription period of 1 or more days, weeks, months or years", () => {
    const sub = (value: number, parameter: number) => ({
      type: "subscription" as const,
      amount: 100,
      duration: { value, parameter },
    });
    expect(validatePrice(sub(3, 2592000))).toEqual(sub(3, 2592000));
    for (const p of [86400, 604800, 31536000]) expect(validatePrice(sub(1, p))?.duration?.parameter).toBe(p);
    expect(fieldOf(() => validatePrice(sub(0, 86400)))).toBe("metadata.price.duration.value");
    expect(fieldOf(() => validatePrice(sub(1, 3600)))).toBe("metadata.price.duration.parameter");
    expect(fieldOf(() => validatePrice({ type: "subscription", amount: 100 }))).toBe("metadata.price.duration.value");
  });
});

describe("validateTitle", () => {
  it("trims and allows 1 to 200 characters", () => {
    expect(validateTitle("  Kit  ")).toBe("Kit");
    expect(validateTitle("x".repeat(200))).toHaveLength(200);
    expect(fieldOf(() => validateTitle("   "))).toBe("title");
    expect(fieldOf(() => validateTitle("x".repeat(201)))).toBe("title");
  });
});

describe("validateCoupon", () => {
  const base = {
    name: "SPRING",
    discount_type: "percentage" as const,
    coupon_amount: 10,
    usage_limit: 0,
    per_user_limit: 0,
    date_start: null,
    date_end: null,
    scope: "first" as const,
    payments: null,
  };
  it("accepts percentages 1 to 100 and flat amounts of 1 minor unit or more", () => {
    expect(validateCoupon({ ...base, coupon_amount: 100 }).coupon_amount).toBe(100);
    expect(validateCoupon({ ...base, discount_type: "flat", coupon_amount: 1 }).coupon_amount).toBe(1);
    expect(validateCoupon({ ...base, discount_type: "flat", coupon_amount: 50000 }).coupon_amount).toBe(50000);
    expect(fieldOf(() => validateCoupon({ ...base, coupon_amount: 101 }))).toBe("coupon_amount");
    expect(fieldOf(() => validateCoupon({ ...base, coupon_amount: 0 }))).toBe("coupon_amount");
  });
  it("needs the end after the start", () => {
    const d = (iso: string) => new Date(iso).toISOString();
    expect(
      fieldOf(() =>
        validateCoupon({ ...base, date_start: d("2026-05-02T00:00:00Z"), date_end: d("2026-05-01T00:00:00Z") }),
      ),
    ).toBe("date_end");
    expect(
      fieldOf(() =>
        validateCoupon({ ...base, date_start: d("2026-05-01T00:00:00Z"), date_end: d("2026-05-01T00:00:00Z") }),
      ),
    ).toBe("date_end");
    expect(fieldOf(() => validateCoupon({ ...base, date_start: "soon" }))).toBe("date_start");
  });
  it("needs 2 or more payments for scope count, and forgets payments for other scopes", () => {
    expect(validateCoupon({ ...base, scope: "count", payments: 2 }).payments).toBe(2);
    expect(fieldOf(() => validateCoupon({ ...base, scope: "count", payments: 1 }))).toBe("payments");
    expect(validateCoupon({ ...base, scope: "forever", payments: 5 }).payments).toBeNull();
  });
  it("refuses negative limits", () => {
    expect(fieldOf(() => validateCoupon({ ...base, usage_limit: -1 }))).toBe("usage_limit");
    expect(fieldOf(() => validateCoupon({ ...base, per_user_limit: -2 }))).toBe("per_user_limit");
  });
});
