import { describe, expect, it } from "vitest";
import { isValidSiteSlug, RESERVED_SLUGS } from "./site-slug-rule";

describe("isValidSiteSlug", () => {
  it.each(["abc", "acme-academy", "school42", "a-b", "x".repeat(40)])("accepts %j", (slug) => {
    expect(isValidSiteSlug(slug)).toBe(true);
  });

  it.each([
    "",
    "ab",
    "x".repeat(41),
    "Acme",
    "-acme",
    "acme-",
    "acme_academy",
    "acme.academy",
    "acme academy",
    "écoles",
  ])("rejects %j", (slug) => {
    expect(isValidSiteSlug(slug)).toBe(false);
  });

  it("rejects every reserved slug", () => {
    expect(RESERVED_SLUGS).toHaveLength(15);
    for (const slug of RESERVED_SLUGS) expect(isValidSiteSlug(slug)).toBe(false);
  });

  it("accepts slugs that only contain a reserved word", () => {
    expect(isValidSiteSlug("www-academy")).toBe(true);
    expect(isValidSiteSlug("myblog")).toBe(true);
  });

  it("rejects missing values", () => {
    expect(isValidSiteSlug(null)).toBe(false);
    expect(isValidSiteSlug(undefined)).toBe(false);
  });
});
