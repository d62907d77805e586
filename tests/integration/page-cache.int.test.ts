// The page cache (spec §7 revalidateCache/invalidateCache, ARCHITECTURE "page cache"): anonymous
// public pages are rendered once and served from memory until the site changes or someone asks for
// a refresh; anything personal passes by. Rules are tested behind the real middleware chain with a
// stand-in page handler (tests/support/pages-app.ts); the React Router build is tested below.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { type PagesApp, pagesApp } from "./pages-app";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let pages: PagesApp;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  pages = pagesApp(t);
  A = await siteWithOwner(t, "pc-a");
  B = await siteWithOwner(t, "pc-b");
});
afterAll(async () => {
  await t?.close();
});

const xcache = (res: Response) => res.headers.get("x-cache");
/** Requests a page and reads it, returning whether it came from the cache. */
async function visit(slug: string, path: string, headers?: Record<string, string>) {
  const res = await pages.get(slug, path, headers);
  return { status: res.status, cache: xcache(res), control: res.headers.get("cache-control"), text: await res.text() };
}

describe("what is cached", () => {
  it("an anonymous page: MISS, then HIT without rendering again, with CDN headers", async () => {
    const first = await visit(A.site.slug, "/welcome");
    expect(first).toMatchObject({ status: 200, cache: "MISS", control: "public, max-age=0, s-maxage=60" });
    const second = await visit(A.site.slug, "/welcome");
    expect(second).toMatchObject({ status: 200, cache: "HIT", control: "public, max-age=0, s-maxage=60" });
    expect(second.text).toBe(first.text);
    expect(pages.renders.get("/welcome")).toBe(1);
  });

  it("keys by site and query string", async () => {
    await visit(A.site.slug, "/keyed");
    expect((await visit(B.site.slug, "/keyed")).cache).toBe("MISS");
    expect((await visit(B.site.slug, "/keyed")).text).toContain(B.site.settings.sitetitle);
    expect((await visit(A.site.slug, "/keyed?page=2")).cache).toBe("MISS");
    expect((await visit(A.site.slug, "/keyed?page=2")).cache).toBe("HIT");
    expect((await visit(A.site.slug, "/keyed")).text).toContain(A.site.settings.sitetitle);
  });

  it("keeps one copy per visitor language (the lang cookie); other cookies share it", async () => {
    const fr = await visit(A.site.slug, "/langs", { cookie: "lang=fr" });
    expect(fr).toMatchObject({ cache: "MISS" });
    expect(fr.text).toContain('lang="fr"');
    const plain = await visit(A.site.slug, "/langs");
    expect(plain.cache).toBe("MISS");
    expect(plain.text).toContain('lang="default"');
    const again = await visit(A.site.slug, "/langs", { cookie: "_ga=GA1.1; lang=fr" });
    expect(again.cache).toBe("HIT");
    expect(again.text).toContain('lang="fr"');
    expect((await visit(A.site.slug, "/langs", { cookie: "_ga=GA1.1" })).text).toContain('lang="default"');
  });

  it("never serves or stores a signed-in request, and marks its page private", async () => {
    await visit(A.site.slug, "/members-only");
    for (let i = 0; i < 2; i++) {
      const res = await visit(A.site.slug, "/members-only", { cookie: A.ownerCookie });
      expect(res).toMatchObject({ cache: "BYPASS", control: "private, no-store" });
    }
    expect(pages.renders.get("/members-only")).toBe(3);
    const bearer = await visit(A.site.slug, "/members-only", { authorization: "Bearer atr_whatever" });
    expect(bearer.cache).toBe("BYPASS");
  });

  it("does not keep pages that set cookies, say private, fail, or are not HTML", async () => {
    for (const query of ["setcookie", "private", "status=404", "json"]) {
      const path = `/uncached-${query.replace(/\W/g, "")}`;
      await visit(A.site.slug, `${path}?${query}`);
      expect((await visit(A.site.slug, `${path}?${query}`)).cache, query).toBe("MISS");
      expect(pages.renders.get(path), query).toBe(2);
    }
  });

  it("leaves the dashboard, sign-in, sign-up and checkout alone", async () => {
    for (const path of ["/dashboard", "/dashboard/notifications", "/login", "/signup", "/checkout"]) {
      await visit(A.site.slug, path);
      const again = await visit(A.site.slug, path);
      expect({ path, cache: again.cache, renders: pages.renders.get(path) }).toEqual({ path, cache: null, renders: 2 });
    }
  });
});

