// The blog (spec §2 /blog, /blog/{slug}, /dashboard/posts): posts and categories through the REST
// API, stored content sanitised, another site's ids answering 404 and changing nothing, drafts kept
// off the public blog and the RSS feed, the platform blog's categories, and staff product updates
// reaching every owner as an account notification and through getUpdates.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountNotifications, posts as postsTable, terms } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { withLoadContext } from "./load-context-app";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "blog-a");
  B = await siteWithOwner(t, "blog-b");
});
afterAll(async () => {
  await t?.close();
});

const api = (S: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(S.site.slug, `/api/v1${path}`, { cookie: S.ownerCookie, ...init });
const createPost = async (S: SiteWithOwner, json: Record<string, unknown>) => {
  const res = await api(S, "/posts", { json });
  expect(res.status, await res.clone().text()).toBe(201);
  return body(res);
};
const rowOf = async (id: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(postsTable).where(eq(postsTable.id, id))))[0];

describe("writing posts through the API", () => {
  it("creates a draft with a slug from the title, an excerpt from the content, and edits it", async () => {
    const title = `Hello Wörld ${uid()}`;
    const post = await createPost(A, { title, content: "<p>First <strong>words</strong> of the post.</p>" });
    expect(post).toMatchObject({
      status: "draft",
      publishedAt: null,
      excerpt: "First words of the post.",
      featured: false,
    });
    expect(post.slug).toMatch(/^hello-world-[a-f0-9]+$/);
    expect(post.authorName).toBe(A.owner.name);

    const again = await createPost(A, { title });
    expect(again.slug).toBe(`${post.slug}-2`);

    const patched = await body(
      await api(A, `/posts/${post.id}`, { method: "PATCH", json: { title: "Renamed", featured: true } }),
    );
    expect(patched).toMatchObject({ title: "Renamed", featured: true, slug: post.slug });
    expect((await body(await api(A, `/posts/${post.id}`))).title).toBe("Renamed");
  });

  it("keeps the paragraphs, headings, list items and lines of the content apart in the excerpt", async () => {
    const post = await createPost(A, {
      title: `Blocks ${uid()}`,
      content: "<h2>Intro</h2><p>First paragraph.</p><p>Second<br>line</p><ul><li>One</li><li>Two</li></ul>",
    });
    expect(post.excerpt).toBe("Intro First paragraph. Second line One Two");
    expect((await rowOf(post.id)).excerpt).toBe("Intro First paragraph. Second line One Two");
  });

  it("refuses a slug that is taken or breaks the rule, naming the field", async () => {
    const first = await createPost(A, { title: "Taken", slug: `taken-${uid()}` });
    const clash = await expectError(
      await api(A, "/posts", { json: { title: "Other", slug: first.slug } }),
      409,
      "conflict",
    );
    expect(clash.message).toContain(first.slug);
    expect(clash.details).toEqual([{ field: "slug", message: expect.any(String) }]);
    await expectError(await api(A, "/posts", { json: { title: "Bad", slug: "Not OK!" } }), 422, "validation_failed");
    await expectError(await api(A, "/posts", { json: { title: "  " } }), 422, "validation_failed");
    await expectError(
      await api(A, "/posts", { json: { title: "Cover", coverImage: "javascript:alert(1)" } }),
      422,
      "validation_failed",
    );
  });

  it("stores content without scripts, event handlers or javascript: links", async () => {
    const post = await createPost(A, {
      title: "Unsafe",
      content:
        '<p onclick="steal()">Hi <a href="javascript:alert(1)">link</a> <a href="https://ok.example/">ok</a></p><script>steal()</script><img src="x" onerror="steal()">',
    });
    const stored = (await rowOf(post.id)).content;
    expect(stored).not.toMatch(/<script|onclick|onerror|javascript:/i);
    expect(stored).toContain('href="https://ok.example/"');
    expect(post.content).toBe(stored);
  });

  it("publishes, lists newest first with filters, unpublishes and deletes", async () => {
    const S = await siteWithOwner(t, "blog-list");
    const cat = await body(await api(S, "/categories", { json: { name: "Release notes" } }));
    expect(cat.slug).toBe("release-notes");
    const old = await createPost(S, { title: "Old news", categoryIds: [cat.id] });
    const fresh = await createPost(S, { title: "Fresh news" });
    const draft = await createPost(S, { title: "Still a draft" });
    const pub1 = await body(
      await api(S, `/posts/${old.id}/publish`, { json: { publishedAt: "2025-01-01T10:00:00Z" } }),
    );
    expect(pub1).toMatchObject({ status: "published", publishedAt: "2025-01-01T10:00:00.000Z" });
    const before = Date.now();
    const pub2 = await body(await api(S, `/posts/${fresh.id}/publish`, { method: "POST" }));
    expect(new Date(pub2.publishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const published = await body(await api(S, "/posts?status=published"));
    expect(published.items.map((p: { id: string }) => p.id)).toEqual([fresh.id, old.id]);
    expect(published.total).toBe(2);
    const drafts = await body(await api(S, "/posts?status=draft"));
    expect(drafts.items.map((p: { id: string }) => p.id)).toEqual([draft.id]);
    const inCat = await body(await api(S, "/posts?category=release-notes"));
    expect(inCat.items.map((p: { id: string }) => p.id)).toEqual([old.id]);
    expect(inCat.items[0].categories).toEqual([{ id: cat.id, name: "Release notes", slug: "release-notes" }]);
    const search = await body(await api(S, "/posts?q=fresh"));
    expect(search.items.map((p: { id: string }) => p.id)).toEqual([fresh.id]);

    const back = await body(await api(S, `/posts/${fresh.id}/unpublish`, { method: "POST" }));
    expect(back.status).toBe("draft");
    expect((await body(await api(S, "/posts?status=published"))).total).toBe(1);

    expect((await api(S, `/posts/${draft.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(S, `/posts/${draft.id}`), 404, "not_found");
  });

  it("renames and deletes categories; a deleted one leaves its posts in place", async () => {
    const S = await siteWithOwner(t, "blog-cats");
    const cat = await body(await api(S, "/categories", { json: { name: "Tips", slug: "tips" } }));
    await expectError(await api(S, "/categories", { json: { name: "Tips again", slug: "tips" } }), 409, "conflict");
    const post = await createPost(S, { title: "Tip one", categoryIds: [cat.id] });
    const renamed = await body(await api(S, `/categories/${cat.id}`, { method: "PATCH", json: { name: "Good tips" } }));
    expect(renamed).toEqual({ id: cat.id, name: "Good tips", slug: "tips" });
    const list = await body(await api(S, "/categories"));
    expect(list.items).toEqual([{ id: cat.id, name: "Good tips", slug: "tips", posts: 1 }]);
    expect((await api(S, `/categories/${cat.id}`, { method: "DELETE" })).status).toBe(204);
    const after = await body(await api(S, `/posts/${post.id}`));
    expect(after.categories).toEqual([]);
  });

  it("is for the site's managers only", async () => {
    await expectNotAuthenticated(await t.request(A.site.slug, "/api/v1/posts"));
    const student = await memberOf(t, A.site, "student");
    await expectError(await t.request(A.site.slug, "/api/v1/posts", { cookie: student.cookie }), 403, "forbidden");
    await expectError(
      await t.request(A.site.slug, "/api/v1/categories", { cookie: student.cookie, json: { name: "X" } }),
      403,
      "forbidden",
    );
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await body(await t.request(A.site.slug, "/api/v1/openapi.json"));
    for (const path of [
      "/posts",
      "/posts/{id}",
      "/posts/{id}/publish",
      "/posts/{id}/unpublish",
      "/categories",
      "/categories/{id}",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe("tenancy", () => {
  it("answers 404 for another site's post or category and changes nothing", async () => {
    const cat = await body(await api(A, "/categories", { json: { name: `Mine ${uid()}` } }));
    const post = await createPost(A, { title: "A's post", content: "<p>original</p>", categoryIds: [cat.id] });
    await expectError(await api(B, `/posts/${post.id}`), 404, "not_found");
    await expectError(
      await api(B, `/posts/${post.id}`, { method: "PATCH", json: { title: "Hijacked" } }),
      404,
      "not_found",
    );
    await expectError(await api(B, `/posts/${post.id}/publish`, { method: "POST" }), 404, "not_found");
    await expectError(await api(B, `/posts/${post.id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(
      await api(B, `/categories/${cat.id}`, { method: "PATCH", json: { name: "Hijacked" } }),
      404,
      "not_found",
    );
    await expectError(await api(B, `/categories/${cat.id}`, { method: "DELETE" }), 404, "not_found");
    // Using A's category on B's post is refused too.
    await expectError(
      await api(B, "/posts", { json: { title: "Mix", categoryIds: [cat.id] } }),
      422,
      "validation_failed",
    );

    const row = await rowOf(post.id);
    expect(row).toMatchObject({ title: "A's post", status: "draft", accountId: A.site.accountId });
    const [term] = await withPlatform(t.database.db, (tx) => tx.select().from(terms).where(eq(terms.id, cat.id)));
    expect(term.name).toBe(cat.name);
    expect((await body(await api(B, "/posts"))).items.some((p: { id: string }) => p.id === post.id)).toBe(false);
  });
});

describe("the public blog and its feed", () => {
  let S: SiteWithOwner;
  let published: { id: string; slug: string; title: string };
  let draft: { id: string; slug: string };
  const ctx = () => withLoadContext(t);

  beforeAll(async () => {
    S = await siteWithOwner(t, "blog-pub");
    published = await createPost(S, {
      title: "Launch & <Liftoff>",
      content: '<p>We launched. <a href="/courses">See courses</a></p>',
      status: "published",
    });
    draft = await createPost(S, { title: "Secret draft", content: "<p>not yet</p>" });
  });

  it("shows published posts to visitors and hides drafts", async () => {
    const res = await ctx()(S.site.slug, undefined, (c) => c.services.blog.list());
    const list = (await body(res)).result;
    expect(list.items.map((p: { slug: string }) => p.slug)).toEqual([published.slug]);
    const one = await body(await ctx()(S.site.slug, undefined, (c) => c.services.blog.post(published.slug)));
    expect(one.result.title).toBe("Launch & <Liftoff>");
    await expectError(await ctx()(S.site.slug, undefined, (c) => c.services.blog.post(draft.slug)), 404, "not_found");
    // Another site has no such post.
    await expectError(
      await ctx()(A.site.slug, undefined, (c) => c.services.blog.post(published.slug)),
      404,
      "not_found",
    );
  });

  it("serves well-formed RSS 2.0 with the published post only, absolute links and escaped titles", async () => {
    const res = await t.request(S.site.slug, "/blog/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    expect(res.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    const xml = await res.text();
    const origin = t.origin(S.site.slug);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain("<title>Launch &amp; &lt;Liftoff&gt;</title>");
    expect(xml).toContain(`<link>${origin}/blog/${published.slug}</link>`);
    expect(xml).toMatch(/<pubDate>[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
    expect(xml).toContain(`href=&quot;${origin}/courses&quot;`);
    expect(xml).not.toContain("Secret draft");
    // Well-formed: every element opened is closed, in order, and no raw "<" or "&" leaks in text.
    const stack: string[] = [];
    for (const m of xml.replace(/<\?xml[^>]*\?>/, "").matchAll(/<(\/?)([a-zA-Z:]+)[^>]*?(\/?)>/g)) {
      if (m[3]) continue;
      if (m[1]) expect(stack.pop()).toBe(m[2]);
      else stack.push(m[2]);
    }
    expect(stack).toEqual([]);
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("feeds only the site's own posts", async () => {
    const xml = await (await t.request(A.site.slug, "/blog/rss.xml")).text();
    expect(xml).not.toContain(published.slug);
  });
});

describe("the platform blog", () => {
  it("has the categories ai, updates and elearning from start-up", async () => {
    const platform = await accounts.getPlatform(t.database.db);
    const rows = await withPlatform(t.database.db, (tx) =>
      tx
        .select({ name: terms.name, slug: terms.slug })
        .from(terms)
        .where(and(eq(terms.accountId, platform!.accountId), eq(terms.taxonomy, "category"))),
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: "Artificial Intelligence", slug: "ai" },
        { name: "Updates", slug: "updates" },
        { name: "eLearning", slug: "elearning" },
      ]),
    );
  });
});

describe("platform updates", () => {
  it("staff publish an update; every owner gets an account notification and sees it in getUpdates", async () => {
    const staff = await buildUser(t.platform.auth, { email: "staff@atrium.test" }).catch(() => null);
    expect(staff).not.toBeNull();
    const staffCookie = await signIn(t, null, staff!.email, staff!.password);
    const title = `New editor ${uid()}`;
    const res = await withLoadContext(t)("", staffCookie, (c) =>
      c.services.platformUpdates.publish({
        title,
        body: '<p>Write <em>faster</em>.<script>alert(1)</script><a href="javascript:x()">x</a></p>',
      }),
    );
    const published = (await body(res)).result;
    expect(published.body).not.toMatch(/script|javascript:/);
    expect(published.notified).toBeGreaterThanOrEqual(2);

    const mine = await withPlatform(t.database.db, (tx) =>
      tx.select().from(accountNotifications).where(eq(accountNotifications.accountId, A.site.accountId)),
    );
    const note = mine.find((n) => n.message.includes(title));
    expect(note).toMatchObject({ severity: 2, read: false });
    expect(note!.message).toContain(`<strong>${title}</strong>`);
    expect(note!.message).not.toMatch(/script|javascript:/);
    const platform = await accounts.getPlatform(t.database.db);
    const own = await withPlatform(t.database.db, (tx) =>
      tx.select().from(accountNotifications).where(eq(accountNotifications.accountId, platform!.accountId)),
    );
    expect(own.some((n) => n.message.includes(title))).toBe(false);

    const updates = await body(
      await t.request(A.site.slug, "/api/account/getUpdates", {
        cookie: A.ownerCookie,
        json: { account_id: A.site.accountId },
      }),
    );
    expect(updates.status).toBe(true);
    expect(updates.notifications.filter((n: { updates: string }) => n.updates.includes(title)).length).toBeGreaterThan(
      0,
    );
  });

  it("nobody but staff on the platform site can publish one", async () => {
    const res = await withLoadContext(t)(A.site.slug, A.ownerCookie, (c) =>
      c.services.platformUpdates.publish({ title: "Nope", body: "<p>x</p>" }),
    );
    await expectError(res, 403, "forbidden");
  });
});
