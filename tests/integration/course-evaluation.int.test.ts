// Spec §4 "course submitted" and "course evaluated": finishing every item submits the course to its
// instructors; the instructor then gives the course marks (0–100), which the student is told about.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseStudents, eventOutbox } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let instructor: Awaited<ReturnType<typeof memberOf>>;
let student: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "ceval-a");
  B = await siteWithOwner(t, "ceval-b");
  instructor = await memberOf(t, A.site, "instructor", "teacher");
  student = await memberOf(t, A.site, "student", "learner");
});
afterAll(async () => {
  await t?.close();
});

const api = (slug: string, cookie: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });
const eventsOf = (courseId: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select({ type: eventOutbox.type, payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(and(eq(eventOutbox.accountId, A.site.accountId))),
  ).then((rows) => rows.filter((r) => r.payload.courseId === courseId));
const marksOf = async (courseId: string) =>
  (
    await withPlatform(t.database.db, (tx) =>
      tx.select({ marks: courseStudents.marks }).from(courseStudents).where(eq(courseStudents.courseId, courseId)),
    )
  )[0]?.marks;

describe("course submitted and evaluated", () => {
  it("submits the course when its last item is complete, then takes the instructor's marks", async () => {
    const { course, itemIds } = await buildCourse(t.database.db, A.site, instructor.user, {
      title: `Evaluated ${uid()}`,
      curriculum: [{ unit: "Only one" }],
    });
    expect((await api(A.site.slug, student.cookie, `/courses/${course.id}/enrol`, { method: "POST" })).status).toBe(
      200,
    );
    expect((await eventsOf(course.id)).map((e) => e.type)).not.toContain("course_submitted");

    const done = await api(A.site.slug, student.cookie, `/courses/${course.id}/items/${itemIds[0]}/complete`, {
      method: "PUT",
    });
    expect(done.status).toBe(200);
    expect((await eventsOf(course.id)).map((e) => e.type)).toEqual(
      expect.arrayContaining(["course_completed", "course_submitted"]),
    );

    const path = `/courses/${course.id}/students/${student.user.id}`;
    await expectError(
      await api(A.site.slug, instructor.cookie, path, { method: "PATCH", json: { marks: 101 } }),
      422,
      "validation_failed",
    );
    expect(await marksOf(course.id)).toBe(0);
    // A student cannot mark themself; another site's owner does not see the course.
    expect((await api(A.site.slug, student.cookie, path, { method: "PATCH", json: { marks: 100 } })).status).toBe(403);
    await expectError(
      await api(B.site.slug, B.ownerCookie, path, { method: "PATCH", json: { marks: 90 } }),
      404,
      "not_found",
    );
    expect(await marksOf(course.id)).toBe(0);

    const graded = await api(A.site.slug, instructor.cookie, path, { method: "PATCH", json: { marks: 85 } });
    expect(graded.status).toBe(200);
    expect((await body(graded)).marks).toBe(85);
    expect(await marksOf(course.id)).toBe(85);
    const evaluated = (await eventsOf(course.id)).find((e) => e.type === "course_evaluated");
    expect(evaluated?.payload).toMatchObject({ courseId: course.id, studentId: student.user.id, marks: 85 });
  });
});
