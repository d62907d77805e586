// Enrolment (spec §3 course_students, §4, §8): self-enrolment with the exact Seats Error body, no
// more enrolments than seats under concurrency, the instructor's status, expiry, reset and removal,
// statistics, and another site's members getting 404 with nothing changed.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignmentSubmissions, courseStudents, courses, eventOutbox, quizSubmissions } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { enrolStudent, type Emitted } from "../../server/modules/enrolment";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let instructor: Awaited<ReturnType<typeof memberOf>>;
let otherInstructor: Awaited<ReturnType<typeof memberOf>>;
let student: Awaited<ReturnType<typeof memberOf>>;
let outsider: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "enr-a");
  B = await siteWithOwner(t, "enr-b");
  instructor = await memberOf(t, A.site, "instructor", "teacher");
  otherInstructor = await memberOf(t, A.site, "instructor", "other-teacher");
  student = await memberOf(t, A.site, "student", "learner");
  outsider = await memberOf(t, B.site, "student", "outsider");
});
afterAll(async () => {
  await t?.close();
});

const api = (slug: string, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });
const course = (input: Partial<Parameters<typeof buildCourse>[3]> = {}) =>
  buildCourse(t.database.db, A.site, instructor.user, {
    title: `Course ${uid()}`,
    curriculum: [{ unit: "One" }, { unit: "Two" }],
    ...input,
  });
const enrolmentsOf = (courseId: string) => countRows(t, courseStudents, eq(courseStudents.courseId, courseId));
const studentCount = async (courseId: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(courses).where(eq(courses.id, courseId))))[0]
    .studentCount;

describe("enrolling oneself", () => {
  it("enrols in a free published course once, with events, and again returns the same enrolment", async () => {
    const { course: c } = await course({ duration: { value: 10, parameter: 86400 } });
    const res = await api(A.site.slug, student.cookie, `/courses/${c.id}/enrol`, {
      method: "POST",
      headers: { "Idempotency-Key": "k-1" },
    });
    expect(res.status).toBe(200);
    const first = await body(res);
    expect(first).toMatchObject({ status: 1, created: true, enrolment: { status: 1, progress: 0 } });
    const days = (Date.parse(first.enrolment.expiry) - Date.now()) / 86400000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThanOrEqual(10);
    const again = await body(await api(A.site.slug, student.cookie, `/courses/${c.id}/enrol`, { method: "POST" }));
    expect(again).toMatchObject({ status: 1, created: false });
    expect(await enrolmentsOf(c.id)).toBe(1);
    expect(await studentCount(c.id)).toBe(1);
    const types = (
      await withPlatform(t.database.db, (tx) =>
        tx.select().from(eventOutbox).where(eq(eventOutbox.accountId, A.site.accountId)),
      )
    )
      .filter((e) => e.payload.courseId === c.id)
      .map((e) => e.type)
      .sort();
    expect(types).toEqual(["course_subscribed", "instructor_course_subscribed", "student_course_subscribed"]);
    const mine = await body(await api(A.site.slug, student.cookie, "/enrolments"));
    expect(mine.items.find((i: { courseId: string }) => i.courseId === c.id)).toMatchObject({
      title: c.title,
      progress: 0,
    });
  });

  it("answers a full course with 409 and exactly the Seats Error body, writing nothing", async () => {
    const { course: c } = await course({ seats: 1 });
    await buildEnrolment(t.database.db, A.site, c.id, otherInstructor.user.id);
    const res = await api(A.site.slug, student.cookie, `/courses/${c.id}/enrol`, { method: "POST" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ status: 0, error: "Seats Error", errorCode: "seats" });
    expect(await enrolmentsOf(c.id)).toBe(1);
    expect(await studentCount(c.id)).toBe(1);
  });

  it("refuses a private course (403) and a draft (404)", async () => {
    const { course: p } = await course({ access: "private" });
    const e = await expectError(
      await api(A.site.slug, student.cookie, `/courses/${p.id}/enrol`, { method: "POST" }),
      403,
      "forbidden",
    );
    expect(e.message).toBe("This course is private");
    const { course: d } = await course({ status: "draft" });
    await expectError(
      await api(A.site.slug, student.cookie, `/courses/${d.id}/enrol`, { method: "POST" }),
      404,
      "not_found",
    );
    expect(await enrolmentsOf(p.id)).toBe(0);
    expect(await enrolmentsOf(d.id)).toBe(0);
  });

  it("never lets 8 concurrent enrolments exceed 3 seats", async () => {
    const { course: c } = await course({ seats: 3 });
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => memberOf(t, A.site, "student", `crowd${i}`)));
    const results = await Promise.allSettled(
      people.map((p) =>
        withTenant(t.database.db, A.site.accountId, (tx) =>
          enrolStudent(tx, A.site.accountId, { courseId: c.id, studentId: p.user.id, by: "self" }, [] as Emitted),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await enrolmentsOf(c.id)).toBe(3);
    expect(await studentCount(c.id)).toBe(3);
  });

  it("a member of another site gets 404 and no enrolment", async () => {
    const { course: c } = await course();
    await expectError(
      await api(B.site.slug, outsider.cookie, `/courses/${c.id}/enrol`, { method: "POST" }),
      404,
      "not_found",
    );
    await expectError(await api(B.site.slug, outsider.cookie, `/courses/${c.id}/progress`), 404, "not_found");
    expect(await enrolmentsOf(c.id)).toBe(0);
  });
});

