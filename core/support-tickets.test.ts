import { describe, expect, it } from "vitest";
import {
  libraryMediaId,
  maySetStatus,
  statusAfterReply,
  TICKET_STATUS_COLORS,
  ZOpenTicket,
  ZTicketReply,
} from "./support-tickets";

const file = "/media/0b5f7c1e-4f4a-4d38-9a53-1d2b3c4d5e6f/screenshot.png";

describe("ticket status rules", () => {
  it("a staff reply awaits the owner; an owner reply needs staff again", () => {
    expect(statusAfterReply("staff")).toBe("awaited");
    expect(statusAfterReply("owner")).toBe("unresolved");
  });

  it("the owner may only resolve; staff may set any status", () => {
    expect(maySetStatus("owner", "resolved")).toBe(true);
    expect(maySetStatus("owner", "awaited")).toBe(false);
    expect(maySetStatus("owner", "unresolved")).toBe(false);
    expect(maySetStatus("staff", "unresolved")).toBe(true);
  });

  it("spec colours: warning, info, success", () => {
    expect(TICKET_STATUS_COLORS).toEqual({ unresolved: "yellow", awaited: "blue", resolved: "green" });
  });
});

describe("ticket input", () => {
  const valid = { category: "bug", subject: "Checkout fails", message: "It says 500.", attachments: [file] };

  it("accepts a valid ticket, trimming text and keeping library files", () => {
    const r = ZOpenTicket.parse({ ...valid, subject: "  Checkout fails  ", message: "Line 1\r\nLine 2\u0007" });
    expect(r).toEqual({ ...valid, message: "Line 1\nLine 2" });
  });

  it("names the field of each problem", () => {
    const fields = (input: unknown) => {
      const r = ZOpenTicket.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
    };
    expect(fields({ ...valid, subject: "ab" })).toEqual(["subject"]);
    expect(fields({ ...valid, subject: "x".repeat(201) })).toEqual(["subject"]);
    expect(fields({ ...valid, message: "   " })).toEqual(["message"]);
    expect(fields({ ...valid, message: "x".repeat(10_001) })).toEqual(["message"]);
    expect(fields({ ...valid, category: "billing" })).toEqual(["category"]);
    expect(fields({ ...valid, attachments: ["https://example.org/x.png"] })).toEqual(["attachments.0"]);
    expect(fields({ ...valid, attachments: Array(6).fill(file) })).toEqual(["attachments"]);
  });

  it("a reply needs a message; attachments are optional", () => {
    expect(ZTicketReply.parse({ message: "Thanks" })).toEqual({ message: "Thanks", attachments: [] });
    expect(ZTicketReply.safeParse({ message: "" }).success).toBe(false);
  });

  it("reads the media id of a library URL only", () => {
    expect(libraryMediaId(file)).toBe("0b5f7c1e-4f4a-4d38-9a53-1d2b3c4d5e6f");
    expect(libraryMediaId("/media/not-an-id/x.png")).toBeNull();
    expect(libraryMediaId(`https://evil.example${file}`)).toBeNull();
  });
});
