import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readSessionToken, sessionNeedsRefresh } from "./session-cookie";

const sign = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);

describe("readSessionToken", () => {
  it("returns the token of a cookie signed with the secret", () => {
    expect(readSessionToken(sign("abc123", "s".repeat(32)), "s".repeat(32))).toBe("abc123");
  });
  it("refuses a cookie signed with another secret, a tampered token, or garbage", () => {
    const cookie = sign("abc123", "s".repeat(32));
    expect(readSessionToken(cookie, "t".repeat(32))).toBeNull();
    expect(readSessionToken(cookie.replace("abc123", "abc124"), "s".repeat(32))).toBeNull();
    expect(readSessionToken("no-signature", "s".repeat(32))).toBeNull();
    expect(readSessionToken("%E0%A4%A", "s".repeat(32))).toBeNull();
  });
});

describe("sessionNeedsRefresh", () => {
  const day = 24 * 3600 * 1000;
  it("extends a session once a day of its seven has passed", () => {
    const now = Date.now();
    expect(sessionNeedsRefresh(new Date(now + 7 * day), now)).toBe(false);
    expect(sessionNeedsRefresh(new Date(now + 6.5 * day), now)).toBe(false);
    expect(sessionNeedsRefresh(new Date(now + 6 * day), now)).toBe(true);
  });
});
