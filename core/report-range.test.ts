import { describe, expect, it } from "vitest";
import { daysOf, isIsoDate, presetOf, presetRange, rangeBounds, rangeProblem } from "./report-range";

const NOW = new Date("2026-03-15T22:30:00Z");

describe("report ranges", () => {
  it("presets end today (UTC) and include it", () => {
    expect(presetRange("7d", NOW)).toEqual({ from: "2026-03-09", to: "2026-03-15" });
    expect(presetRange("30d", NOW)).toEqual({ from: "2026-02-14", to: "2026-03-15" });
    expect(presetRange("90d", NOW)).toEqual({ from: "2025-12-16", to: "2026-03-15" });
    expect(presetRange("12m", NOW)).toEqual({ from: "2025-03-16", to: "2026-03-15" });
    expect(daysOf(presetRange("7d", NOW))).toHaveLength(7);
    expect(presetOf({ from: "2026-02-14", to: "2026-03-15" }, NOW)).toBe("30d");
    expect(presetOf({ from: "2026-02-13", to: "2026-03-15" }, NOW)).toBeNull();
  });

  it("accepts real dates only", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-1-01")).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
  });

  it("a range runs forwards and spans at most two years", () => {
    expect(rangeProblem("2026-03-01", "2026-03-01")).toBeNull();
    expect(rangeProblem("2026-03-02", "2026-03-01")).toEqual({ field: "to", key: "reports.errors.order" });
    expect(rangeProblem("2024-01-01", "2025-12-31")).toBeNull();
    expect(rangeProblem("2024-01-01", "2026-01-01")).toEqual({ field: "to", key: "reports.errors.span" });
    expect(rangeProblem("x", "2026-01-01")).toEqual({ field: "from", key: "reports.errors.date" });
    expect(rangeProblem("2026-01-01", "")).toEqual({ field: "to", key: "reports.errors.date" });
  });

  it("bounds take in the whole of the last day", () => {
    expect(rangeBounds({ from: "2026-03-01", to: "2026-03-02" })).toEqual({
      start: "2026-03-01T00:00:00.000000Z",
      end: "2026-03-02T23:59:59.999999Z",
    });
  });
});
