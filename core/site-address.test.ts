import { describe, expect, it } from "vitest";
import { isAcceptableCustomDomain, siteAddress } from "./site-address";

describe("isAcceptableCustomDomain", () => {
  it.each(["school.com", "learn.my-school.online", "Academy.IO", "a1.example.co", "my school.org"])(
    "accepts %j",
    (domain) => {
      expect(isAcceptableCustomDomain(domain)).toBe(true);
    },
  );

  it.each([
    "",
    "localhost",
    "school",
    "school.c",
    "school.community",
    "school.academy",
    "school.c0m",
    "-school.com",
    "school-.com",
    "school..com",
    "https://school.com",
    "school.com/path",
    "school.com:8080",
  ])("rejects %j", (domain) => {
    expect(isAcceptableCustomDomain(domain)).toBe(false);
  });

  it("rejects missing values", () => {
    expect(isAcceptableCustomDomain(null)).toBe(false);
    expect(isAcceptableCustomDomain(undefined)).toBe(false);
  });
});

describe("siteAddress", () => {
  const base = "atrium.test";

  it("uses an acceptable custom domain, lowercased", () => {
    expect(siteAddress({ slug: "acme", domain: "Learn.Acme.com" }, base)).toBe("learn.acme.com");
    expect(siteAddress({ slug: "acme", domain: " acme.io " }, base)).toBe("acme.io");
  });

  it("falls back to the slug under the base domain", () => {
    expect(siteAddress({ slug: "acme", domain: null }, base)).toBe("acme.atrium.test");
    expect(siteAddress({ slug: "acme" }, base)).toBe("acme.atrium.test");
    expect(siteAddress({ slug: "acme", domain: "" }, base)).toBe("acme.atrium.test");
    expect(siteAddress({ slug: "acme", domain: "acme.community" }, base)).toBe("acme.atrium.test");
  });
});
