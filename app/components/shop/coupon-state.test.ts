import { describe, expect, it } from "vitest";
import { couponState } from "./coupon-state";

const now = new Date("2026-05-10T12:00:00Z");
const base = { usage_limit: 0, usage_count: 0, date_start: null, date_end: null };

describe("couponState", () => {
  it("is active with no limits or dates", () => {
    expect(couponState(base, now)).toBe("active");
  });
  it("is used up once the usage limit is reached, before any date check", () => {
    expect(couponState({ ...base, usage_limit: 3, usage_count: 3, date_end: "2020-01-01T00:00:00Z" }, now)).toBe(
      "usedUp",
    );
    expect(couponState({ ...base, usage_limit: 3, usage_count: 2 }, now)).toBe("active");
    expect(couponState({ ...base, usage_limit: 0, usage_count: 99 }, now)).toBe("active");
  });
  it("is scheduled before its start and expired after its end", () => {
    expect(couponState({ ...base, date_start: "2026-05-11T00:00:00Z" }, now)).toBe("scheduled");
    expect(couponState({ ...base, date_end: "2026-05-10T11:59:59Z" }, now)).toBe("expired");
    expect(couponState({ ...base, date_start: "2026-05-01T00:00:00Z", date_end: "2026-06-01T00:00:00Z" }, now)).toBe(
      "active",
    );
  });
});
