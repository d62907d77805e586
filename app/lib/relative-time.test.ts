import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = "2026-03-10T12:00:00Z";

describe("relativeTime", () => {
  it("names the largest whole unit, past and future", () => {
    expect(relativeTime("2026-03-10T11:57:00Z", now, "en")).toBe("3 minutes ago");
    expect(relativeTime("2026-03-08T12:00:00Z", now, "en")).toBe("2 days ago");
    expect(relativeTime("2026-03-12T12:00:00Z", now, "en")).toBe("in 2 days");
  });
  it("says now for under a minute", () => {
    expect(relativeTime("2026-03-10T11:59:40Z", now, "en")).toBe("this minute");
  });
});
