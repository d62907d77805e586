// The large-blog seed behind the benchmarks: the posts exist, are published, and search and the
// sitemap of that site answer from them (2,500 posts here, more than the newest 2,000 that search
// reads first; the benchmark uses 100,000).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../server/modules/accounts";
import { posts } from "../../server/db/schema";
import { LARGE_BLOG_SLUG, seedLargeBlog } from "../../server/seed/large-blog";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { countFor } from "./helpers";

const COUNT = Number(process.env.LARGE_BLOG_COUNT ?? 2500);

describe("the large-blog seed", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
    const started = Date.now();
    expect((await seedLargeBlog(t.database.db, t.platform.auth, COUNT)).created).toBe(true);
    if (process.env.LARGE_BLOG_COUNT) console.log(`seeded ${COUNT} posts in ${Date.now() - started} ms`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("creates the site once with every post published", async () => {
    const site = await accounts.bySlug(t.database.db, LARGE_BLOG_SLUG);
    expect(site).toBeTruthy();
    expect(await countFor(t, posts, site!.accountId)).toBe(COUNT);
    expect((await seedLargeBlog(t.database.db, t.platform.auth, COUNT)).created).toBe(false);
  });

  it("finds the 9 newest posts for a common word", async () => {
    const common = await (await t.request(LARGE_BLOG_SLUG, "/api/v1/search?type=blog&q=python")).json();
    // Post i is i minutes old and about Python when i % 8 = 0: the newest are 8, 16, 24, ...
    expect(common.results.map((r: { url: string }) => r.url)).toEqual(
      Array.from({ length: 9 }, (_, k) => `/blog/post-${8 * (k + 1)}`),
    );
  });

  it("finds an old post by a rare word beyond the newest 2,000", async () => {
    const one = await (await t.request(LARGE_BLOG_SLUG, "/api/v1/search?type=blog&q=part%202400")).json();
    expect(one.results.map((r: { url: string }) => r.url)).toEqual(["/blog/post-2400"]);
  });

  it("lists every post in the sitemap", async () => {
    const xml = await (await t.request(LARGE_BLOG_SLUG, "/sitemap.xml")).text();
    expect(xml.match(/\/blog\/post-\d+<\/loc>/g)).toHaveLength(COUNT);
  });
});
