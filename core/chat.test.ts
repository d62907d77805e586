import { describe, expect, it } from "vitest";
import { directKey, LOOKING_AT_CHAT_MS, messagePreview, shouldNotify, ZSendMessage } from "./chat";

describe("chat rules", () => {
  it("one direct key per pair, whoever opens it", () => {
    expect(directKey("u2", "u1")).toBe(directKey("u1", "u2"));
    expect(directKey("u1", "u2")).not.toBe(directKey("u1", "u3"));
  });

  it("notifies once per unread notification, not while muted or looking at the chat", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    const fresh = { muted: false, notified: false, lastReadAt: null };
    expect(shouldNotify(fresh, now)).toBe(true);
    expect(shouldNotify({ ...fresh, notified: true }, now)).toBe(false);
    expect(shouldNotify({ ...fresh, muted: true }, now)).toBe(false);
    expect(shouldNotify({ ...fresh, lastReadAt: new Date(now.getTime() - 5_000) }, now)).toBe(false);
    expect(shouldNotify({ ...fresh, lastReadAt: new Date(now.getTime() - LOOKING_AT_CHAT_MS - 1) }, now)).toBe(true);
  });

  it("a message needs text or an attachment; the preview is the first line", () => {
    expect(ZSendMessage.safeParse({ body: "  " }).success).toBe(false);
    expect(ZSendMessage.safeParse({ body: "", attachments: ["not-a-uuid"] }).success).toBe(false);
    expect(ZSendMessage.safeParse({ body: "hi" }).success).toBe(true);
    expect(messagePreview("hello\nworld")).toBe("hello");
    expect(messagePreview("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
