// Where a coupon stands for the owner's list: used up (usage limit reached), scheduled (starts
// later), expired (ended), else active. Same order as the checkout check (spec §5).
export type CouponState = "active" | "scheduled" | "expired" | "usedUp";

export type CouponStateInput = {
  usage_limit: number;
  usage_count: number;
  date_start: string | null;
  date_end: string | null;
};

export function couponState(c: CouponStateInput, now: Date): CouponState {
  if (c.usage_limit > 0 && c.usage_count >= c.usage_limit) return "usedUp";
  if (c.date_start && new Date(c.date_start).getTime() > now.getTime()) return "scheduled";
  if (c.date_end && new Date(c.date_end).getTime() < now.getTime()) return "expired";
  return "active";
}

export const COUPON_STATE_COLOR: Record<CouponState, string> = {
  active: "green",
  scheduled: "blue",
  expired: "gray",
  usedUp: "orange",
};
