// Course reviews (spec §3 Review): only enrolled students write one, one per student (a second
// write changes it), rating 1-5 and a title, the average on the course page, course_reviewed
// emitted, managers may delete; another site's member gets 404 and nothing changes.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseReviews, eventOutbox } from "../../server/db/schema";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";
import { withLoadContext } from "./load-context-app";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let course: Awaited<ReturnType<typeof buildCourse>>;
let alice: Awaited<ReturnType<typeof memberOf>>;
let bob: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "rev-a");
  B = await siteWithOwner(t, "rev-b");
  course = await buildCourse(t.database.db, A.site, A.owner, { title: "Reviewed course" });
  alice = await memberOf(t, A.site, "student", "alice");
  bob = await memberOf(t, A.site, "student", "bob");
  await buildEnrolment(t.database.db, A.site, course.course.id, alice.user.id);
  await buildEnrolment(t.database.db, A.site, course.course.id, bob.user.id);
});
afterAll(async () => {
  await t?.close();
});

const review = (S: SiteWithOwner, cookie: string, courseId: string, json: unknown) =>
  t.request(S.site.slug, `/api/v1/courses/${courseId}/review`, { method: "PUT", cookie, json });
const reviewsOf = (courseId: string) => countRows(t, courseReviews, eq(courseReviews.courseId, courseId));

describe("writing reviews", () => {
  it("lets an enrolled student review, rewrite (one row) and shows the average", async () => {
    const first = await review(A, alice.cookie, course.course.id, { rating: 4, title: "Good", review: "Nice" });
    expect(first.status, await first.clone().text()).toBe(200);
    const changed = await body(await review(A, alice.cookie, course.course.id, { rating: 5, title: "Great" }));
    expect(changed).toMatchObject({ rating: 5, title: "Great", review: "" });
    expect(await reviewsOf(course.course.id)).toBe(1);
    await review(A, bob.cookie, course.course.id, { rating: 2, title: "Meh" });
    const page = await body(
      await t.request(A.site.slug, `/api/v1/catalog/courses/${course.course.slug}`, { cookie: alice.cookie }),
    );
    expect({ rating: page.rating, count: page.reviewCount }).toEqual({ rating: 3.5, count: 2 });
    expect(page.viewer.myReview).toMatchObject({ rating: 5, title: "Great" });
    const events = await countRows(
      t,
      eventOutbox,
      and(eq(eventOutbox.accountId, A.site.accountId), eq(eventOutbox.type, "course_reviewed")),
    );
    expect(events).toBe(3);
  });

  it("refuses members who are not enrolled (403) and visitors (401)", async () => {
    const carol = await memberOf(t, A.site, "student", "carol");
    const before = await reviewsOf(course.course.id);
    await expectError(await review(A, carol.cookie, course.course.id, { rating: 5, title: "Hi" }), 403, "forbidden");
    const anon = await t.request(A.site.slug, `/api/v1/courses/${course.course.id}/review`, {
      method: "PUT",
      json: { rating: 5, title: "Hi" },
    });
    expect(anon.status).toBe(401);
    expect(await reviewsOf(course.course.id)).toBe(before);
  });

  it("validates rating and title, naming the field, and writes nothing", async () => {
    const fresh = await buildCourse(t.database.db, A.site, A.owner, { title: "Validation course" });
    await buildEnrolment(t.database.db, A.site, fresh.course.id, alice.user.id);
    for (const [json, field] of [
      [{ rating: 6, title: "x" }, "rating"],
      [{ rating: 0, title: "x" }, "rating"],
      [{ rating: 2.5, title: "x" }, "rating"],
      [{ rating: 3, title: "" }, "title"],
      [{ rating: 3, title: "x".repeat(121) }, "title"],
      [{ rating: 3, title: "x", review: "y".repeat(5001) }, "review"],
    ] as const) {
      const err = await expectError(await review(A, alice.cookie, fresh.course.id, json), 422, "validation_failed");
      expect(JSON.stringify(err.details)).toContain(field);
    }
    expect(await reviewsOf(fresh.course.id)).toBe(0);
  });

  it("answers 404 to another site's member and changes nothing", async () => {
    const outsider = await memberOf(t, B.site, "student", "outsider");
    const before = await reviewsOf(course.course.id);
    await expectError(
      await review(B, outsider.cookie, course.course.id, { rating: 1, title: "Spam" }),
      404,
      "not_found",
    );
    await expectError(await review(B, B.ownerCookie, course.course.id, { rating: 1, title: "Spam" }), 404, "not_found");
    expect(await reviewsOf(course.course.id)).toBe(before);
  });
});

describe("deleting reviews", () => {
  it("lets the site manager delete; a student may not; another site gets 404", async () => {
    const c = await buildCourse(t.database.db, A.site, A.owner, { title: "Delete course" });
    await buildEnrolment(t.database.db, A.site, c.course.id, bob.user.id);
    const r = await body(await review(A, bob.cookie, c.course.id, { rating: 1, title: "Bad" }));
    const del = (S: SiteWithOwner, cookie: string) =>
      t.request(S.site.slug, `/api/v1/courses/${c.course.id}/reviews/${r.id}`, { method: "DELETE", cookie });
    expect((await del(A, bob.cookie)).status).toBe(403);
    await expectError(await del(B, B.ownerCookie), 404, "not_found");
    expect(await reviewsOf(c.course.id)).toBe(1);
    expect((await del(A, A.ownerCookie)).status).toBe(204);
    expect(await reviewsOf(c.course.id)).toBe(0);
  });
});

describe("the course page's review actions", () => {
  it("saves through the page service and lets only a manager delete there", async () => {
    const ctx = withLoadContext(t);
    const c = await buildCourse(t.database.db, A.site, A.owner, { title: "Page actions course" });
    await buildEnrolment(t.database.db, A.site, c.course.id, alice.user.id);
    const saved = await body(
      await ctx(A.site.slug, alice.cookie, (x) => x.services.catalog.review(c.course.id, { rating: 3, title: "Ok" })),
    );
    expect(saved.result).toMatchObject({ rating: 3, title: "Ok" });
    await expectError(
      await ctx(A.site.slug, alice.cookie, (x) => x.services.catalog.deleteReview(c.course.id, saved.result.id)),
      403,
      "forbidden",
    );
    expect(await reviewsOf(c.course.id)).toBe(1);
    await ctx(A.site.slug, A.ownerCookie, (x) => x.services.catalog.deleteReview(c.course.id, saved.result.id));
    expect(await reviewsOf(c.course.id)).toBe(0);
  });
});
