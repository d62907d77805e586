import { describe, expect, it } from "vitest";
import { isValidEmail } from "./email-rule";

describe("isValidEmail", () => {
  it.each(["student@example.com", "first.last+tag@school.co.uk", "a_b%c-d@sub-domain.example.org", "UPPER@EXAMPLE.IO"])(
    "accepts %s",
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    "",
    "no-at-sign.example.com",
    "two@@example.com",
    "user@localhost",
    "user@example.c",
    "user@example.123",
    "user name@example.com",
    "user!@example.com",
    "@example.com",
    " user@example.com",
  ])("rejects %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("rejects missing values and over-long addresses", () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
    expect(isValidEmail(`${"a".repeat(250)}@example.com`)).toBe(false);
  });
});
