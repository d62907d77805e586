import { describe, expect, it } from "vitest";
import { freeSlots, isFreeSlot, type SlotInput, zonedInstant } from "./slots";

const iso = (slots: { start: Date }[]) => slots.map((s) => s.start.toISOString());
const base = (over: Partial<SlotInput>): SlotInput => ({
  timeZone: "Europe/Berlin",
  weekly: [],
  overrides: [],
  busy: [],
  durationMinutes: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  bookingWindowDays: 60,
  from: new Date("2026-03-01T00:00:00Z"),
  to: new Date("2026-04-30T00:00:00Z"),
  now: new Date("2026-03-01T00:00:00Z"),
  ...over,
});

describe("zonedInstant", () => {
  it("reads wall-clock times in the zone on either side of a change", () => {
    expect(zonedInstant("2026-03-28", 9 * 60, "Europe/Berlin").toISOString()).toBe("2026-03-28T08:00:00.000Z");
    expect(zonedInstant("2026-03-29", 9 * 60, "Europe/Berlin").toISOString()).toBe("2026-03-29T07:00:00.000Z");
    expect(zonedInstant("2026-03-07", 9 * 60, "America/New_York").toISOString()).toBe("2026-03-07T14:00:00.000Z");
    expect(zonedInstant("2026-03-08", 9 * 60, "America/New_York").toISOString()).toBe("2026-03-08T13:00:00.000Z");
  });
  it("moves a skipped time forward and takes the first of a repeated one", () => {
    expect(zonedInstant("2026-03-29", 2 * 60 + 30, "Europe/Berlin").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedInstant("2026-11-01", 60 + 30, "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
});

describe("freeSlots across daylight-saving changes", () => {
  it("Berlin, Sunday 2026-03-29: 09:00 local is 08:00 UTC the day before and 07:00 UTC that day", () => {
    const slots = freeSlots(
      base({
        weekly: [
          { weekday: 6, start: "09:00", end: "11:00" },
          { weekday: 0, start: "09:00", end: "11:00" },
        ],
        from: new Date("2026-03-28T00:00:00Z"),
        to: new Date("2026-03-30T00:00:00Z"),
      }),
    );
    expect(iso(slots)).toEqual([
      "2026-03-28T08:00:00.000Z",
      "2026-03-28T09:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
      "2026-03-29T08:00:00.000Z",
    ]);
  });

  it("Berlin: hours spanning the skipped hour give only the real hours", () => {
    const slots = freeSlots(
      base({
        weekly: [{ weekday: 0, start: "01:00", end: "04:00" }],
        from: new Date("2026-03-29T00:00:00Z"),
        to: new Date("2026-03-30T00:00:00Z"),
      }),
    );
    // 01:00 CET and 03:00 CEST: two hours of real time, not three.
    expect(iso(slots)).toEqual(["2026-03-29T00:00:00.000Z", "2026-03-29T01:00:00.000Z"]);
  });

  it("New York, Sunday 2026-03-08, with a 15-minute buffer after and a booking", () => {
    const slots = freeSlots(
      base({
        timeZone: "America/New_York",
        weekly: [
          { weekday: 6, start: "10:00", end: "12:00" },
          { weekday: 0, start: "10:00", end: "13:00" },
        ],
        durationMinutes: 45,
        stepMinutes: 60,
        bufferAfterMinutes: 15,
        busy: [{ start: new Date("2026-03-08T15:00:00Z"), end: new Date("2026-03-08T15:45:00Z") }],
        from: new Date("2026-03-07T00:00:00Z"),
        to: new Date("2026-03-09T00:00:00Z"),
      }),
    );
    expect(iso(slots)).toEqual([
      "2026-03-07T15:00:00.000Z", // 10:00 EST
      "2026-03-07T16:00:00.000Z",
      "2026-03-08T14:00:00.000Z", // 10:00 EDT; 11:00 EDT is booked
      "2026-03-08T16:00:00.000Z",
    ]);
  });
});

describe("freeSlots rules", () => {
  const monday = { weekday: 1 as const, start: "09:00", end: "12:00" };
  const range = {
    from: new Date("2026-06-01T00:00:00Z"),
    to: new Date("2026-06-02T00:00:00Z"),
    now: new Date("2026-05-20T00:00:00Z"),
  };

  it("a booking's own buffers and the new slot's buffers both keep slots apart", () => {
    const slots = freeSlots(
      base({
        weekly: [monday],
        ...range,
        bufferBeforeMinutes: 30,
        busy: [
          {
            start: new Date("2026-06-01T08:00:00Z"),
            end: new Date("2026-06-01T09:00:00Z"),
            bufferAfterMinutes: 10,
          },
        ],
      }),
    );
    // 10:00 CEST is booked; 11:00 needs 10:30 free but the booking's buffer runs to 11:10.
    expect(iso(slots)).toEqual(["2026-06-01T07:00:00.000Z"]);
  });

  it("minimum notice hides slots that start too soon", () => {
    const slots = freeSlots(
      base({ weekly: [monday], ...range, now: new Date("2026-06-01T06:30:00Z"), minimumNoticeMinutes: 60 }),
    );
    expect(iso(slots)).toEqual(["2026-06-01T08:00:00.000Z", "2026-06-01T09:00:00.000Z"]);
  });

  it("the booking window ends the offer", () => {
    const slots = freeSlots(
      base({ weekly: [monday], ...range, now: new Date("2026-05-31T08:30:00Z"), bookingWindowDays: 1 }),
    );
    expect(iso(slots)).toEqual(["2026-06-01T07:00:00.000Z", "2026-06-01T08:00:00.000Z"]);
  });

  it("an override replaces the weekday's hours, and an empty one is a day off", () => {
    const other = freeSlots(
      base({
        weekly: [monday],
        ...range,
        overrides: [{ date: "2026-06-01", intervals: [{ start: "14:00", end: "15:00" }] }],
      }),
    );
    expect(iso(other)).toEqual(["2026-06-01T12:00:00.000Z"]);
    const off = freeSlots(base({ weekly: [monday], ...range, overrides: [{ date: "2026-06-01", intervals: [] }] }));
    expect(off).toEqual([]);
  });

  it("isFreeSlot accepts an offered start and refuses one off the grid or taken", () => {
    const input = {
      ...base({ weekly: [monday], now: range.now }),
      busy: [{ start: new Date("2026-06-01T08:00:00Z"), end: new Date("2026-06-01T09:00:00Z") }],
    };
    expect(isFreeSlot(input, new Date("2026-06-01T07:00:00Z"))).toBe(true);
    expect(isFreeSlot(input, new Date("2026-06-01T07:30:00Z"))).toBe(false);
    expect(isFreeSlot(input, new Date("2026-06-01T08:00:00Z"))).toBe(false);
  });
});
