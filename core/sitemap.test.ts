import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapIndex, urlset } from "./sitemap";

describe("sitemap", () => {
  it("lists absolute, escaped addresses with their last change", () => {
    const xml = urlset("https://a.test", [
      { path: "/" },
      { path: "/blog/fish&chips", lastmod: new Date("2026-03-04T10:00:00Z") },
    ]);
    expect(xml).toContain("<loc>https://a.test/</loc>");
    expect(xml).toContain("<loc>https://a.test/blog/fish&amp;chips</loc><lastmod>2026-03-04</lastmod>");
  });

  it("indexes numbered parts", () => {
    const xml = sitemapIndex("https://a.test", 3);
    expect(xml).toContain("<loc>https://a.test/sitemap-3.xml</loc>");
    expect(xml.match(/<sitemap>/g)).toHaveLength(3);
  });
});

describe("robots.txt", () => {
  it("keeps the dashboard out and names the sitemap", () => {
    const txt = robotsTxt("https://a.test");
    expect(txt).toContain("Disallow: /dashboard");
    expect(txt).toContain("Sitemap: https://a.test/sitemap.xml");
  });
});
