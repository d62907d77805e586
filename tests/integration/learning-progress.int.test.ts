// The course player on the server (spec §4, §9): progress after completing and un-completing,
// unit lock and drip enforced by the server (not the UI), expired enrolments, quizzes not completed
// by hand, and another site's student unable to read, open or complete anything.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificates, courseStudents } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let student: Awaited<ReturnType<typeof memberOf>>;
let outsider: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "lp-a");
  B = await siteWithOwner(t, "lp-b");
  student = await memberOf(t, A.site, "student", "player");
  outsider = await memberOf(t, B.site, "student", "stranger");
});
afterAll(async () => {
  await t?.close();
});

const api = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}, slug = A.site.slug) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });
const enrolled = async (input: Partial<Parameters<typeof buildCourse>[3]>, enrolment = {}) => {
  const built = await buildCourse(t.database.db, A.site, A.owner, { title: `Player ${uid()}`, ...input });
  await buildEnrolment(t.database.db, A.site, built.course.id, student.user.id, enrolment);
  return built;
};
const complete = (courseId: string, itemId: string, on = true) =>
  api(student.cookie, `/courses/${courseId}/items/${itemId}/complete`, { method: on ? "PUT" : "DELETE" });
const row = async (courseId: string) =>
  (
    await withPlatform(t.database.db, (tx) =>
      tx.select().from(courseStudents).where(eq(courseStudents.courseId, courseId)),
    )
  )[0];

describe("progress", () => {
  it("goes 33 → 66 → 33 as units are completed and un-completed, and starts the course", async () => {
    const { course, itemIds } = await enrolled({
      curriculum: [{ section: "Start" }, { unit: "A", content: "<p>Alpha</p>" }, { unit: "B" }, { unit: "C" }],
    });
    const opened = await body(
      await api(student.cookie, `/courses/${course.id}/items/${itemIds[0]}/open`, { method: "POST" }),
    );
    expect(opened).toMatchObject({ postType: "unit", unit: { content: "<p>Alpha</p>" }, link: null });
    const r0 = await row(course.id);
    expect(r0.status).toBe(2);
    expect(r0.startAt).not.toBeNull();
    expect((await body(await complete(course.id, itemIds[0]))).progress).toBe(33);
    expect((await body(await complete(course.id, itemIds[1]))).progress).toBe(66);
    expect((await body(await complete(course.id, itemIds[1], false))).progress).toBe(33);
    expect((await row(course.id)).progress).toBe(33);
    const outline = await body(await api(student.cookie, `/courses/${course.id}/progress`));
    expect(outline.enrolment.progress).toBe(33);
    expect(typeof outline.enrolment.startAt).toBe("number");
    expect(outline.items.map((i: { postType: string; complete: boolean }) => [i.postType, i.complete])).toEqual([
      ["section", false],
      ["unit", true],
      ["unit", false],
      ["unit", false],
    ]);
  });

  it("shows a unit without the template sections its author left empty", async () => {
    const { course, itemIds } = await enrolled({
      curriculum: [
        { unit: "Filled", content: "<h2>What you'll learn</h2><p>Centring.</p><h2>Requirements</h2><p></p>" },
        { unit: "Untouched", content: "<h2>What you'll learn</h2><p></p><h2>Description</h2><p></p>" },
      ],
    });
    const open = (id: string) =>
      api(student.cookie, `/courses/${course.id}/items/${id}/open`, { method: "POST" }).then((r) => body(r));
    expect((await open(itemIds[0])).unit.content).toBe("<h2>What you'll learn</h2><p>Centring.</p>");
    expect((await open(itemIds[1])).unit.content).toBe("");
  });

  it("issues the certificate at 100% and shows its code in the outline", async () => {
    const { course, itemIds } = await enrolled({
      curriculum: [{ unit: "Only" }],
      certificate: { enabled: true, title: "Well done", body: "{{student}}" },
    });
    const done = await body(await complete(course.id, itemIds[0]));
    expect(done.progress).toBe(100);
    expect(done.certificateCode).toMatch(/^[A-Z2-9]{12}$/);
    expect(await countRows(t, certificates, eq(certificates.courseId, course.id))).toBe(1);
    expect((await body(await api(student.cookie, `/courses/${course.id}/progress`))).certificateCode).toBe(
      done.certificateCode,
    );
  });

  it("gives a quiz a link and refuses to complete it by hand (422)", async () => {
    const { course, itemIds } = await enrolled({ curriculum: [{ quiz: "Q" }, { assignment: "A" }] });
    const q = await body(
      await api(student.cookie, `/courses/${course.id}/items/${itemIds[0]}/open`, { method: "POST" }),
    );
    expect(q.link).toBe(`/dashboard/courses/quiz/${itemIds[0]}?course=${course.id}`);
    const a = await body(
      await api(student.cookie, `/courses/${course.id}/items/${itemIds[1]}/open`, { method: "POST" }),
    );
    expect(a.link).toBe(`/dashboard/courses/assignments/${itemIds[1]}?course=${course.id}`);
    const e = await expectError(await complete(course.id, itemIds[0]), 422, "validation_failed");
    expect(e.details).toEqual([{ field: "itemId", message: "Only units can be marked complete" }]);
    expect((await row(course.id)).progress).toBe(0);
  });
});

