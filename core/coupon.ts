// Coupons (spec §3 coupons, §4 coupon field, §5 coupon apply order, §8 toasts, §9 discount).

export type DiscountType = "flat" | "percentage";
/** On a subscription: the first payment only, a number of payments, or every payment. */
export type CouponScope = "first" | "count" | "forever";

export type CouponRecord = {
  name: string;
  usageLimit: number;
  usageCount: number;
  dateStart: Date | null;
  dateEnd: Date | null;
  perUserLimit: number;
  discountType: DiscountType;
  couponAmount: number;
  scope?: CouponScope;
  payments?: number | null;
};

/** The outcome of applying a coupon; each failure names the §8 message key. */
export type CouponCheck =
  | { ok: true; key: "cart.couponApplied" }
  | { ok: false; key: "cart.couponInvalid" | "cart.couponLimit" | "cart.couponUnavailable" | "cart.couponExpired" };

/**
 * Spec §5, in this order: unknown → invalid field; usage_limit above 0 and reached → limit; start in
 * the future → unavailable; end passed → expired; a signed-in member with per_user_limit above 0 who
 * has used it that many times (their past orders with it) → limit; else applied.
 */
export function checkCoupon(
  coupon: CouponRecord | null | undefined,
  now: Date,
  member: { signedIn: boolean; pastUses: number } = { signedIn: false, pastUses: 0 },
): CouponCheck {
  if (!coupon) return { ok: false, key: "cart.couponInvalid" };
  if (coupon.usageLimit > 0 && coupon.usageCount >= coupon.usageLimit) return { ok: false, key: "cart.couponLimit" };
  if (coupon.dateStart && coupon.dateStart.getTime() > now.getTime())
    return { ok: false, key: "cart.couponUnavailable" };
  if (coupon.dateEnd && coupon.dateEnd.getTime() < now.getTime()) return { ok: false, key: "cart.couponExpired" };
  if (member.signedIn && coupon.perUserLimit > 0 && member.pastUses >= coupon.perUserLimit) {
    return { ok: false, key: "cart.couponLimit" };
  }
  return { ok: true, key: "cart.couponApplied" };
}

/**
 * The discount on a total (minor units): percentage = round(total × percentage / 100); flat = the
 * amount. Never more than the total, never negative.
 */
export function couponDiscount(type: DiscountType, amount: number, total: number): number {
  const t = Math.max(0, total);
  const d = type === "percentage" ? Math.round((t * Math.min(100, Math.max(0, amount))) / 100) : Math.max(0, amount);
  return Math.min(t, d);
}

/**
 * How many subscription payments after the first still get the discount: 0 for 'first', payments − 1
 * for 'count', null (no end) for 'forever'.
 */
export function renewalsDiscounted(scope: CouponScope | undefined, payments: number | null | undefined): number | null {
  if (scope === "forever") return null;
  if (scope === "count") return Math.max(0, Math.floor(payments ?? 1) - 1);
  return 0;
}

/** A renewal's amount: discounted while discounted renewals remain (null = forever). */
export function renewalAmount(
  amount: number,
  coupon: { discountType: DiscountType; couponAmount: number } | null,
  discountedLeft: number | null,
): { amount: number; discounted: boolean; left: number | null } {
  if (!coupon || (discountedLeft !== null && discountedLeft <= 0))
    return { amount, discounted: false, left: discountedLeft };
  const discount = couponDiscount(coupon.discountType, coupon.couponAmount, amount);
  return { amount: amount - discount, discounted: true, left: discountedLeft === null ? null : discountedLeft - 1 };
}
