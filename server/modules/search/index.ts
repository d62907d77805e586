// The site search (spec §2, §5, §7): text search over titles (names for members) of the site's
// published courses, pages, blog posts and members, at most 9 results a type, only for a non-empty term on
// a known site. A title matches when it holds every word of the term: words of three characters or
// more anywhere through the trigram indexes, shorter ones as a word's start through the generated
// tsvector columns (GIN), so a site with 100,000 posts answers from its indexes. Published products are searched the same way, and groups other than private ones.
// Courses are also found by the transcripts of their units' recordings (searchTranscripts).
//
// These reads run as the platform role, each with an explicit account filter: under the tenant
// role's row-level security, PostgreSQL may not use an index for a condition whose operator is
// not leakproof (@@, ILIKE), so every search would read the whole table (decision 0010). The
// integration tests prove that no other site's row comes back.
import { and, desc, eq, ilike, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { titleTerms } from "../../../core/search-query";
import type { Db } from "../../db/client";
import { courseMeta, courses, groups, pages, posts, products, transcripts, units } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { searchByName } from "../members";

export const SEARCH_TYPES = ["all", "course", "blog", "pages", "members", "products", "groups"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_LIMIT = 9;

export type SearchResult = { type: Exclude<SearchType, "all">; title: string; url: string };

/**
 * The title condition on a `search` tsvector and a trigram-indexed `title` (of a table or subquery):
 * every word of the term, the longer ones anywhere in the title, the short ones as a word's start.
 * Each word is its own condition, so PostgreSQL reads the index entries of the rarest word first
 * instead of collecting every title that starts with a common word (decision 0024).
 */
function titleMatches(cols: { search: AnyPgColumn; title: AnyPgColumn }, term: string): SQL | undefined {
  const { anywhere, prefixes } = titleTerms(term);
  const conditions = anywhere.map((pattern) => ilike(cols.title, pattern));
  if (prefixes) conditions.push(sql`${cols.search} @@ to_tsquery('simple', ${prefixes})`);
  return conditions.length ? and(...conditions) : undefined;
}

const pageUrl = (kind: string, slug: string) =>
  kind === "doc" ? `/docs/${encodeURIComponent(slug)}` : slug === "home" ? "/" : `/${encodeURIComponent(slug)}`;

async function searchPages(db: Db, accountId: string, term: string, limit: number): Promise<SearchResult[]> {
  const match = titleMatches(pages, term);
  if (!match) return [];
  const rows = await withPlatform(db, (tx) =>
    tx
      .select({ title: pages.title, slug: pages.slug, kind: pages.kind })
      .from(pages)
      .where(and(eq(pages.accountId, accountId), eq(pages.status, "published"), match))
      .orderBy(desc(pages.updatedAt))
      .limit(limit),
  );
  return rows.map((r) => ({ type: "pages", title: r.title, url: pageUrl(r.kind, r.slug) }));
}

/** Published courses by title (a site has few, so the indexes answer directly), newest first. */
async function searchCourses(db: Db, accountId: string, term: string, limit: number): Promise<SearchResult[]> {
  const match = titleMatches(courses, term);
  if (!match) return [];
  const rows = await withPlatform(db, (tx) =>
    tx
      .select({ title: courses.title, slug: courses.slug })
      .from(courses)
      .where(and(eq(courses.accountId, accountId), eq(courses.status, "published"), match))
      .orderBy(desc(courses.publishedAt))
      .limit(limit),
  );
  return rows.map((r) => ({ type: "course", title: r.title, url: `/course/${encodeURIComponent(r.slug)}` }));
}

/** How many matching transcripts the unit search looks through (a site has few recordings a term). */
const TRANSCRIPT_WINDOW = 200;

/**
 * Published courses with a unit whose recording's transcript holds every word of the term (decision
 * 0065): the transcript's text is matched through its own trigram and word indexes, then its units
 * (by the media library address or id of their video) and the published courses whose curriculum
 * lists them. The result names the course and the unit and links to the course's page.
 */
async function searchTranscripts(db: Db, accountId: string, term: string, limit: number): Promise<SearchResult[]> {
  const match = titleMatches({ search: transcripts.search, title: transcripts.text }, term);
  if (!match) return [];
  const rows = await withPlatform(db, async (tx) => {
    const found = tx
      .select({ mediaId: transcripts.mediaId })
      .from(transcripts)
      .where(and(eq(transcripts.accountId, accountId), match))
      .limit(TRANSCRIPT_WINDOW)
      .as("found");
    return tx
      .selectDistinctOn([courses.id, units.id], {
        courseTitle: courses.title,
        slug: courses.slug,
        unitTitle: units.title,
        publishedAt: courses.publishedAt,
      })
      .from(found)
      .innerJoin(
        units,
        and(
          eq(units.accountId, accountId),
          sql`${units.video}->>'kind' = 'upload'`,
          sql`(${units.video}->>'mediaId' = ${found.mediaId}::text or ${units.video}->>'url' like '/media/' || ${found.mediaId}::text || '/%')`,
        ),
      )
      .innerJoin(
        courseMeta,
        and(
          eq(courseMeta.accountId, accountId),
          eq(courseMeta.metaKey, "curriculum"),
          sql`${courseMeta.metaValue} @> jsonb_build_array(jsonb_build_object('id', ${units.id}::text))`,
        ),
      )
      .innerJoin(
        courses,
        and(eq(courses.accountId, accountId), eq(courses.id, courseMeta.courseId), eq(courses.status, "published")),
      )
      .orderBy(courses.id, units.id)
      .limit(limit * 3);
  });
  rows.sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0));
  return rows.slice(0, limit).map((r) => ({
    type: "course",
    title: `${r.courseTitle} · ${r.unitTitle}`,
    url: `/course/${encodeURIComponent(r.slug)}`,
  }));
}