describe("invalidation", () => {
  it("changing the site's configuration drops its pages, and the next render shows the change", async () => {
    await visit(A.site.slug, "/");
    expect((await visit(A.site.slug, "/")).cache).toBe("HIT");
    await visit(B.site.slug, "/");
    const res = await t.request(A.site.slug, "/api/v1/site/config", {
      method: "PATCH",
      cookie: A.ownerCookie,
      json: { settings: { sitetitle: "Renamed Academy" } },
    });
    expect(res.status).toBe(200);
    const after = await visit(A.site.slug, "/");
    expect(after.cache).toBe("MISS");
    expect(after.text).toContain("Renamed Academy");
    expect((await visit(B.site.slug, "/")).cache).toBe("HIT"); // another site keeps its pages
  });

  it("revalidateCache with a path drops that page (any query) and nothing else", async () => {
    for (const p of ["/about", "/about?ref=x", "/pricing"]) await visit(A.site.slug, p);
    const res = await t.request(A.site.slug, `/api/site/revalidateCache?site=${A.site.slug}&path=/about`, {
      cookie: A.ownerCookie,
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ revalidated: true, paths: ["/about"] });
    expect((await visit(A.site.slug, "/about")).cache).toBe("MISS");
    expect((await visit(A.site.slug, "/about?ref=x")).cache).toBe("MISS");
    expect((await visit(A.site.slug, "/pricing")).cache).toBe("HIT");
  });

  it("the spec's patterns: /blog/{slug} is every post, not the blog list; all is every page", async () => {
    for (const p of ["/blog", "/blog/one", "/blog/two", "/course/x", "/privacy"]) await visit(A.site.slug, p);
    const byAccountId = await t.request(
      A.site.slug,
      `/api/site/revalidateCache?site=${A.site.accountId}&path=${encodeURIComponent("/blog/{slug}")}`,
      { cookie: A.ownerCookie },
    );
    expect(byAccountId.status).toBe(200);
    expect((await visit(A.site.slug, "/blog/one")).cache).toBe("MISS");
    expect((await visit(A.site.slug, "/blog/two")).cache).toBe("MISS");
    expect((await visit(A.site.slug, "/blog")).cache).toBe("HIT");

    const page = await t.request(
      A.site.slug,
      `/api/site/revalidateCache?site=${A.site.slug}&path=${encodeURIComponent("/{pageSlug}")}`,
      { cookie: A.ownerCookie },
    );
    expect(page.status).toBe(200);
    expect((await visit(A.site.slug, "/privacy")).cache).toBe("MISS");
    expect((await visit(A.site.slug, "/course/x")).cache).toBe("HIT");

    const all = await t.request(A.site.slug, `/api/site/revalidateCache?site=${A.site.slug}&path=all`, {
      cookie: A.ownerCookie,
    });
    expect(await body(all)).toEqual({
      revalidated: true,
      paths: [
        "/",
        "/blog",
        "/blog/{slug}",
        "/courses",
        "/course/{slug}",
        "/{pageSlug}",
        "/login",
        "/signup",
        "/thankyou",
        "/subscribed",
      ],
    });
    for (const p of ["/blog", "/course/x", "/privacy"]) expect((await visit(A.site.slug, p)).cache, p).toBe("MISS");
  });

  it("invalidateCache drops the cached configuration (host entry) and the site's pages", async () => {
    await visit(A.site.slug, "/contact");
    const res = await t.request(A.site.slug, `/api/site/invalidateCache?account_id=${A.site.accountId}&key=menus`, {
      cookie: A.ownerCookie,
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ invalidated: true, keys: ["menus"] });
    expect((await visit(A.site.slug, "/contact")).cache).toBe("MISS");
    const all = await t.request(A.site.slug, `/api/site/invalidateCache?account_id=${A.site.accountId}&key=all`, {
      cookie: A.ownerCookie,
    });
    expect(await body(all)).toEqual({ invalidated: true, keys: ["theme", "menus", "header", "footer", "misc"] });
  });
});

