// Products and memberships over REST (spec §3 products, §7 products list): the list's exact count,
// page range, ids filter, title search and sort; visitors see published products only; the owner's
// CRUD with field errors that write nothing; another site's products and memberships are not found.
import { PLAN_IDS } from "../../core/plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, products } from "../../server/db/schema";
import { buildMembership, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import {
  body,
  countFor,
  expectError,
  expectNotAuthenticated,
  memberOf,
  type SiteWithOwner,
  siteWithOwner,
  uid,
} from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let student: { cookie: string };
const word = `Kiln${uid()}`;

type P = { id: string; title: string; slug: string; status: string };
const titles = (b: { products: P[] }) => b.products.map((p) => p.title);

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "prod-a", { plan: PLAN_IDS.lifetime });
  B = await siteWithOwner(t, "prod-b", { plan: PLAN_IDS.lifetime });
  student = await memberOf(t, A.site, "student");
  const db = t.database.db;
  // Created one after another so created_at orders them a, b, c.
  await buildProduct(db, A.site, { title: `${word} Alpha`, amount: 3000 });
  await buildProduct(db, A.site, { title: `${word} Beta`, amount: 1000 });
  await buildProduct(db, A.site, { title: `${word} Gamma`, amount: 2000 });
  await buildProduct(db, A.site, { title: `${word} Draft`, amount: 500, status: "draft" });
  await buildProduct(db, A.site, { title: "100% off_sale", amount: 100 });
});
afterAll(async () => {
  await t?.close();
});

const api = (S: SiteWithOwner, path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) =>
  t.request(S.site.slug, `/api/v1${path}`, init);

describe("the products list (spec §7)", () => {
  it("gives the exact count of all matches and one page of rows", async () => {
    const q = `search=${word}&sort=title&ascending=true&per_page=2`;
    const p1 = await body(await api(A, `/products?${q}&page=1`));
    const p2 = await body(await api(A, `/products?${q}&page=2`));
    const p3 = await body(await api(A, `/products?${q}&page=3`));
    expect([p1.count, p2.count, p3.count]).toEqual([3, 3, 3]);
    expect(titles(p1)).toEqual([`${word} Alpha`, `${word} Beta`]);
    expect(titles(p2)).toEqual([`${word} Gamma`]);
    expect(titles(p3)).toEqual([]);
  });

  it("sorts by the chosen field in both directions", async () => {
    const byPrice = async (asc: boolean) =>
      titles(await body(await api(A, `/products?search=${word}&sort=price&ascending=${asc}`)));
    expect(await byPrice(true)).toEqual([`${word} Beta`, `${word} Gamma`, `${word} Alpha`]);
    expect(await byPrice(false)).toEqual([`${word} Alpha`, `${word} Gamma`, `${word} Beta`]);
    const newest = titles(await body(await api(A, `/products?search=${word}`)));
    expect(newest).toEqual([`${word} Gamma`, `${word} Beta`, `${word} Alpha`]);
    await expectError(await api(A, "/products?sort=secret"), 422, "validation_failed");
  });

  it("filters by ids, and another site's ids or junk simply do not match", async () => {
    const all = await body(await api(A, `/products?search=${word}`));
    const [x, y] = all.products as P[];
    const other = await buildProduct(t.database.db, B.site, { title: "Elsewhere", amount: 900 });
    const res = await body(await api(A, `/products?ids=${x.id},${y.id},${other.id},nonsense`));
    expect(res.count).toBe(2);
    expect(res.products.map((p: P) => p.id).sort()).toEqual([x.id, y.id].sort());
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect(titles(await body(await api(A, "/products?search=100%25")))).toEqual(["100% off_sale"]);
    expect((await body(await api(A, "/products?search=%25%25"))).count).toBe(0);
    expect(titles(await body(await api(A, "/products?search=off_s")))).toEqual(["100% off_sale"]);
  });

  it("shows visitors and students published products only; the owner sees drafts", async () => {
    const visitor = titles(await body(await api(A, `/products?search=${word}`)));
    const asStudent = titles(await body(await api(A, `/products?search=${word}`, { cookie: student.cookie })));
    const owner = await body(await api(A, `/products?search=${word}`, { cookie: A.ownerCookie }));
    expect(visitor).not.toContain(`${word} Draft`);
    expect(asStudent).not.toContain(`${word} Draft`);
    expect(titles(owner)).toContain(`${word} Draft`);
    expect(owner.count).toBe(4);
    const draft = (owner.products as P[]).find((p) => p.status === "draft") as P;
    await expectError(await api(A, `/products/${draft.id}`), 404, "not_found");
    expect((await api(A, `/products/${draft.id}`, { cookie: A.ownerCookie })).status).toBe(200);
  });
});

