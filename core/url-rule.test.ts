import { describe, expect, it } from "vitest";
import { isValidUrl } from "./url-rule";

describe("isValidUrl", () => {
  it.each([
    "example.com",
    "http://example.com",
    "https://www.example.com/",
    "https://school.example.co.uk/course/intro-to-ai",
    "https://example.com:8443/path/to/page?utm_source=mail&utm_medium=email#top",
    "http://192.168.1.20",
    "192.168.1.20:3000/api",
    "https://example.com/search?q=a+b&page=2",
    "https://example.com/#section-2",
  ])("accepts %s", (url) => {
    expect(isValidUrl(url)).toBe(true);
  });

  it.each([
    "",
    "ftp://example.com",
    "javascript:alert(1)",
    "https://",
    "https://localhost",
    "https://example",
    "https://exa mple.com",
    "https://256.1.1.1",
    "https://example.com:port",
    "https://example.com/pa th",
    "//example.com",
  ])("rejects %j", (url) => {
    expect(isValidUrl(url)).toBe(false);
  });

  it("rejects missing values", () => {
    expect(isValidUrl(null)).toBe(false);
    expect(isValidUrl(undefined)).toBe(false);
  });
});
