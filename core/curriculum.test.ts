import { describe, expect, it } from "vitest";
import { type CurriculumItem, courseProgress, isUnlockedByLock, markItem, markStarted } from "./curriculum";

const curriculum: CurriculumItem[] = [
  { post_type: "section", title: "Start" },
  { id: "u1", post_type: "unit", title: "One" },
  { id: "u2", post_type: "unit", title: "Two" },
  { post_type: "section", title: "Check" },
  { id: "q1", post_type: "quiz", title: "Quiz" },
];

describe("course progress (spec §4: items with an id that are complete, rounded down)", () => {
  it("counts only items with an id", () => {
    expect(courseProgress(curriculum, [])).toBe(0);
    expect(courseProgress(curriculum, [{ id: "u1", post_type: "unit", complete: 100 }])).toBe(33);
    const two = [
      { id: "u1", post_type: "unit" as const, complete: 100 },
      { id: "u2", post_type: "unit" as const, complete: 101 },
    ];
    expect(courseProgress(curriculum, two)).toBe(66);
    expect(courseProgress(curriculum, [...two, { id: "q1", post_type: "quiz", complete: 102 }])).toBe(100);
  });
  it("ignores entries that are started but not complete, and an empty course is 0", () => {
    expect(courseProgress(curriculum, [{ id: "u1", post_type: "unit", start: 5 }])).toBe(0);
    expect(courseProgress([], [])).toBe(0);
  });
  it("completes with a timestamp and un-completes by removing it", () => {
    const done = markItem([], { id: "u1", post_type: "unit" }, true, 1000);
    expect(done).toEqual([{ id: "u1", post_type: "unit", start: 1000, complete: 1000 }]);
    const again = markItem(done, { id: "u1", post_type: "unit" }, true, 2000);
    expect(again[0].complete).toBe(1000);
    const undone = markItem(again, { id: "u1", post_type: "unit" }, false, 3000);
    expect(undone).toEqual([{ id: "u1", post_type: "unit", start: 1000 }]);
    expect(courseProgress(curriculum, undone)).toBe(0);
  });
  it("leaves the record as it was when nothing changes (a repeated completion, un-completing an unopened item)", () => {
    const data = markItem(
      markItem([], { id: "u1", post_type: "unit" }, true, 1),
      { id: "u2", post_type: "unit" },
      true,
      2,
    );
    expect(markItem(data, { id: "u1", post_type: "unit" }, true, 9)).toEqual(data);
    expect(markItem(data, { id: "q1", post_type: "quiz" }, false, 9)).toEqual(data);
    expect(markStarted(data, { id: "u1", post_type: "unit" }, 9)).toEqual(data);
  });
  it("records the first start only", () => {
    const s = markStarted([], { id: "u1", post_type: "unit" }, 10);
    expect(markStarted(s, { id: "u1", post_type: "unit" }, 20)[0].start).toBe(10);
  });
});

describe("unit lock (spec §4)", () => {
  it("opens every item when off", () => {
    expect(isUnlockedByLock(curriculum, [], "q1", false)).toBe(true);
  });
  it("opens the first item, completed items, and items after a completed non-section item", () => {
    expect(isUnlockedByLock(curriculum, [], "u1", true)).toBe(true);
    expect(isUnlockedByLock(curriculum, [], "u2", true)).toBe(false);
    const u1 = [{ id: "u1", post_type: "unit" as const, complete: 5 }];
    expect(isUnlockedByLock(curriculum, u1, "u2", true)).toBe(true);
    expect(isUnlockedByLock(curriculum, u1, "q1", true)).toBe(false);
    // The section between u2 and q1 is skipped: q1 follows u2.
    const u2 = [...u1, { id: "u2", post_type: "unit" as const, complete: 6 }];
    expect(isUnlockedByLock(curriculum, u2, "q1", true)).toBe(true);
    expect(isUnlockedByLock(curriculum, [{ id: "q1", post_type: "quiz", complete: 1 }], "q1", true)).toBe(true);
  });
  it("refuses an item that is not in the curriculum", () => {
    expect(isUnlockedByLock(curriculum, [], "nope", true)).toBe(false);
  });
});
