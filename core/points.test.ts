import { describe, expect, it } from "vitest";
import { DEFAULT_POINTS, levelFor, levelProgress, periodStart, validateRules } from "./points";

const levels = [
  { name: "Beginner", threshold: 0 },
  { name: "Explorer", threshold: 100 },
  { name: "Master", threshold: 500 },
];

describe("levelFor", () => {
  it("holds the highest level whose threshold the total reached", () => {
    expect(levelFor(0, levels)?.name).toBe("Beginner");
    expect(levelFor(99, levels)?.name).toBe("Beginner");
    expect(levelFor(100, levels)?.name).toBe("Explorer");
    expect(levelFor(10_000, levels)?.name).toBe("Master");
  });
  it("is none below the first threshold or without levels", () => {
    expect(levelFor(5, [{ name: "Bronze", threshold: 10 }])).toBeNull();
    expect(levelFor(5, [])).toBeNull();
  });
  it("does not depend on the order the levels are given in", () => {
    expect(levelFor(150, [...levels].reverse())?.name).toBe("Explorer");
  });
});

describe("levelProgress", () => {
  it("measures the way from this level's threshold to the next one's", () => {
    expect(levelProgress(250, levels)).toEqual({ level: levels[1], next: levels[2], toNext: 250, percent: 37 });
    expect(levelProgress(100, levels)).toMatchObject({ percent: 0, toNext: 400 });
  });
  it("counts from zero before the first level", () => {
    expect(levelProgress(5, [{ name: "Bronze", threshold: 10 }])).toMatchObject({
      level: null,
      toNext: 5,
      percent: 50,
    });
  });
  it("is complete at the top level", () => {
    expect(levelProgress(900, levels)).toEqual({ level: levels[2], next: null, toNext: 0, percent: 100 });
  });
});

describe("validateRules", () => {
  it("fills in the default points for activities left out", () => {
    const result = validateRules({ points: { lesson_completed: 3 } });
    expect(result).toEqual({ ok: true, rules: { points: { ...DEFAULT_POINTS, lesson_completed: 3 }, levels: [] } });
  });
  it("names the field of a negative or fractional number", () => {
    expect(validateRules({ points: { quiz_passed: -1 } })).toMatchObject({
      ok: false,
      problem: { field: "points.quiz_passed", key: "points.errors.invalid" },
    });
    expect(validateRules({ points: { daily_visit: 1.5 } })).toMatchObject({ problem: { field: "points.daily_visit" } });
  });
  it("refuses thresholds that do not rise and names the level", () => {
    const result = validateRules({ points: {}, levels: [levels[0], { name: "Two", threshold: 0 }] });
    expect(result).toEqual({ ok: false, problem: { field: "levels.1.threshold", key: "points.errors.levelOrder" } });
  });
  it("refuses two levels with one name and a level without a name", () => {
    expect(validateRules({ points: {}, levels: [levels[0], { name: "beginner", threshold: 5 }] })).toMatchObject({
      problem: { field: "levels.1.name" },
    });
    expect(validateRules({ points: {}, levels: [{ name: " ", threshold: 5 }] })).toMatchObject({
      problem: { field: "levels.0.name" },
    });
  });
  it("refuses an unknown activity", () => {
    expect(validateRules({ points: {}, bonus: 3 })).toMatchObject({ ok: false });
  });
});

describe("periodStart", () => {
  const wed = new Date("2026-11-25T15:00:00Z");
  it("starts the week on Monday and the month on the 1st", () => {
    expect(periodStart("week", wed)?.toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(periodStart("month", wed)?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(periodStart("all", wed)).toBeNull();
  });
  it("counts a Sunday in the week that began the Monday before", () => {
    expect(periodStart("week", new Date("2026-11-29T23:59:00Z"))?.toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });
});