describe("the server keeps closed items closed", () => {
  it("unit lock refuses the second unit with 403 item_locked until the first is complete", async () => {
    const { course, itemIds } = await enrolled({
      curriculum: [{ unit: "1" }, { unit: "2" }],
      settings: { unitLock: true },
    });
    const e = await expectError(
      await api(student.cookie, `/courses/${course.id}/items/${itemIds[1]}/open`, { method: "POST" }),
      403,
      "item_locked",
    );
    expect(e.details).toMatchObject({ reason: "lock" });
    await expectError(await complete(course.id, itemIds[1]), 403, "item_locked");
    const outline = await body(await api(student.cookie, `/courses/${course.id}/progress`));
    expect(outline.items[1]).toMatchObject({ open: false, reason: "lock" });
    expect((await complete(course.id, itemIds[0])).status).toBe(200);
    expect(
      (await api(student.cookie, `/courses/${course.id}/items/${itemIds[1]}/open`, { method: "POST" })).status,
    ).toBe(200);
  });

  it("drip refuses an early item and reports when it opens", async () => {
    const { course, itemIds } = await enrolled({
      curriculum: [{ section: "Week 1" }, { unit: "1" }, { section: "Week 2" }, { unit: "2" }],
      settings: { dripfeed: true, dripFeedsection: true, dripfeedDuration: { value: 1, parameter: 86400 } },
    });
    const outline = await body(await api(student.cookie, `/courses/${course.id}/progress`));
    const second = outline.items[3];
    expect(second).toMatchObject({ open: false, reason: "drip" });
    expect(second.opensAt).toBeGreaterThan(Date.now() / 1000 + 86000);
    const e = await expectError(
      await api(student.cookie, `/courses/${course.id}/items/${itemIds[1]}/open`, { method: "POST" }),
      403,
      "item_locked",
    );
    expect(e.details).toMatchObject({ reason: "drip", opensAt: second.opensAt });
  });

  it("an expired enrolment opens nothing", async () => {
    const { course, itemIds } = await enrolled(
      { curriculum: [{ unit: "1" }] },
      { expiry: new Date(Date.now() - 1000) },
    );
    await expectError(
      await api(student.cookie, `/courses/${course.id}/items/${itemIds[0]}/open`, { method: "POST" }),
      403,
      "enrolment_expired",
    );
    await expectError(await complete(course.id, itemIds[0]), 403, "enrolment_expired");
    expect((await body(await api(student.cookie, `/courses/${course.id}/progress`))).enrolment.expired).toBe(true);
  });

  it("a student of another site cannot read, open or complete (404) and nothing changes", async () => {
    const { course, itemIds } = await enrolled({ curriculum: [{ unit: "1" }] });
    const o = (path: string, init: RequestInit = {}) => api(outsider.cookie, path, init, B.site.slug);
    await expectError(await o(`/courses/${course.id}/progress`), 404, "not_found");
    await expectError(await o(`/courses/${course.id}/items/${itemIds[0]}/open`, { method: "POST" }), 404, "not_found");
    await expectError(
      await o(`/courses/${course.id}/items/${itemIds[0]}/complete`, { method: "PUT" }),
      404,
      "not_found",
    );
    // Not enrolled on site A either: the same course answers 404 for a member who is not its student.
    const mine = await body(await o("/enrolments"));
    expect(mine.items).toEqual([]);
    expect(await row(course.id)).toMatchObject({ progress: 0, startAt: null, curriculumData: [] });
  });
});