describe("managing students", () => {
  it("lists and searches students; adds by e-mail; refuses an instructor who does not teach it", async () => {
    const { course: c } = await course();
    const add = await api(A.site.slug, instructor.cookie, `/courses/${c.id}/students`, {
      json: { email: student.user.email.toUpperCase() },
    });
    expect(add.status).toBe(200);
    expect((await body(add)).student).toMatchObject({ studentId: student.user.id, status: 1, expired: false });
    await expectError(
      await api(A.site.slug, instructor.cookie, `/courses/${c.id}/students`, { json: { email: "nobody@example.org" } }),
      422,
      "validation_failed",
    );
    const list = await body(
      await api(A.site.slug, instructor.cookie, `/courses/${c.id}/students?q=${encodeURIComponent(student.user.name)}`),
    );
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      email: student.user.email,
      avatar: `/avatars/${student.user.id}/avatar.jpg`,
    });
    const none = await body(await api(A.site.slug, instructor.cookie, `/courses/${c.id}/students?q=zzz-nobody`));
    expect(none.total).toBe(0);
    await expectError(await api(A.site.slug, otherInstructor.cookie, `/courses/${c.id}/students`), 403, "forbidden");
    await expectError(await api(A.site.slug, student.cookie, `/courses/${c.id}/students`), 403, "forbidden");
    // The owner (manage_options) manages every course.
    expect((await api(A.site.slug, A.ownerCookie, `/courses/${c.id}/students`)).status).toBe(200);
  });

  it("changes status (the named ones only, announcing a real change once) and extends expiry", async () => {
    const { course: c } = await course();
    const past = new Date(Date.now() - 86400000);
    await buildEnrolment(t.database.db, A.site, c.id, student.user.id, { expiry: past });
    const path = `/courses/${c.id}/students/${student.user.id}`;
    const s = await body(await api(A.site.slug, instructor.cookie, path, { method: "PATCH", json: { status: 4 } }));
    expect(s.status).toBe(4);
    const e = await expectError(
      await api(A.site.slug, instructor.cookie, path, { method: "PATCH", json: { status: 12 } }),
      422,
      "validation_failed",
    );
    expect(e.message).toContain("status");
    for (const unnamed of [0, 6, 9]) {
      await expectError(
        await api(A.site.slug, instructor.cookie, path, { method: "PATCH", json: { status: unnamed } }),
        422,
        "validation_failed",
      );
    }
    // The same status again is no change: nobody is told twice.
    expect((await api(A.site.slug, instructor.cookie, path, { method: "PATCH", json: { status: 4 } })).status).toBe(
      200,
    );
    expect(s.expired).toBe(true);
    const x = await body(
      await api(A.site.slug, instructor.cookie, path, {
        method: "PATCH",
        json: { extend: { value: 2, parameter: 86400 } },
      }),
    );
    expect(x.expired).toBe(false);
    // A lapsed enrolment restarts from now: two days ahead, not one day after the old expiry.
    expect((Date.parse(x.expiry) - Date.now()) / 86400000).toBeGreaterThan(1.9);
    const events = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(eventOutbox)
        .where(and(eq(eventOutbox.accountId, A.site.accountId), eq(eventOutbox.type, "course_status_changed"))),
    );
    expect(events.filter((ev) => ev.payload.courseId === c.id)).toHaveLength(1);
    expect(events.find((ev) => ev.payload.courseId === c.id)?.payload).toEqual({
      courseId: c.id,
      studentId: student.user.id,
      status: 4,
    });
  });

  it("reset deletes exactly that student's submissions of that course", async () => {
    const one = await course({ curriculum: [{ unit: "U" }, { quiz: "Q" }, { assignment: "A" }] });
    const two = await course({ curriculum: [{ quiz: "Q2" }, { assignment: "A2" }] });
    const peer = await memberOf(t, A.site, "student", "peer");
    for (const who of [student.user.id, peer.user.id]) {
      await buildEnrolment(t.database.db, A.site, one.course.id, who, { status: 2, progress: 66, startAt: new Date() });
      await buildEnrolment(t.database.db, A.site, two.course.id, who);
    }
    await withTenant(t.database.db, A.site.accountId, async (tx) => {
      for (const who of [student.user.id, peer.user.id]) {
        for (const [c, quizId, assignmentId] of [
          [one.course.id, one.itemIds[1], one.itemIds[2]],
          [two.course.id, two.itemIds[0], two.itemIds[1]],
        ]) {
          await tx.insert(quizSubmissions).values({ accountId: A.site.accountId, quizId, courseId: c, studentId: who });
          await tx
            .insert(assignmentSubmissions)
            .values({ accountId: A.site.accountId, assignmentId, courseId: c, studentId: who });
        }
      }
    });
    const res = await api(
      A.site.slug,
      instructor.cookie,
      `/courses/${one.course.id}/students/${student.user.id}/reset`,
      { method: "POST" },
    );
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ status: 1, progress: 0, startAt: null, curriculumData: [], marks: 0 });
    const quiz = (c: string, s: string) =>
      countRows(t, quizSubmissions, and(eq(quizSubmissions.courseId, c), eq(quizSubmissions.studentId, s)));
    const asg = (c: string, s: string) =>
      countRows(
        t,
        assignmentSubmissions,
        and(eq(assignmentSubmissions.courseId, c), eq(assignmentSubmissions.studentId, s)),
      );
    expect([await quiz(one.course.id, student.user.id), await asg(one.course.id, student.user.id)]).toEqual([0, 0]);
    expect([await quiz(two.course.id, student.user.id), await asg(two.course.id, student.user.id)]).toEqual([1, 1]);
    expect([await quiz(one.course.id, peer.user.id), await asg(one.course.id, peer.user.id)]).toEqual([1, 1]);
  });

  it("removes a student and gives the seat back", async () => {
    const { course: c } = await course({ seats: 1 });
    await buildEnrolment(t.database.db, A.site, c.id, student.user.id);
    const res = await api(A.site.slug, instructor.cookie, `/courses/${c.id}/students/${student.user.id}`, {
      method: "DELETE",
    });
    expect(res.status).toBe(204);
    expect(await enrolmentsOf(c.id)).toBe(0);
    expect(await studentCount(c.id)).toBe(0);
    await expectError(
      await api(A.site.slug, instructor.cookie, `/courses/${c.id}/students/${student.user.id}`, { method: "DELETE" }),
      404,
      "not_found",
    );
  });

  it("another site's owner gets 404 for every student action and nothing changes", async () => {
    const { course: c } = await course();
    await buildEnrolment(t.database.db, A.site, c.id, student.user.id, { status: 3, progress: 50 });
    const base = `/courses/${c.id}/students`;
    const tries: [string, RequestInit & { json?: unknown }][] = [
      [base, {}],
      [base, { json: { email: student.user.email } }],
      [`${base}/${student.user.id}`, { method: "PATCH", json: { status: 1 } }],
      [`${base}/${student.user.id}/reset`, { method: "POST" }],
      [`${base}/${student.user.id}`, { method: "DELETE" }],
      [`/courses/${c.id}/stats`, {}],
    ];
    for (const [path, init] of tries)
      await expectError(await api(B.site.slug, B.ownerCookie, path, init), 404, "not_found");
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(courseStudents).where(eq(courseStudents.courseId, c.id)),
    );
    expect(row).toMatchObject({ status: 3, progress: 50 });
  });
});

