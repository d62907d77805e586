import { describe, expect, it } from "vitest";
import { abandonMinutes, DEFAULT_CART_ABANDON_MINUTES } from "./abandoned-carts";

describe("abandonMinutes", () => {
  it("reads the site's wait from the option, as a number or a numeric string", () => {
    expect(abandonMinutes(15)).toBe(15);
    expect(abandonMinutes("90")).toBe(90);
  });
  it("falls back to an hour for a missing, zero, negative or unreadable value", () => {
    for (const v of [undefined, null, 0, -5, "soon", Number.NaN, {}]) {
      expect(abandonMinutes(v)).toBe(DEFAULT_CART_ABANDON_MINUTES);
    }
    expect(DEFAULT_CART_ABANDON_MINUTES).toBe(60);
  });
});
