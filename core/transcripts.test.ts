import { describe, expect, it } from "vitest";
import { clockTime, mediaIdOfVideo, segmentProblem, toWebVtt, transcriptText, vttTime } from "./transcripts";

describe("WebVTT captions", () => {
  it("writes the header and one numbered cue a segment with HH:MM:SS.mmm times", () => {
    const vtt = toWebVtt([
      { start: 0, end: 2.5, text: "Welcome." },
      { start: 3661.007, end: 3662, text: "An hour in." },
    ]);
    expect(vtt).toBe(
      "WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nWelcome.\n\n2\n01:01:01.007 --> 01:01:02.000\nAn hour in.\n\n",
    );
  });

  it("escapes &, < and > so a line cannot end its cue or become markup", () => {
    const vtt = toWebVtt([{ start: 1, end: 2, text: "a --> b & <c>" }]);
    expect(vtt).toContain("a --&gt; b &amp; &lt;c&gt;");
    expect(vtt.match(/-->/g)).toHaveLength(1);
  });

  it("keeps blank lines out of a cue and leaves out empty segments", () => {
    const vtt = toWebVtt([
      { start: 0, end: 1, text: "one\n\n\ntwo" },
      { start: 1, end: 2, text: "   " },
      { start: 2, end: 3, text: "three" },
    ]);
    expect(vtt).toContain("1\n00:00:00.000 --> 00:00:01.000\none\ntwo\n\n2\n00:00:02.000 --> 00:00:03.000\nthree");
  });

  it("rounds to the millisecond and never goes below zero", () => {
    expect(vttTime(59.9996)).toBe("00:01:00.000");
    expect(vttTime(-3)).toBe("00:00:00.000");
    expect(clockTime(65)).toBe("1:05");
    expect(clockTime(3725)).toBe("1:02:05");
  });
});

describe("saving a transcript", () => {
  const ok = [
    { start: 0, end: 6, text: "First." },
    { start: 6, end: 12, text: "Second." },
  ];
  it("accepts ordered, non-empty lines that start before they end", () => {
    expect(segmentProblem(ok)).toBeNull();
    expect(segmentProblem([])).toBeNull();
  });
  it("names the line with no text", () => {
    expect(segmentProblem([ok[0], { start: 6, end: 7, text: " " }] as never)).toEqual({
      index: 1,
      field: "segments.1.text",
      reason: "empty",
    });
  });
  it("names the line that ends before it starts", () => {
    expect(segmentProblem([{ start: 5, end: 5, text: "x" }])?.field).toBe("segments.0.end");
    expect(segmentProblem([{ start: -1, end: 5, text: "x" }])?.reason).toBe("times");
  });
  it("names the line that starts before the one before it ends", () => {
    expect(segmentProblem([ok[0], { start: 5, end: 9, text: "x" }] as never)).toMatchObject({
      index: 1,
      reason: "order",
    });
  });
  it("joins the text for search", () => {
    expect(transcriptText(ok)).toBe("First. Second.");
  });
});

describe("the media a unit's video plays", () => {
  const id = "0b6f3c1e-1111-4222-8333-444455556666";
  it("reads the media id or the library address; embeds have none", () => {
    expect(mediaIdOfVideo({ kind: "upload", url: `/media/${id}/clip.mp4` })).toBe(id);
    expect(mediaIdOfVideo({ kind: "upload", url: "https://cdn.example.org/a.mp4", mediaId: id })).toBe(id);
    expect(mediaIdOfVideo({ kind: "upload", url: "https://cdn.example.org/a.mp4" })).toBeNull();
    expect(mediaIdOfVideo({ kind: "embed", url: `/media/${id}/clip.mp4` })).toBeNull();
    expect(mediaIdOfVideo(null)).toBeNull();
  });
});
