import { describe, expect, it } from "vitest";
import { handInProblem, maxMarksOf, submissionTypeOf } from "./assignment-hand-in";

describe("assignment hand-in rules", () => {
  it("treats an assignment whose setting was never touched as text-only, out of 100", () => {
    expect(submissionTypeOf({})).toBe("text");
    expect(submissionTypeOf(null)).toBe("text");
    expect(maxMarksOf({})).toBe(100);
    expect(submissionTypeOf({ submissionType: "both", maxMarks: 5 })).toBe("both");
  });
  it("refuses files for a text-only assignment and text for a file-only one, naming the field", () => {
    expect(handInProblem("text", { text: true, files: 1 })).toEqual({ field: "files", reason: "textOnly" });
    expect(handInProblem("file", { text: true, files: 1 })).toEqual({ field: "content", reason: "filesOnly" });
    expect(handInProblem("file", { text: false, files: 0 })).toEqual({ field: "files", reason: "empty" });
    expect(handInProblem("text", { text: false, files: 0 })).toEqual({ field: "content", reason: "empty" });
  });
  it("takes what the assignment asks for", () => {
    expect(handInProblem("text", { text: true, files: 0 })).toBeNull();
    expect(handInProblem("file", { text: false, files: 2 })).toBeNull();
    expect(handInProblem("both", { text: true, files: 2 })).toBeNull();
    expect(handInProblem("both", { text: false, files: 1 })).toBeNull();
  });
});
