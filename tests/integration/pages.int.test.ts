// Pages built from blocks through /api/v1/pages: CRUD and publishing, clean storage of what people
// type, tenancy (another site's ids are 404 and change nothing), what visitors may read, and the
// platform's staff-only docs and starter content pages.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pages as pagesTable } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { withLoadContext } from "./load-context-app";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let loader: ReturnType<typeof withLoadContext>;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "pages-a");
  B = await siteWithOwner(t, "pages-b");
  loader = withLoadContext(t);
});
afterAll(async () => {
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

const rowOf = async (id: string) => {
  const [row] = await withPlatform(t.database.db, (tx) => tx.select().from(pagesTable).where(eq(pagesTable.id, id)));
  return row;
};

describe("/api/v1/pages", () => {
  it("creates a draft, lists, searches, changes, publishes, unpublishes and deletes it", async () => {
    const created = await api(A, "/pages", {
      json: {
        title: "About our school",
        slug: "about-us",
        description: "Who we are",
        document: {
          content: [
            { type: "Hero", props: { id: "Hero-1", heading: "Welcome", buttonLabel: "Join", buttonLink: "/signup" } },
            { type: "FAQ", props: { items: [{ question: "Is it free?", answer: "Yes." }] } },
          ],
          root: { props: {} },
        },
      },
    });
    expect(created.status).toBe(201);
    const page = await body(created);
    expect(page).toMatchObject({ kind: "page", slug: "about-us", status: "draft", publishedAt: null });
    expect(page.document.content[0].props).toMatchObject({ heading: "Welcome", buttonLink: "/signup" });

    const listed = await body(await api(A, "/pages?q=school"));
    expect(listed.items.map((p: { id: string }) => p.id)).toEqual([page.id]);
    expect(listed.total).toBe(1);
    expect((await body(await api(A, "/pages?q=nothing-like-it"))).total).toBe(0);
    expect((await body(await api(A, "/pages?status=published"))).total).toBe(0);

    const patched = await api(A, `/pages/${page.id}`, { method: "PATCH", json: { title: "About us" } });
    expect(patched.status).toBe(200);
    expect(await body(patched)).toMatchObject({ title: "About us", slug: "about-us" });

    const published = await body(await api(A, `/pages/${page.id}/publish`, { method: "POST" }));
    expect(published).toMatchObject({ status: "published", publishedAt: expect.any(String) });
    expect((await body(await api(A, "/pages?status=published"))).total).toBe(1);

    const fetched = await body(await api(A, `/pages/${page.id}`));
    expect(fetched.document.content.map((b: { type: string }) => b.type)).toEqual(["Hero", "FAQ"]);

    expect((await body(await api(A, `/pages/${page.id}/unpublish`, { method: "POST" }))).status).toBe("draft");

    expect((await api(A, `/pages/${page.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(A, `/pages/${page.id}`), 404, "not_found");
    expect(await rowOf(page.id)).toBeUndefined();
  });

  it("stores rich text without script or event handlers, and refuses javascript: links", async () => {
    const res = await api(A, "/pages", {
      json: {
        title: "Clean",
        slug: "clean",
        document: {
          content: [
            {
              type: "RichText",
              props: { html: '<p>Hello</p><script>alert("x")</script><img src="/media/a/b.png" onerror="alert(1)">' },
            },
          ],
        },
      },
    });
    expect(res.status).toBe(201);
    const { id } = await body(res);
    const stored = JSON.stringify((await rowOf(id)).document);
    expect(stored).toContain("<p>Hello</p>");
    expect(stored).not.toMatch(/<script|onerror|alert/i);

    const bad = await expectError(
      await api(A, `/pages/${id}`, {
        method: "PATCH",
        json: { document: { content: [{ type: "Hero", props: { buttonLink: "javascript:alert(1)" } }] } },
      }),
      422,
      "validation_failed",
    );
    expect(bad.details).toContainEqual(expect.objectContaining({ field: "document.content.0.props.buttonLink" }));
    expect(JSON.stringify((await rowOf(id)).document)).not.toContain("javascript");
  });

  it("refuses reserved and malformed slugs, and a slug already used on the site, naming the slug", async () => {
    const reserved = await expectError(
      await api(A, "/pages", { json: { title: "Login", slug: "login" } }),
      422,
      "validation_failed",
    );
    expect(reserved.message).toContain('"login"');
    await expectError(await api(A, "/pages", { json: { title: "X", slug: "Not OK" } }), 422, "validation_failed");

    expect((await api(A, "/pages", { json: { title: "Pricing", slug: "pricing" } })).status).toBe(201);
    const taken = await expectError(
      await api(A, "/pages", { json: { title: "Pricing 2", slug: "pricing" } }),
      409,
      "conflict",
    );
    expect(taken.message).toContain('"pricing"');
    // Another site may use the same slug.
    expect((await api(B, "/pages", { json: { title: "Pricing", slug: "pricing" } })).status).toBe(201);
  });

  it("answers 404 for another site's page on every route and leaves it unchanged", async () => {
    const theirs = await body(await api(B, "/pages", { json: { title: "B's page", slug: "b-page" } }));
    const before = await rowOf(theirs.id);
    await expectError(await api(A, `/pages/${theirs.id}`), 404, "not_found");
    await expectError(
      await api(A, `/pages/${theirs.id}`, { method: "PATCH", json: { title: "Taken over" } }),
      404,
      "not_found",
    );
    await expectError(await api(A, `/pages/${theirs.id}/publish`, { method: "POST" }), 404, "not_found");
    await expectError(await api(A, `/pages/${theirs.id}/unpublish`, { method: "POST" }), 404, "not_found");
    await expectError(await api(A, `/pages/${theirs.id}`, { method: "DELETE" }), 404, "not_found");
    expect(await rowOf(theirs.id)).toEqual(before);
    expect((await body(await api(A, "/pages?per_page=100"))).items.map((p: { id: string }) => p.id)).not.toContain(
      theirs.id,
    );
  });

  it("needs a signed-in member with manage_options", async () => {
    await expectNotAuthenticated(await t.request(A.site.slug, "/api/v1/pages"));
    const student = await memberOf(t, A.site, "student");
    await expectError(await t.request(A.site.slug, "/api/v1/pages", { cookie: student.cookie }), 403, "forbidden");
    await expectError(
      await t.request(A.site.slug, "/api/v1/pages", { cookie: student.cookie, json: { title: "S", slug: "s" } }),
      403,
      "forbidden",
    );
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await body(await t.request(A.site.slug, "/api/v1/openapi.json"));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/pages", "/pages/{id}", "/pages/{id}/publish", "/pages/{id}/unpublish"]),
    );
  });
});

describe("what visitors read", () => {
  it("a draft is not served; once published it is, and unpublishing hides it again", async () => {
    const page = await body(await api(A, "/pages", { json: { title: "Soon", slug: "coming-soon" } }));
    const published = async () =>
      (await body(await loader(A.site.slug, undefined, (ctx) => ctx.services.pages.published("page", "coming-soon"))))
        .result;
    expect(await published()).toBeNull();
    await api(A, `/pages/${page.id}/publish`, { method: "POST" });
    expect(await published()).toMatchObject({ title: "Soon", slug: "coming-soon" });
    // Another site does not see it at the same address.
    expect(
      (await body(await loader(B.site.slug, undefined, (ctx) => ctx.services.pages.published("page", "coming-soon"))))
        .result,
    ).toBeNull();
    await api(A, `/pages/${page.id}/unpublish`, { method: "POST" });
    expect(await published()).toBeNull();
  });
});

describe("platform docs and content pages", () => {
  it("docs are written by staff on the platform's site only", async () => {
    const staff = await buildUser(t.platform.auth, { email: "staff@atrium.test" });
    const staffCookie = await signIn(t, null, staff.email, staff.password);
    const created = await t.request(null, "/api/v1/pages", {
      cookie: staffCookie,
      json: { kind: "doc", title: "Getting started", slug: "getting-started" },
    });
    expect(created.status).toBe(201);
    const doc = await body(created);
    expect(doc.kind).toBe("doc");
    const listed = await body(await t.request(null, "/api/v1/pages?kind=doc", { cookie: staffCookie }));
    expect(listed.items.map((d: { id: string }) => d.id)).toContain(doc.id);
    await t.request(null, `/api/v1/pages/${doc.id}/publish`, { cookie: staffCookie, method: "POST" });

    // A site owner may not write docs on their site, nor read the platform's from anywhere.
    await expectError(await api(A, "/pages", { json: { kind: "doc", title: "D", slug: "d" } }), 403, "forbidden");
    await expectError(await api(A, "/pages?kind=doc"), 403, "forbidden");
    await expectError(await api(A, `/pages/${doc.id}`), 404, "not_found");
    // A signed-in non-staff person on the platform's site neither.
    const owner = await signIn(t, null, A.owner.email, A.owner.password);
    await expectError(await t.request(null, "/api/v1/pages?kind=doc", { cookie: owner }), 403, "forbidden");
    await expectError(
      await t.request(null, `/api/v1/pages/${doc.id}`, { cookie: owner, method: "PATCH", json: { title: "Mine" } }),
      403,
      "forbidden",
    );
    expect((await rowOf(doc.id)).title).toBe("Getting started");

    const docs = await body(await loader("", undefined, (ctx) => ctx.services.pages.publishedDocs()));
    expect(docs.result.map((d: { slug: string }) => d.slug)).toContain("getting-started");
  });

  it("the platform's content pages exist, published, and are never overwritten", async () => {
    const platform = await accounts.getPlatform(t.database.db);
    const rows = await withPlatform(t.database.db, (tx) =>
      tx.select().from(pagesTable).where(eq(pagesTable.accountId, platform!.accountId)),
    );
    const bySlug = new Map(rows.map((r) => [r.slug, r]));
    for (const slug of ["privacy", "terms", "ipp", "instructor", "gdpr", "content", "thankyou", "subscribed"]) {
      expect(bySlug.get(slug), slug).toMatchObject({ status: "published", kind: "page" });
    }
    const { ensurePlatformContentPages } = await import("../../server/modules/pages");
    await withPlatform(t.database.db, (tx) =>
      tx
        .update(pagesTable)
        .set({ title: "Our privacy promise" })
        .where(eq(pagesTable.id, bySlug.get("privacy")!.id)),
    );
    expect(await ensurePlatformContentPages(t.database.db, platform!.accountId)).toEqual([]);
    expect((await rowOf(bySlug.get("privacy")!.id)).title).toBe("Our privacy promise");
  });
});