describe("the owner's product CRUD", () => {
  it("creates a subscription product that grants a course and a membership, with a slug from the title", async () => {
    const { course } = await buildCourse(t.database.db, A.site, A.owner, { title: "Glazes" });
    const m = await buildMembership(t.database.db, A.site, { title: "Studio club" });
    const cross = await buildProduct(t.database.db, A.site, { title: "Clay pack", amount: 700 });
    const res = await api(A, "/products", {
      cookie: A.ownerCookie,
      json: {
        title: "Glaze Club Monthly",
        status: "published",
        metadata: {
          price: { type: "subscription", amount: 1500, duration: { value: 1, parameter: 2592000 } },
          featured: true,
          cross: [{ id: cross.id, value: "Clay pack" }],
        },
        courseIds: [course.id],
        membershipIds: [m.id],
      },
    });
    expect(res.status).toBe(201);
    const p = await body(res);
    expect(p).toMatchObject({
      slug: "glaze-club-monthly",
      courseIds: [course.id],
      membershipIds: [m.id],
      metadata: { price: { type: "subscription", amount: 1500 }, featured: true },
    });
    const again = await body(
      await api(A, "/products", { cookie: A.ownerCookie, json: { title: "Glaze Club Monthly" } }),
    );
    expect(again.slug).toBe("glaze-club-monthly-2");
    const clash = await api(A, `/products/${again.id}`, {
      method: "PATCH",
      cookie: A.ownerCookie,
      json: { slug: "glaze-club-monthly" },
    });
    const err = await expectError(clash, 409, "conflict");
    expect(err.details).toEqual([expect.objectContaining({ field: "slug" })]);
  });

  it("refuses bad input with the field named and writes nothing", async () => {
    const before = await countFor(t, products, A.site.accountId);
    const otherCourse = await buildCourse(t.database.db, B.site, B.owner, { title: "Not yours" });
    const otherProduct = await buildProduct(t.database.db, B.site, { title: "Not yours either", amount: 100 });
    const cases: [unknown, string][] = [
      [{ title: "" }, "title"],
      [{ title: "x".repeat(201) }, "title"],
      [{ title: "Sub", metadata: { price: { type: "subscription", amount: 100 } } }, "metadata.price.duration"],
      [
        {
          title: "Sub",
          metadata: { price: { type: "subscription", amount: 100, duration: { value: 1, parameter: 60 } } },
        },
        "metadata.price.duration.parameter",
      ],
      [{ title: "Neg", metadata: { price: { type: "onetime", amount: -1 } } }, "metadata.price.amount"],
      [{ title: "Frac", metadata: { price: { type: "onetime", amount: 1.5 } } }, "metadata.price.amount"],
      [{ title: "C", courseIds: [otherCourse.course.id] }, "courseIds"],
      [{ title: "X", metadata: { cross: [{ id: otherProduct.id, value: "x" }] } }, "metadata.cross"],
      [{ title: "S", slug: "Not A Slug" }, "slug"],
      [{ title: "I", image: "javascript:alert(1)" }, "image"],
    ];
    for (const [json, field] of cases) {
      const err = await expectError(
        await api(A, "/products", { cookie: A.ownerCookie, json }),
        422,
        "validation_failed",
      );
      expect((err.details as { field: string }[]).map((d) => d.field)).toContain(field);
    }
    expect(await countFor(t, products, A.site.accountId)).toBe(before);
  });

  it("updates and deletes a product; students may not", async () => {
    const p = await buildProduct(t.database.db, A.site, { title: "Short lived", amount: 100, status: "draft" });
    await expectError(
      await api(A, `/products/${p.id}`, { method: "PATCH", cookie: student.cookie, json: { title: "Mine" } }),
      403,
      "forbidden",
    );
    await expectNotAuthenticated(await api(A, "/products", { json: { title: "Anon" } }));
    const changed = await body(
      await api(A, `/products/${p.id}`, {
        method: "PATCH",
        cookie: A.ownerCookie,
        json: { title: "Renamed", status: "published", metadata: { price: { type: "onetime", amount: 0 } } },
      }),
    );
    expect(changed).toMatchObject({ title: "Renamed", status: "published", slug: "short-lived" });
    expect((await api(A, `/products/${p.id}`, { method: "DELETE", cookie: A.ownerCookie })).status).toBe(204);
    await expectError(await api(A, `/products/${p.id}`, { cookie: A.ownerCookie }), 404, "not_found");
  });

  it("answers 404 for another site's product and leaves it unchanged", async () => {
    const theirs = await buildProduct(t.database.db, B.site, { title: "Theirs", amount: 100, status: "draft" });
    const path = `/products/${theirs.id}`;
    await expectError(await api(A, path, { cookie: A.ownerCookie }), 404, "not_found");
    await expectError(
      await api(A, path, { method: "PATCH", cookie: A.ownerCookie, json: { title: "Stolen" } }),
      404,
      "not_found",
    );
    await expectError(await api(A, path, { method: "DELETE", cookie: A.ownerCookie }), 404, "not_found");
    const still = await body(await api(B, path, { cookie: B.ownerCookie }));
    expect(still.title).toBe("Theirs");
  });
});

