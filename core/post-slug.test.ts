import { describe, expect, it } from "vitest";
import { excerptOf, isValidCoverUrl, isValidSlug, nextFreeSlug, slugify } from "./post-slug";

describe("post and category slugs", () => {
  it("makes an address from a title: lowercase a-z0-9 and single hyphens, accents dropped", () => {
    expect(slugify("Hello, World!")).toBe("hello-world");
    expect(slugify("  Crème brûlée — 2026 edition ")).toBe("creme-brulee-2026-edition");
    expect(slugify("Über  alles")).toBe("uber-alles");
  });

  it("falls back when the title has no letters or digits", () => {
    expect(slugify("!!!")).toBe("post");
    expect(slugify("مرحبا")).toBe("post");
    expect(slugify("???", "category")).toBe("category");
  });

  it("keeps slugs within 80 characters without a trailing hyphen", () => {
    const s = slugify(`${"a".repeat(79)} b`);
    expect(s.length).toBeLessThanOrEqual(80);
    expect(s.endsWith("-")).toBe(false);
  });

  it("accepts only the slug rule", () => {
    expect(isValidSlug("ai")).toBe(true);
    expect(isValidSlug("e-learning-101")).toBe(true);
    for (const bad of ["", "Hello", "-a", "a-", "a--b", "a_b", "a b", "ü", "a".repeat(81)]) {
      expect(isValidSlug(bad), bad).toBe(false);
    }
  });

  it("picks the next free slug with a number", () => {
    expect(nextFreeSlug("news", new Set())).toBe("news");
    expect(nextFreeSlug("news", new Set(["news", "news-2"]))).toBe("news-3");
    const long = "x".repeat(80);
    const next = nextFreeSlug(long, new Set([long]));
    expect(next.length).toBeLessThanOrEqual(80);
    expect(next.endsWith("-2")).toBe(true);
  });
});

describe("cover image addresses", () => {
  it("allows http(s) and site paths", () => {
    expect(isValidCoverUrl("https://cdn.example.org/a.png")).toBe(true);
    expect(isValidCoverUrl("http://example.org/a.png")).toBe(true);
    expect(isValidCoverUrl("/media/1/a.png")).toBe(true);
  });
  it("refuses scripts, other schemes and protocol-relative hosts", () => {
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/a.png",
      "/\\evil",
      "ftp://x/a",
      "a.png",
      '/a"onerror="x',
    ]) {
      expect(isValidCoverUrl(bad), bad).toBe(false);
    }
  });
});

describe("excerpts", () => {
  it("keeps short text and cuts long text at a word with an ellipsis", () => {
    expect(excerptOf("  Short   text ")).toBe("Short text");
    const long = "word ".repeat(100);
    const e = excerptOf(long, 200);
    expect(e.length).toBeLessThanOrEqual(201);
    expect(e.endsWith("word…")).toBe(true);
  });
});
