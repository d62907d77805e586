import { describe, expect, it } from "vitest";
import { confirmToken, readConfirmToken } from "./opt-in";

const SECRET = "s".repeat(32);
const SITE = "0b5f4a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5b";
const LIST = "11111111-2222-4333-8444-555555555555";
const CONTACT = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";

describe("double opt-in confirmation token", () => {
  it("names the list and the contact it was signed for", () => {
    const token = confirmToken(SECRET, SITE, LIST, CONTACT);
    expect(token).toMatch(/^[0-9a-f]{104}$/);
    expect(readConfirmToken(SECRET, SITE, token)).toEqual({ listId: LIST, contactId: CONTACT });
  });

  it("is refused when changed, signed with another secret, or read on another site", () => {
    const token = confirmToken(SECRET, SITE, LIST, CONTACT);
    const otherContact = `${token.slice(0, 32)}${"b".repeat(32)}${token.slice(64)}`;
    expect(readConfirmToken(SECRET, SITE, otherContact)).toBeNull();
    const lastFlipped = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    expect(readConfirmToken(SECRET, SITE, lastFlipped)).toBeNull();
    expect(readConfirmToken("t".repeat(32), SITE, token)).toBeNull();
    expect(readConfirmToken(SECRET, "0b5f4a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5c", token)).toBeNull();
    expect(readConfirmToken(SECRET, SITE, "not-a-token")).toBeNull();
    expect(readConfirmToken(SECRET, SITE, token.slice(0, 100))).toBeNull();
  });
});
