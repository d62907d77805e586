import { describe, expect, it } from "vitest";
import { absoluteUrl, canonicalUrl, seoMeta } from "./seo";

describe("seoMeta", () => {
  it("gives the title, canonical link, description and Open Graph tags", () => {
    const tags = seoMeta({
      title: "Hello",
      description: "A page",
      url: "https://a.test/hello",
      image: "https://a.test/i.png",
      type: "article",
    });
    expect(tags).toContainEqual({ title: "Hello" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://a.test/hello" });
    expect(tags).toContainEqual({ name: "description", content: "A page" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://a.test/i.png" });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
  });

  it("marks pages that must stay out of search engines", () => {
    expect(seoMeta({ title: "x", url: "https://a.test/", noindex: true })).toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });
});

describe("canonicalUrl and absoluteUrl", () => {
  it("drop the query and resolve relative addresses", () => {
    expect(canonicalUrl("http://s.localhost:3000/blog/x?utm_source=y")).toBe("http://s.localhost:3000/blog/x");
    expect(absoluteUrl("http://s.localhost:3000/blog/x", "/media/a.png")).toBe("http://s.localhost:3000/media/a.png");
    expect(absoluteUrl("http://s.localhost:3000/", null)).toBeNull();
  });
});
