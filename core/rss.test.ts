import { describe, expect, it } from "vitest";
import { absolutiseHtml, escapeXml, renderRss, rfc822 } from "./rss";

describe("RSS dates", () => {
  it("formats RFC 822 in GMT with two-digit day and time", () => {
    expect(rfc822(new Date("2002-09-07T09:42:31Z"))).toBe("Sat, 07 Sep 2002 09:42:31 GMT");
    expect(rfc822(new Date("2026-01-01T00:00:00+02:00"))).toBe("Wed, 31 Dec 2025 22:00:00 GMT");
  });
});

describe("RSS XML", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>\u0001`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;",
    );
  });

  it("makes site-relative links and images absolute", () => {
    expect(
      absolutiseHtml('<a href="/blog/x"><img src="/media/1/a.png"></a><a href="//cdn/x">', "https://s.example"),
    ).toBe('<a href="https://s.example/blog/x"><img src="https://s.example/media/1/a.png"></a><a href="//cdn/x">');
  });

  it("renders a channel with its items, escaped", () => {
    const xml = renderRss({
      title: "Tom & Co",
      link: "https://s.example/blog",
      description: "News",
      selfLink: "https://s.example/blog/rss.xml",
      items: [
        {
          title: "A <b>bold</b> move",
          link: "https://s.example/blog/a",
          description: "Short",
          contentHtml: "<p>Hi & bye</p>",
          author: "Ana",
          categories: ["Updates"],
          pubDate: new Date("2026-03-02T10:00:00Z"),
        },
      ],
    });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain("<title>Tom &amp; Co</title>");
    expect(xml).toContain("<title>A &lt;b&gt;bold&lt;/b&gt; move</title>");
    expect(xml).toContain('<guid isPermaLink="true">https://s.example/blog/a</guid>');
    expect(xml).toContain("<pubDate>Mon, 02 Mar 2026 10:00:00 GMT</pubDate>");
    expect(xml).toContain("<content:encoded>&lt;p&gt;Hi &amp; bye&lt;/p&gt;</content:encoded>");
    expect(xml).toContain("<category>Updates</category>");
    expect(xml).not.toContain("<b>");
  });
});