describe("who may clear caches", () => {
  const revalidate = (slug: string, query: string, cookie?: string) =>
    t.request(slug, `/api/site/revalidateCache?${query}`, { cookie });
  const invalidate = (slug: string, query: string, cookie?: string) =>
    t.request(slug, `/api/site/invalidateCache?${query}`, { cookie });

  it("a student or an instructor is refused; a member with the admin role may", async () => {
    const student = await memberOf(t, A.site, "student");
    const instructor = await memberOf(t, A.site, "instructor");
    for (const cookie of [student.cookie, instructor.cookie]) {
      await expectError(await revalidate(A.site.slug, `site=${A.site.slug}&path=all`, cookie), 403, "forbidden");
      await expectError(
        await invalidate(A.site.slug, `account_id=${A.site.accountId}&key=all`, cookie),
        403,
        "forbidden",
      );
    }
    const admin = await memberOf(t, A.site, "admin");
    expect((await revalidate(A.site.slug, `site=${A.site.slug}&path=all`, admin.cookie)).status).toBe(200);
  });

  it("without a session: the spec's 401", async () => {
    await expectNotAuthenticated(await revalidate(A.site.slug, `site=${A.site.slug}&path=all`));
    await expectNotAuthenticated(await invalidate(A.site.slug, `account_id=${A.site.accountId}&key=all`));
  });

  it("another site's slug or account id is 404, and its pages stay cached", async () => {
    await visit(B.site.slug, "/kept");
    await expectError(await revalidate(A.site.slug, `site=${B.site.slug}&path=all`, A.ownerCookie), 404, "not_found");
    await expectError(
      await revalidate(A.site.slug, `site=${B.site.accountId}&path=all`, A.ownerCookie),
      404,
      "not_found",
    );
    await expectError(
      await invalidate(A.site.slug, `account_id=${B.site.accountId}&key=all`, A.ownerCookie),
      404,
      "not_found",
    );
    // B's owner cookie means nothing on A's host.
    await expectNotAuthenticated(await revalidate(A.site.slug, `site=${A.site.slug}&path=all`, B.ownerCookie));
    expect((await visit(B.site.slug, "/kept")).cache).toBe("HIT");
  });

  it("a missing or malformed parameter is a 422 naming it", async () => {
    const cases: [Promise<Response>, string][] = [
      [revalidate(A.site.slug, "path=all", A.ownerCookie), "site"],
      [revalidate(A.site.slug, `site=${A.site.slug}`, A.ownerCookie), "path"],
      [revalidate(A.site.slug, `site=${A.site.slug}&path=about`, A.ownerCookie), "path"],
      [invalidate(A.site.slug, "key=all", A.ownerCookie), "account_id"],
      [invalidate(A.site.slug, "account_id=42&key=all", A.ownerCookie), "account_id"],
      [invalidate(A.site.slug, `account_id=${A.site.accountId}&key=colours`, A.ownerCookie), "key"],
    ];
    for (const [call, field] of cases) {
      const err = await expectError(await call, 422, "validation_failed");
      expect(err.details).toEqual([expect.objectContaining({ field })]);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("across web processes (PostgreSQL LISTEN/NOTIFY)", () => {
  it("a page revalidated in another process is dropped here too", async () => {
    await visit(A.site.slug, "/from-afar");
    await visit(A.site.slug, "/stays");
    expect((await visit(A.site.slug, "/from-afar")).cache).toBe("HIT");
    await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "tests/integration/page-cache-publisher.ts", t.database.url!, A.site.accountId, "/from-afar"],
      { timeout: 60_000 },
    );
    let cache: string | null = "HIT";
    for (let i = 0; i < 50 && cache === "HIT"; i++) {
      cache = (await visit(A.site.slug, "/from-afar")).cache;
      if (cache === "HIT") await new Promise((r) => setTimeout(r, 100));
    }
    expect(cache).toBe("MISS");
    expect((await visit(A.site.slug, "/stays")).cache).toBe("HIT");
  });
});
