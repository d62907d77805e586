import { describe, expect, it } from "vitest";
import type { CourseSettings, CurriculumItem } from "./curriculum";
import { dripAvailableAt, drippedOpen, isDripOpen } from "./drip-feed";

const DAY = 86400;
const start = 1_000_000;
const curriculum: CurriculumItem[] = [
  { post_type: "section", title: "A" },
  { id: "a1", post_type: "unit", title: "a1", drip: { value: 2, parameter: 3600 } },
  { id: "a2", post_type: "unit", title: "a2", drip: { value: 3, parameter: 3600 } },
  { post_type: "section", title: "B" },
  { id: "b1", post_type: "unit", title: "b1" },
  { id: "b2", post_type: "quiz", title: "b2" },
];
const drip = (s: Partial<CourseSettings>): CourseSettings => ({
  dripfeed: true,
  dripfeedDuration: { value: 1, parameter: DAY },
  ...s,
});

describe("drip feed (spec §4: delay = value × parameter)", () => {
  it("is off without dripfeed: everything opens at the enrolment start", () => {
    expect(dripAvailableAt(curriculum, [], {}, "b2", start)).toBe(start);
  });
  it("per item index from the enrolment start", () => {
    const s = drip({});
    expect(dripAvailableAt(curriculum, [], s, "a1", start)).toBe(start);
    expect(dripAvailableAt(curriculum, [], s, "a2", start)).toBe(start + DAY);
    expect(dripAvailableAt(curriculum, [], s, "b1", start)).toBe(start + 2 * DAY);
    expect(dripAvailableAt(curriculum, [], s, "b2", start)).toBe(start + 3 * DAY);
  });
  it("per section: delay × number of earlier sections", () => {
    const s = drip({ dripFeedsection: true, dripfeedDuration: { value: 2, parameter: DAY } });
    expect(dripAvailableAt(curriculum, [], s, "a2", start)).toBe(start);
    expect(dripAvailableAt(curriculum, [], s, "b1", start)).toBe(start + 2 * DAY);
    expect(dripAvailableAt(curriculum, [], s, "b2", start)).toBe(start + 2 * DAY);
  });
  it("from the previous item's start: unknown until the previous item was opened", () => {
    const s = drip({ dripFeedStartingPoint: "previous" });
    expect(dripAvailableAt(curriculum, [], s, "a2", start)).toBeNull();
    const data = [{ id: "a1", post_type: "unit" as const, start: start + 500 }];
    expect(dripAvailableAt(curriculum, data, s, "a2", start)).toBe(start + 500 + DAY);
  });
  it("from the section's first item start", () => {
    const s = drip({ dripFeedStartingPoint: "section" });
    expect(dripAvailableAt(curriculum, [], s, "b1", start)).toBe(start);
    expect(dripAvailableAt(curriculum, [], s, "b2", start)).toBeNull();
    const data = [{ id: "b1", post_type: "unit" as const, start: start + 100 }];
    expect(dripAvailableAt(curriculum, data, s, "b2", start)).toBe(start + 100 + DAY);
  });
  it("per unit: each item's own delay", () => {
    const s = drip({ dripFeedUnitDuration: true });
    expect(dripAvailableAt(curriculum, [], s, "a1", start)).toBe(start);
    expect(dripAvailableAt(curriculum, [], s, "a2", start)).toBe(start + 3 * 3600);
  });
  it("is open once the time has come", () => {
    const s = drip({});
    expect(isDripOpen(curriculum, [], s, "a2", start, start + DAY - 1)).toBe(false);
    expect(isDripOpen(curriculum, [], s, "a2", start, start + DAY)).toBe(true);
    expect(isDripOpen(curriculum, [], s, "missing", start, start + 10 * DAY)).toBe(false);
  });
});

describe("items that dripped open (drip_lesson_available)", () => {
  it("lists only items held back at the start and open now", () => {
    const s = drip({});
    expect(drippedOpen(curriculum, [], s, start, start)).toEqual([]);
    expect(drippedOpen(curriculum, [], s, start, start + DAY)).toEqual(["a2"]);
    expect(drippedOpen(curriculum, [], s, start, start + 2 * DAY + 5)).toEqual(["a2", "b1"]);
  });
  it("lists nothing without drip", () => {
    expect(drippedOpen(curriculum, [], {}, start, start + 9 * DAY)).toEqual([]);
  });
});