describe("the OpenAPI document", () => {
  it("describes the learning routes, including the Seats Error answer", async () => {
    const doc = await body(await t.request(A.site.slug, "/api/v1/openapi.json"));
    for (const path of [
      "/courses/{id}/enrol",
      "/enrolments",
      "/courses/{id}/progress",
      "/courses/{id}/items/{itemId}/open",
      "/courses/{id}/items/{itemId}/complete",
      "/courses/{id}/students",
      "/courses/{id}/students/{studentId}",
      "/courses/{id}/students/{studentId}/reset",
      "/courses/{id}/stats",
      "/instructor/stats",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(Object.keys(doc.paths["/courses/{id}/enrol"].post.responses)).toEqual(
      expect.arrayContaining(["200", "409", "500"]),
    );
    expect(Object.keys(doc.paths["/courses/{id}/items/{itemId}/complete"])).toEqual(
      expect.arrayContaining(["put", "delete"]),
    );
  });
});

describe("statistics", () => {
  it("counts enrolled, started, completed, average progress per course and in total", async () => {
    const { course: c } = await course();
    const p2 = await memberOf(t, A.site, "student", "s2");
    const p3 = await memberOf(t, A.site, "student", "s3");
    await buildEnrolment(t.database.db, A.site, c.id, student.user.id, { status: 1, progress: 0 });
    await buildEnrolment(t.database.db, A.site, c.id, p2.user.id, { status: 2, progress: 50 });
    await buildEnrolment(t.database.db, A.site, c.id, p3.user.id, { status: 2, progress: 100 });
    const s = await body(await api(A.site.slug, instructor.cookie, `/courses/${c.id}/stats`));
    expect(s).toMatchObject({ enrolled: 3, started: 2, completed: 1, averageProgress: 50, certificates: 0 });
    const all = await body(await api(A.site.slug, instructor.cookie, "/instructor/stats"));
    expect(all.items.find((i: { courseId: string }) => i.courseId === c.id)).toMatchObject({ enrolled: 3 });
    expect(all.totals.enrolled).toBeGreaterThanOrEqual(3);
    const theirs = await body(await api(A.site.slug, otherInstructor.cookie, "/instructor/stats"));
    expect(theirs.items.find((i: { courseId: string }) => i.courseId === c.id)).toBeUndefined();
    await expectError(await api(A.site.slug, student.cookie, "/instructor/stats"), 403, "forbidden");
  });
});