describe("memberships", () => {
  it("creates, lists, updates and deletes a membership of site courses and pages", async () => {
    const { course } = await buildCourse(t.database.db, A.site, A.owner, { title: "Members course" });
    const created = await api(A, "/memberships", {
      cookie: A.ownerCookie,
      json: { title: "Gold", description: "All access", courseIds: [course.id] },
    });
    expect(created.status).toBe(201);
    const m = await body(created);
    const list = await body(await api(A, "/memberships", { cookie: A.ownerCookie }));
    expect(list.memberships.map((x: { id: string }) => x.id)).toContain(m.id);
    const p = await buildProduct(t.database.db, A.site, { title: "Gold pass", amount: 100, membershipIds: [m.id] });
    const changed = await body(
      await api(A, `/memberships/${m.id}`, { method: "PATCH", cookie: A.ownerCookie, json: { title: "Platinum" } }),
    );
    expect(changed).toMatchObject({ title: "Platinum", courseIds: [course.id] });
    expect((await api(A, `/memberships/${m.id}`, { method: "DELETE", cookie: A.ownerCookie })).status).toBe(204);
    const product = await body(await api(A, `/products/${p.id}`, { cookie: A.ownerCookie }));
    expect(product.membershipIds).toEqual([]);
  });

  it("refuses another site's pages and courses, and writes nothing", async () => {
    const before = await countFor(t, memberships, A.site.accountId);
    const other = await buildCourse(t.database.db, B.site, B.owner, { title: "B course" });
    const err = await expectError(
      await api(A, "/memberships", { cookie: A.ownerCookie, json: { title: "Bad", courseIds: [other.course.id] } }),
      422,
      "validation_failed",
    );
    expect(err.details).toEqual([expect.objectContaining({ field: "courseIds" })]);
    expect(await countFor(t, memberships, A.site.accountId)).toBe(before);
    await expectError(await api(A, "/memberships", { cookie: student.cookie }), 403, "forbidden");
  });

  it("answers 404 for another site's membership and leaves it unchanged", async () => {
    const theirs = await buildMembership(t.database.db, B.site, { title: "B club" });
    const path = `/memberships/${theirs.id}`;
    await expectError(await api(A, path, { cookie: A.ownerCookie }), 404, "not_found");
    await expectError(
      await api(A, path, { method: "PATCH", cookie: A.ownerCookie, json: { title: "Stolen" } }),
      404,
      "not_found",
    );
    await expectError(await api(A, path, { method: "DELETE", cookie: A.ownerCookie }), 404, "not_found");
    expect((await body(await api(B, path, { cookie: B.ownerCookie }))).title).toBe("B club");
  });
});

describe("the site search", () => {
  it("finds published products of this site by title, at most nine", async () => {
    const S = await siteWithOwner(t, "prod-search");
    for (let i = 0; i < 10; i++)
      await buildProduct(t.database.db, S.site, { title: `Porcelain set ${i}`, amount: 100 });
    await buildProduct(t.database.db, S.site, { title: "Porcelain secret", amount: 100, status: "draft" });
    await buildProduct(t.database.db, B.site, { title: "Porcelain elsewhere", amount: 100 });
    const res = await body(await api(S, "/search?q=porcel&type=products"));
    expect(res.results).toHaveLength(9);
    for (const r of res.results) {
      expect(r.type).toBe("products");
      expect(r.title).toMatch(/^Porcelain set \d$/);
      expect(r.url).toMatch(/^\/product\/porcelain-set-\d$/);
    }
    const all = await body(await api(S, "/search?q=porcelain"));
    expect(all.results.filter((r: { type: string }) => r.type === "products")).toHaveLength(9);
  });
});
