// Site search over pages and blog posts, and the sitemap and robots.txt: published content of this
// site only, titles matched by word prefix and (from three characters) anywhere.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pages, posts } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { siteWithOwner } from "./helpers";

type Row = { title: string; slug: string; status?: "draft" | "published" };

async function addContent(t: TestPlatform, accountId: string, pageRows: Row[], postRows: Row[]) {
  const now = new Date();
  await withTenant(t.database.db, accountId, async (tx) => {
    if (pageRows.length) {
      await tx.insert(pages).values(pageRows.map((r) => ({ accountId, status: "published" as const, ...r })));
    }
    if (postRows.length) {
      await tx
        .insert(posts)
        .values(postRows.map((r) => ({ accountId, status: "published" as const, publishedAt: now, ...r })));
    }
  });
}

const titles = (results: { title: string }[]) => results.map((r) => r.title).sort();

describe("search over pages and posts, sitemap and robots.txt", () => {
  let t: TestPlatform;
  let slugA: string;
  let slugB: string;
  let accountB: string;
  beforeAll(async () => {
    t = await startTestPlatform();
    const a = await siteWithOwner(t, "content-a");
    const b = await siteWithOwner(t, "content-b");
    slugA = a.site.slug;
    slugB = b.site.slug;
    accountB = b.site.accountId;
    await addContent(
      t,
      a.site.accountId,
      [
        { title: "Pricing and plans", slug: "pricing" },
        { title: "Welcome home", slug: "home" },
        { title: "Secret pricing draft", slug: "secret", status: "draft" },
      ],
      [
        { title: "Introduction to Python", slug: "intro-python" },
        { title: "Advanced pythonic patterns", slug: "pythonic" },
        { title: "Python draft", slug: "python-draft", status: "draft" },
      ],
    );
    await addContent(
      t,
      b.site.accountId,
      [{ title: "Pricing elsewhere", slug: "pricing" }],
      [{ title: "Python elsewhere", slug: "python-elsewhere" }],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (slug: string, query: string) => {
    const res = await t.request(slug, `/api/v1/search?${query}`);
    expect(res.status).toBe(200);
    return (await res.json()).results as { type: string; title: string; url: string }[];
  };

  it("finds this site's published posts by word prefix and inside words, never drafts or another site's", async () => {
    const results = await search(slugA, "q=pyth&type=blog");
    expect(titles(results)).toEqual(["Advanced pythonic patterns", "Introduction to Python"]);
    expect(results.find((r) => r.title === "Introduction to Python")?.url).toBe("/blog/intro-python");
    // "thon" is inside a word: found through the trigram index.
    expect(titles(await search(slugA, "q=thon&type=blog"))).toEqual([
      "Advanced pythonic patterns",
      "Introduction to Python",
    ]);
    // Every word must be in the title, in any order, each anywhere in it.
    expect(titles(await search(slugA, "q=ython%20intro&type=blog"))).toEqual(["Introduction to Python"]);
    expect(titles(await search(slugA, "q=pyth%20advanced&type=blog"))).toEqual(["Advanced pythonic patterns"]);
    expect(await search(slugA, "q=python%20cooking&type=blog")).toEqual([]);
  });

  it("finds published pages with their address; the home page links to /", async () => {
    const results = await search(slugA, "q=pricing&type=pages");
    expect(results).toEqual([{ type: "pages", title: "Pricing and plans", url: "/pricing" }]);
    expect(await search(slugA, "q=welcome&type=pages")).toEqual([{ type: "pages", title: "Welcome home", url: "/" }]);
  });

  it("searches every type with 'all' and keeps each site's results to itself", async () => {
    const all = await search(slugA, "q=p&type=all");
    expect(all.map((r) => r.type)).toEqual(expect.arrayContaining(["pages", "blog"]));
    expect(all.some((r) => /elsewhere|draft/i.test(r.title))).toBe(false);
    expect(titles(await search(slugB, "q=python"))).toEqual(["Python elsewhere"]);
  });

  it("returns at most 9 results a type and nothing for a term of symbols only", async () => {
    await addContent(
      t,
      accountB,
      [],
      Array.from({ length: 12 }, (_, i) => ({ title: `Lesson ${i}`, slug: `lesson-${i}` })),
    );
    expect(await search(slugB, "q=lesson&type=blog")).toHaveLength(9);
    expect(await search(slugB, "q=%26%7C!&type=all")).toEqual([]);
  });

  it("lists the published pages and posts of the site in sitemap.xml with absolute addresses", async () => {
    const res = await t.request(slugA, "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/<loc>http[^<]+\/pricing<\/loc>/);
    expect(xml).toMatch(/<loc>http[^<]+\/blog\/intro-python<\/loc>/);
    expect(xml).not.toContain("secret");
    expect(xml).not.toContain("python-draft");
    expect(xml).not.toContain("python-elsewhere");
  });

  it("serves robots.txt that keeps the dashboard out and names the sitemap", async () => {
    const res = await t.request(slugA, "/robots.txt");
    expect(res.status).toBe(200);
    const txt = await res.text();
    expect(txt).toContain("Disallow: /dashboard");
    expect(txt).toMatch(/Sitemap: http\S+\/sitemap\.xml/);
  });
});
