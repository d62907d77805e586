import { describe, expect, it } from "vitest";
import { nextCronRun } from "./cron";

const at = (s: string) => new Date(s);

describe("nextCronRun", () => {
  it("every minute is the next whole minute", () => {
    expect(nextCronRun("* * * * *", at("2026-03-01T10:15:30Z"))?.toISOString()).toBe("2026-03-01T10:16:00.000Z");
  });
  it("every five minutes rounds up to the next multiple, strictly after", () => {
    expect(nextCronRun("*/5 * * * *", at("2026-03-01T10:15:00Z"))?.toISOString()).toBe("2026-03-01T10:20:00.000Z");
    expect(nextCronRun("*/5 * * * *", at("2026-03-01T10:57:10Z"))?.toISOString()).toBe("2026-03-01T11:00:00.000Z");
  });
  it("a daily time crosses midnight and month ends", () => {
    expect(nextCronRun("30 2 * * *", at("2026-01-31T03:00:00Z"))?.toISOString()).toBe("2026-02-01T02:30:00.000Z");
  });
  it("lists, ranges and weekdays (7 is Sunday)", () => {
    // 2026-03-01 is a Sunday.
    expect(nextCronRun("0 9 * * 1-5", at("2026-03-01T12:00:00Z"))?.toISOString()).toBe("2026-03-02T09:00:00.000Z");
    expect(nextCronRun("0 0 * * 7", at("2026-03-02T00:00:00Z"))?.toISOString()).toBe("2026-03-08T00:00:00.000Z");
    expect(nextCronRun("15,45 * * * *", at("2026-03-01T10:20:00Z"))?.toISOString()).toBe("2026-03-01T10:45:00.000Z");
  });
  it("an expression it cannot read gives null", () => {
    expect(nextCronRun("@hourly", at("2026-03-01T10:00:00Z"))).toBeNull();
    expect(nextCronRun("61 * * * *", at("2026-03-01T10:00:00Z"))).toBeNull();
    expect(nextCronRun("0 0 31 2 *", at("2026-03-01T10:00:00Z"))).toBeNull();
  });
});
