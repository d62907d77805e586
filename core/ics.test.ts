import { describe, expect, it } from "vitest";
import { buildIcs, icsEscape, icsFold } from "./ics";

const event = {
  uid: "b1c2@atrium",
  sequence: 0,
  method: "REQUEST" as const,
  start: new Date("2026-03-29T07:00:00Z"),
  end: new Date("2026-03-29T07:45:00Z"),
  stamp: new Date("2026-03-01T10:11:12.345Z"),
  summary: "Coaching; intro, part 1",
  description: "Bring notes\nand questions",
  location: "https://meet.jit.si/atrium-abc",
  organizer: { name: "Ines Instructor", email: "ines@example.org" },
  attendee: { name: "Max", email: "max@example.org" },
};

describe("buildIcs", () => {
  it("writes a request with the UID, UTC times, escaped text and CRLF lines", () => {
    const ics = buildIcs(event);
    const lines = ics.split("\r\n");
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines).toContain("UID:b1c2@atrium");
    expect(lines).toContain("DTSTART:20260329T070000Z");
    expect(lines).toContain("DTEND:20260329T074500Z");
    expect(lines).toContain("DTSTAMP:20260301T101112Z");
    expect(lines).toContain("SUMMARY:Coaching\\; intro\\, part 1");
    expect(lines).toContain("DESCRIPTION:Bring notes\\nand questions");
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
  });

  it("writes a cancellation of the same UID with a higher sequence", () => {
    const lines = buildIcs({ ...event, method: "CANCEL", sequence: 2 }).split("\r\n");
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain("UID:b1c2@atrium");
  });
});

describe("icsEscape and icsFold", () => {
  it("escapes backslashes before the characters it escapes", () => {
    expect(icsEscape("a\\b;c,d\r\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const long = `SUMMARY:${"ü".repeat(60)}`;
    const folded = icsFold(long);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join("")).toBe(long);
  });

  it("leaves a short line alone", () => {
    expect(icsFold("UID:x")).toBe("UID:x");
  });
});
