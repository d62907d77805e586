import { describe, expect, it } from "vitest";
import { AUTOMATION_TRIGGERS } from "../../../core/automations";
import { delayParts, fromClock, toClock, TRIGGER_GROUPS } from "./catalogue";

describe("the editor's catalogue", () => {
  it("puts every trigger in exactly one group", () => {
    const grouped = TRIGGER_GROUPS.flatMap((g) => g.triggers);
    expect([...grouped].sort()).toEqual([...AUTOMATION_TRIGGERS].sort());
  });
  it("shows a delay in the largest even unit", () => {
    expect(delayParts(1440)).toEqual({ amount: 1, unit: "days" });
    expect(delayParts(120)).toEqual({ amount: 2, unit: "hours" });
    expect(delayParts(90)).toEqual({ amount: 90, unit: "minutes" });
  });
  it("reads and writes HH:MM", () => {
    expect(toClock(545)).toBe("09:05");
    expect(fromClock("23:59")).toBe(1439);
    expect(fromClock("24:00")).toBeNull();
    expect(fromClock("9")).toBeNull();
  });
});
