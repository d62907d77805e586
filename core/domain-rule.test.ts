import { describe, expect, it } from "vitest";
import { isValidDomain, normalizeHost } from "./domain-rule";

describe("isValidDomain", () => {
  it.each(["example.com", "learn.school.co.uk", "my-site.academy", "a1.io"])("accepts %s", (domain) => {
    expect(isValidDomain(domain)).toBe(true);
  });

  it.each([
    "",
    "localhost",
    "example",
    "-bad.com",
    "bad-.com",
    "exa mple.com",
    "example.c",
    "example.123",
    "https://example.com",
    "example.com/path",
    "example.com:8080",
    "example..com",
  ])("rejects %j", (domain) => {
    expect(isValidDomain(domain)).toBe(false);
  });

  it("rejects labels over 63 characters and missing values", () => {
    expect(isValidDomain(`${"a".repeat(64)}.com`)).toBe(false);
    expect(isValidDomain(`${"a".repeat(63)}.com`)).toBe(true);
    expect(isValidDomain(null)).toBe(false);
  });
});

describe("normalizeHost", () => {
  it("lowercases and strips the port and trailing dot", () => {
    expect(normalizeHost("School.Example.COM")).toBe("school.example.com");
    expect(normalizeHost("school.example.com:3000")).toBe("school.example.com");
    expect(normalizeHost("school.example.com.")).toBe("school.example.com");
    expect(normalizeHost(" School.example.com.:443 ")).toBe("school.example.com");
  });

  it("keeps IPv6 literals intact", () => {
    expect(normalizeHost("[::1]:5173")).toBe("[::1]");
    expect(normalizeHost("[2001:DB8::1]")).toBe("[2001:db8::1]");
  });
});
