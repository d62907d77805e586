import { describe, expect, it } from "vitest";
import { checkPageSlug, RESERVED_PAGE_SLUGS, slugifyTitle } from "./page-slug";

describe("page slugs", () => {
  it("accepts lowercase letters, digits and single inner dashes up to 80 characters", () => {
    for (const s of ["a", "about-us", "pricing-2026", "home", "x".repeat(80)]) {
      expect(checkPageSlug(s)).toEqual({ ok: true, slug: s });
    }
  });

  it("refuses other shapes with a message", () => {
    for (const s of ["", "About", "a b", "-a", "a-", "a--b", "ä", "a/b", "x".repeat(81), "a_b"]) {
      const r = checkPageSlug(s);
      expect(r.ok, s).toBe(false);
    }
    expect(checkPageSlug("x".repeat(81))).toMatchObject({ message: expect.stringContaining("80") });
    expect(checkPageSlug(42)).toMatchObject({ ok: false });
  });

  it("refuses every first path segment the app uses, naming the slug", () => {
    for (const s of ["dashboard", "login", "signup", "blog", "docs", "members", "api", "media", "courses"]) {
      expect(RESERVED_PAGE_SLUGS).toContain(s);
      expect(checkPageSlug(s)).toEqual({ ok: false, message: expect.stringContaining(`"${s}"`) });
    }
    expect(checkPageSlug("sitemap.xml").ok).toBe(false);
  });

  it("lets a doc use a slug that is reserved for site pages", () => {
    expect(checkPageSlug("login", "doc")).toEqual({ ok: true, slug: "login" });
  });

  it("suggests a slug from a title", () => {
    expect(slugifyTitle("  Über uns: Team & Jobs! ")).toBe("uber-uns-team-jobs");
    expect(slugifyTitle("!!!")).toBe("");
  });
});
