import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid";

describe("isUuid", () => {
  it("accepts a UUID in either case and refuses anything else", () => {
    expect(isUuid("0b6f4a52-3c1e-4d8a-9f2b-7e5c1a2b3c4d")).toBe(true);
    expect(isUuid("0B6F4A52-3C1E-4D8A-9F2B-7E5C1A2B3C4D")).toBe(true);
    expect(isUuid("0b6f4a52-3c1e-4d8a-9f2b-7e5c1a2b3c4")).toBe(false);
    expect(isUuid("x")).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