/** Courses by title, then courses by what their units' recordings say (one result a course). */
async function searchCoursesAndTranscripts(db: Db, accountId: string, term: string, limit: number) {
  const [byTitle, bySpeech] = await Promise.all([
    searchCourses(db, accountId, term, limit),
    searchTranscripts(db, accountId, term, limit),
  ]);
  const seen = new Set(byTitle.map((r) => r.url));
  const extra = bySpeech.filter((r) => !seen.has(r.url) && seen.add(r.url));
  return [...byTitle, ...extra].slice(0, limit);
}

/** How many of the newest posts the first, cheap pass looks through. */
const RECENT_WINDOW = 2000;

/**
 * Newest matching posts first, in two passes that together stay fast whatever the term: a common
 * term is answered by reading the newest posts in date order until enough match; when fewer match
 * there, the text-search and trigram indexes find every match (few, by then) and they are sorted.
 * The planner cannot tell these cases apart from its statistics, so each pass says how to read.
 */
async function searchPosts(db: Db, accountId: string, term: string, limit: number): Promise<SearchResult[]> {
  const match = titleMatches(posts, term);
  if (!match) return [];
  const published = and(eq(posts.accountId, accountId), eq(posts.status, "published"));
  const rows = await withPlatform(db, async (tx) => {
    const recent = tx
      .select({ title: posts.title, slug: posts.slug, publishedAt: posts.publishedAt, search: posts.search })
      .from(posts)
      .where(published)
      .orderBy(desc(posts.publishedAt))
      .limit(RECENT_WINDOW)
      .as("recent");
    const first = await tx
      .select({ title: recent.title, slug: recent.slug })
      .from(recent)
      .where(titleMatches(recent, term))
      .orderBy(desc(recent.publishedAt))
      .limit(limit);
    if (first.length >= limit) return first;
    // Fewer matches than wanted among the newest: read them through the indexes only.
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
    return tx
      .select({ title: posts.title, slug: posts.slug })
      .from(posts)
      .where(and(published, match))
      .orderBy(desc(posts.publishedAt))
      .limit(limit);
  });
  return rows.map((r) => ({ type: "blog", title: r.title, url: `/blog/${encodeURIComponent(r.slug)}` }));
}

/** Published products by title, newest first. */
async function searchProducts(db: Db, accountId: string, term: string, limit: number): Promise<SearchResult[]> {
  const match = titleMatches(products, term);
  if (!match) return [];
  const rows = await withPlatform(db, (tx) =>
    tx
      .select({ title: products.title, slug: products.slug })
      .from(products)
      .where(and(eq(products.accountId, accountId), eq(products.status, "published"), match))
      .orderBy(desc(products.createdAt))
      .limit(limit),
  );
  return rows.map((r) => ({ type: "products", title: r.title, url: `/product/${encodeURIComponent(r.slug)}` }));
}

/** Open and approval groups by title, newest first (private groups are invisible to non-members). */
async function searchGroups(db: Db, accountId: string, term: string, limit: number): Promise<SearchResult[]> {
  const match = titleMatches(groups, term);
  if (!match) return [];
  const rows = await withPlatform(db, (tx) =>
    tx
      .select({ id: groups.id, title: groups.title })
      .from(groups)
      .where(and(eq(groups.accountId, accountId), ne(groups.privacy, "private"), match))
      .orderBy(desc(groups.createdAt))
      .limit(limit),
  );
  return rows.map((r) => ({ type: "groups", title: r.title, url: `/dashboard/groups/${r.id}` }));
}

async function searchMembers(db: Db, accountId: string, term: string, limit: number): Promise<SearchResult[]> {
  const rows = await searchByName(db, accountId, term, limit);
  return rows.map((m) => ({ type: "members", title: m.name, url: `/members/${encodeURIComponent(m.slug)}` }));
}

export async function searchSite(
  db: Db,
  accountId: string,
  term: string,
  type: SearchType,
  limit = SEARCH_LIMIT,
): Promise<SearchResult[]> {
  const q = term.trim();
  if (!q || !accountId) return [];
  const n = Math.min(Math.max(1, limit), SEARCH_LIMIT);
  const wanted = (t: SearchType) => type === "all" || type === t;
  const groups = await Promise.all([
    wanted("course") ? searchCoursesAndTranscripts(db, accountId, q, n) : [],
    wanted("pages") ? searchPages(db, accountId, q, n) : [],
    wanted("blog") ? searchPosts(db, accountId, q, n) : [],
    wanted("members") ? searchMembers(db, accountId, q, n) : [],
    wanted("products") ? searchProducts(db, accountId, q, n) : [],
    wanted("groups") ? searchGroups(db, accountId, q, n) : [],
  ]);
  return groups.flat();
}
