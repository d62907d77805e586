// What a site's sitemap lists: its fixed public pages, its published pages and, newest first, its
// published blog posts (and on the platform's own site, its docs). Counting first lets a large
// site's sitemap.xml become an index of parts of at most 50,000 addresses.
import { and, count, desc, eq } from "drizzle-orm";
import { SITEMAP_MAX_URLS, type SitemapEntry } from "../../../core/sitemap";
import type { Db } from "../../db/client";
import { courses, pages, posts } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { gatedPageIds } from "../commerce";

type Site = { accountId: string; isPlatform: boolean };

function fixedPaths(site: Site): SitemapEntry[] {
  const paths = ["/", "/blog", "/course", "/members"];
  if (site.isPlatform) paths.push("/about", "/docs");
  return paths.map((path) => ({ path }));
}

/** Pages and docs (few per site): fixed pages first, then every published page. */
async function pageEntries(db: Db, site: Site): Promise<SitemapEntry[]> {
  const rows = await withTenant(db, site.accountId, (tx) =>
    tx
      .select({ id: pages.id, slug: pages.slug, kind: pages.kind, updatedAt: pages.updatedAt })
      .from(pages)
      .where(and(eq(pages.accountId, site.accountId), eq(pages.status, "published")))
      .orderBy(pages.kind, pages.slug),
  );
  const entries = fixedPaths(site);
  // Member-only pages are not for search engines.
  const gated = await withTenant(db, site.accountId, (tx) => gatedPageIds(tx, site.accountId));
  for (const r of rows) {
    if (gated.has(r.id)) continue;
    if (r.kind === "doc") {
      if (site.isPlatform) entries.push({ path: `/docs/${encodeURIComponent(r.slug)}`, lastmod: r.updatedAt });
    } else if (r.slug === "home") {
      entries[0] = { path: "/", lastmod: r.updatedAt };
    } else {
      entries.push({ path: `/${encodeURIComponent(r.slug)}`, lastmod: r.updatedAt });
    }
  }
  // Published courses (few per site) sit with the pages, before the long list of posts.
  const published = await withTenant(db, site.accountId, (tx) =>
    tx
      .select({ slug: courses.slug, updatedAt: courses.updatedAt })
      .from(courses)
      .where(and(eq(courses.accountId, site.accountId), eq(courses.status, "published")))
      .orderBy(courses.slug),
  );
  for (const c of published) entries.push({ path: `/course/${encodeURIComponent(c.slug)}`, lastmod: c.updatedAt });
  return entries;
}

async function postCount(db: Db, accountId: string): Promise<number> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ n: count() })
      .from(posts)
      .where(and(eq(posts.accountId, accountId), eq(posts.status, "published"))),
  );
  return Number(row?.n ?? 0);
}

async function postEntries(db: Db, accountId: string, offset: number, limit: number): Promise<SitemapEntry[]> {
  if (limit <= 0) return [];
  const rows = await withTenant(db, accountId, (tx) =>
    tx
      .select({ slug: posts.slug, updatedAt: posts.updatedAt })
      .from(posts)
      .where(and(eq(posts.accountId, accountId), eq(posts.status, "published")))
      .orderBy(desc(posts.publishedAt), posts.id)
      .offset(offset)
      .limit(limit),
  );
  return rows.map((r) => ({ path: `/blog/${encodeURIComponent(r.slug)}`, lastmod: r.updatedAt }));
}

export type Sitemap = { kind: "urlset"; entries: SitemapEntry[] } | { kind: "index"; parts: number };

export const seo = {
  /** The whole sitemap when it fits in one file, else the number of parts for an index. */
  async sitemap(db: Db, site: Site): Promise<Sitemap> {
    const [fixed, total] = await Promise.all([pageEntries(db, site), postCount(db, site.accountId)]);
    if (fixed.length + total <= SITEMAP_MAX_URLS) {
      return { kind: "urlset", entries: [...fixed, ...(await postEntries(db, site.accountId, 0, total))] };
    }
    return { kind: "index", parts: Math.ceil((fixed.length + total) / SITEMAP_MAX_URLS) };
  },

  /** Part n (1-based) of a large sitemap: the pages first, then the posts; null past the end. */
  async sitemapPart(db: Db, site: Site, n: number): Promise<SitemapEntry[] | null> {
    const [fixed, total] = await Promise.all([pageEntries(db, site), postCount(db, site.accountId)]);
    const start = (n - 1) * SITEMAP_MAX_URLS;
    if (n < 1 || start >= fixed.length + total) return null;
    const head = fixed.slice(start, start + SITEMAP_MAX_URLS);
    const postStart = Math.max(0, start - fixed.length);
    return [...head, ...(await postEntries(db, site.accountId, postStart, SITEMAP_MAX_URLS - head.length))];
  },
};
