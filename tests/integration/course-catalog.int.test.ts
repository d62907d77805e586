// The public catalogue (spec §2 /course, /course/category, /course/{slug}): published courses only,
// nine a page, categories with counts, the course page with outline titles and seats left, and
// self-enrolment from the page (seats enforced); search finds a course by prefix; the sitemap
// lists it; another site's slug is not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { termObjectRelationship, terms } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { buildMembership, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";
import { withLoadContext } from "./load-context-app";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let published: Awaited<ReturnType<typeof buildCourse>>;
let draft: Awaited<ReturnType<typeof buildCourse>>;
let other: Awaited<ReturnType<typeof buildCourse>>;
const word = `Ceramics${uid()}`;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "cat-a");
  B = await siteWithOwner(t, "cat-b");
  published = await buildCourse(t.database.db, A.site, A.owner, {
    title: `${word} for beginners`,
    excerpt: "Throw your first pot",
    description: "<p>Hands in clay.</p><script>alert(1)</script>",
    seats: 2,
    curriculum: [
      { section: "Getting started" },
      { unit: "Tools of the trade", content: "<p>SECRET UNIT BODY</p>" },
      { quiz: "Clay quiz" },
      { section: "Throwing" },
      { assignment: "Your first bowl" },
    ],
  });
  draft = await buildCourse(t.database.db, A.site, A.owner, { title: `Draft ${word}`, status: "draft" });
  other = await buildCourse(t.database.db, B.site, B.owner, { title: `Other site ${word}` });
  await withTenant(t.database.db, A.site.accountId, async (tx) => {
    const [term] = await tx
      .insert(terms)
      .values({ accountId: A.site.accountId, taxonomy: "course_category", name: "Crafts", slug: "crafts" })
      .returning();
    await tx.insert(termObjectRelationship).values([
      { accountId: A.site.accountId, termId: term.id, objectId: published.course.id },
      { accountId: A.site.accountId, termId: term.id, objectId: draft.course.id },
    ]);
    await tx
      .insert(terms)
      .values({ accountId: A.site.accountId, taxonomy: "course_category", name: "Empty", slug: "empty" });
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (S: SiteWithOwner, path: string, cookie?: string) =>
  t.request(S.site.slug, `/api/v1${path}`, cookie ? { cookie } : {});

describe("the course list", () => {
  it("lists published courses of this site only, with instructor and price data", async () => {
    const list = await body(await get(A, "/catalog/courses"));
    const slugs = list.items.map((c: { slug: string }) => c.slug);
    expect(slugs).toContain(published.course.slug);
    expect(slugs).not.toContain(draft.course.slug);
    expect(slugs).not.toContain(other.course.slug);
    expect(list.perPage).toBe(9);
    const card = list.items.find((c: { slug: string }) => c.slug === published.course.slug);
    expect(card).toMatchObject({ access: "free", students: 0, rating: 0, reviews: 0, excerpt: "Throw your first pot" });
    expect(card.instructor.name).toBe(A.owner.name);
  });

  it("pages by nine", async () => {
    const S = await siteWithOwner(t, "cat-page");
    for (let i = 0; i < 10; i++) await buildCourse(t.database.db, S.site, S.owner, { title: `Course ${i}` });
    const first = await body(await get(S, "/catalog/courses"));
    const second = await body(await get(S, "/catalog/courses?page=2"));
    expect([first.items.length, second.items.length, first.total]).toEqual([9, 1, 10]);
  });

  it("lists categories with counts of published courses, and one category's courses; unknown → 404", async () => {
    const cats = await body(await get(A, "/catalog/categories"));
    expect(cats.items.map((c: { slug: string; courses: number }) => [c.slug, c.courses])).toEqual([
      ["crafts", 1],
      ["empty", 0],
    ]);
    const crafts = await body(await get(A, "/catalog/courses?category=crafts"));
    expect(crafts.items.map((c: { slug: string }) => c.slug)).toEqual([published.course.slug]);
    expect((await body(await get(A, "/catalog/courses?category=empty"))).items).toEqual([]);
    await expectError(await get(A, "/catalog/courses?category=nope"), 404, "not_found");
    expect((await body(await get(B, "/catalog/categories"))).items).toEqual([]);
  });
});

describe("the course page", () => {
  it("shows the outline titles (never content), seats left and sanitised description", async () => {
    const page = await body(await get(A, `/catalog/courses/${published.course.slug}`));
    expect(page.outline.map((i: { title: string }) => i.title)).toEqual([
      "Getting started",
      "Tools of the trade",
      "Clay quiz",
      "Throwing",
      "Your first bowl",
    ]);
    expect(page.itemCount).toBe(3);
    expect(page.seatsLeft).toBe(2);
    expect(JSON.stringify(page)).not.toContain("SECRET UNIT BODY");
    expect(page.description).toContain("Hands in clay.");
    expect(page.description).not.toContain("<script");
    expect(page.instructors.map((i: { name: string }) => i.name)).toEqual([A.owner.name]);
    expect(page.viewer).toBeNull();
  });

  it("answers 404 for a draft and for another site's slug", async () => {
    await expectError(await get(A, `/catalog/courses/${draft.course.slug}`), 404, "not_found");
    await expectError(await get(A, `/catalog/courses/${other.course.slug}`), 404, "not_found");
  });

  it("enrols a member from the page until the seats run out", async () => {
    const ctx = withLoadContext(t);
    const course = await buildCourse(t.database.db, A.site, A.owner, { title: `Seats ${uid()}`, seats: 1 });
    const first = await memberOf(t, A.site, "student", "first");
    const second = await memberOf(t, A.site, "student", "second");
    const res = await ctx(A.site.slug, first.cookie, (c) => c.services.catalog.enrol(course.course.id));
    expect((await body(res)).result).toMatchObject({ created: true });
    const seen = await ctx(A.site.slug, first.cookie, (c) => c.services.catalog.course(course.course.slug));
    expect((await body(seen)).result).toMatchObject({ seatsLeft: 0, students: 1, viewer: { enrolled: true } });
    await expectError(
      await ctx(A.site.slug, second.cookie, (c) => c.services.catalog.enrol(course.course.id)),
      409,
      "seats",
    );
    // Another site's course id is not found and nobody is enrolled there.
    const outsider = await memberOf(t, B.site, "student", "outsider");
    await expectError(
      await ctx(B.site.slug, outsider.cookie, (c) => c.services.catalog.enrol(course.course.id)),
      404,
      "not_found",
    );
    const again = await body(await get(A, `/catalog/courses/${course.course.slug}`));
    expect(again.students).toBe(1);
  });

  it("counts enrolled students on the card", async () => {
    const course = await buildCourse(t.database.db, A.site, A.owner, { title: `Popular ${uid()}` });
    const s = await memberOf(t, A.site, "student");
    await buildEnrolment(t.database.db, A.site, course.course.id, s.user.id);
    const page = await body(await get(A, `/catalog/courses/${course.course.slug}`));
    expect(page.students).toBe(1);
  });
});

describe("how a course is offered", () => {
  it("card and page agree: a product's price, a membership's products, private, and another site's products never count", async () => {
    const S = await siteWithOwner(t, "cat-offer");
    const sold = await buildCourse(t.database.db, S.site, S.owner, { title: `Sold ${uid()}`, access: "private" });
    const viaClub = await buildCourse(t.database.db, S.site, S.owner, { title: `Club ${uid()}`, access: "private" });
    const closed = await buildCourse(t.database.db, S.site, S.owner, { title: `Closed ${uid()}`, access: "private" });
    await buildProduct(t.database.db, S.site, { title: "Pass", amount: 4900, courseIds: [sold.course.id] });
    await buildProduct(t.database.db, S.site, { title: "Pass deluxe", amount: 7900, courseIds: [sold.course.id] });
    const club = await buildMembership(t.database.db, S.site, { title: "Club", courseIds: [viaClub.course.id] });
    await buildProduct(t.database.db, S.site, {
      title: "Club monthly",
      amount: 900,
      subscription: { value: 1, parameter: 2592000 },
      membershipIds: [club.id],
    });
    // Another site's product naming these ids sells nothing here.
    await buildProduct(t.database.db, B.site, { title: "Stray", amount: 100, courseIds: [closed.course.id] });

    const list = await body(await get(S, "/catalog/courses"));
    const card = (id: string) => list.items.find((c: { id: string }) => c.id === id).offer;
    const page = async (slug: string) => (await body(await get(S, `/catalog/courses/${slug}`))).offer;
    for (const [course, expected] of [
      [
        sold,
        {
          kind: "sold",
          products: [{ title: "Pass" }, { title: "Pass deluxe" }],
          memberships: [],
          cheapest: { title: "Pass", price: { type: "onetime", amount: 4900 } },
          severalPrices: true,
        },
      ],
      [
        viaClub,
        {
          kind: "sold",
          products: [],
          memberships: [{ id: club.id, title: "Club", products: [{ title: "Club monthly" }] }],
          cheapest: { price: { type: "subscription", amount: 900, duration: { value: 1, parameter: 2592000 } } },
          severalPrices: false,
        },
      ],
      [closed, { kind: "private" }],
    ] as const) {
      expect(card(course.course.id), course.course.title).toMatchObject(expected);
      expect(await page(course.course.slug), course.course.title).toMatchObject(expected);
    }
    expect((await body(await get(A, `/catalog/courses/${published.course.slug}`))).offer).toEqual({ kind: "free" });
  });
});

describe("search and sitemap", () => {
  it("finds a published course by a word prefix, only on its own site, with the course filter", async () => {
    const res = await body(await get(A, `/search?q=${encodeURIComponent(word.slice(0, 8))}&type=course`));
    expect(res.results).toEqual([
      { type: "course", title: published.course.title, url: `/course/${published.course.slug}` },
    ]);
    const all = await body(await get(A, `/search?q=${encodeURIComponent(word)}`));
    expect(all.results.filter((r: { type: string }) => r.type === "course")).toHaveLength(1);
    const onB = await body(await get(B, `/search?q=${encodeURIComponent(word)}&type=course`));
    expect(onB.results.map((r: { title: string }) => r.title)).toEqual([other.course.title]);
  });

  it("lists /course and published courses in the sitemap, not drafts", async () => {
    const xml = await (await t.request(A.site.slug, "/sitemap.xml")).text();
    expect(xml).toContain("/course</loc>");
    expect(xml).toContain(`/course/${published.course.slug}</loc>`);
    expect(xml).not.toContain(`/course/${draft.course.slug}<`);
  });
});
