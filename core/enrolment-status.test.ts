import { describe, expect, it } from "vitest";
import { ENROLMENT_STATUS_VALUES, enrolmentStatusName, isEnrolmentStatus } from "./enrolment-status";

describe("enrolment status (spec §4)", () => {
  it("names the spec's 1 enrolled and 2 started, then the instructor's outcomes", () => {
    expect(ENROLMENT_STATUS_VALUES.map(enrolmentStatusName)).toEqual([
      "enrolled",
      "started",
      "completed",
      "passed",
      "failed",
    ]);
  });
  it("has no name for values outside the list, which screens show as numbers", () => {
    for (const n of [0, 6, 9, 1.5, -1]) {
      expect(isEnrolmentStatus(n)).toBe(false);
      expect(enrolmentStatusName(n)).toBeNull();
    }
  });
});
