import { describe, expect, it } from "vitest";
import { MAX_TRANSCRIBE_BYTES } from "../../../core/transcripts";
import { minuteUnits } from "./tasks";
import { cleanSegments, tooLargeError } from "./transcripts";

describe("minutes counted for a transcript", () => {
  it("counts every started minute and nothing for no audio", () => {
    expect(minuteUnits(0)).toBe(0);
    expect(minuteUnits(1)).toBe(1);
    expect(minuteUnits(60)).toBe(1);
    expect(minuteUnits(61)).toBe(2);
    expect(minuteUnits(3600)).toBe(60);
  });
});

describe("a provider's segments", () => {
  it("are trimmed, ordered, without empty lines, and never overlap", () => {
    expect(
      cleanSegments([
        { start: 6, end: 12.5, text: " second " },
        { start: 0, end: 7, text: "first" },
        { start: 12, end: 12, text: "   " },
        { start: 12, end: 12, text: "third" },
      ]),
    ).toEqual([
      { start: 0, end: 6, text: "first" },
      { start: 6, end: 12, text: "second" },
      { start: 12, end: 12.001, text: "third" },
    ]);
  });
});

describe("a file too large to transcribe", () => {
  it("is refused with 422 naming the file and both sizes", () => {
    const err = tooLargeError("lecture.mp4", MAX_TRANSCRIBE_BYTES + 1);
    expect(err.code).toBe("validation_failed");
    expect(err.message).toMatch(/^lecture\.mp4 is 25(\.0)? MB; files up to 25 MB can be transcribed/);
  });
});
