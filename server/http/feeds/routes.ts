// /blog/rss.xml: each site's blog as RSS 2.0 (the latest 20 published posts, absolute links),
// answered before server rendering and cacheable by browsers and proxies for a few minutes.
import { Hono } from "hono";
import { absolutiseHtml, renderRss } from "../../../core/rss";
import { posts } from "../../modules/posts";
import type { AppEnv } from "../env";

export const FEED_SIZE = 20;

export function createFeedRoutes() {
  const feeds = new Hono<AppEnv>();
  feeds.get("/blog/rss.xml", async (c) => {
    const site = c.get("site");
    const origin = c.get("origin");
    const { database } = c.get("platform");
    const items = await posts.latestPublished(database.db, site.accountId, FEED_SIZE);
    const title = site.settings.sitetitle || site.slug;
    const xml = renderRss({
      title,
      link: `${origin}/blog`,
      description: `${title} blog`,
      selfLink: `${origin}/blog/rss.xml`,
      language: site.settings.defaultLanguage || undefined,
      items: items.map((p) => ({
        title: p.title,
        link: `${origin}/blog/${p.slug}`,
        description: p.excerpt,
        contentHtml: absolutiseHtml(p.content, origin),
        author: p.authorName,
        categories: p.categories.map((cat) => cat.name),
        pubDate: new Date(p.publishedAt ?? p.createdAt),
      })),
    });
    c.header("Cache-Control", "public, max-age=300");
    return c.body(xml, 200, { "Content-Type": "application/rss+xml; charset=utf-8" });
  });
  return feeds;
}
