// Writes that two requests reach at once (spec §3 course_students, submissions): every completion
// of a crowd of parallel requests is recorded with exactly one event per real change; starting a
// course, quiz attempts, autosaves, hand-ins, reviews, expiry extensions and seats hold under the
// same pressure. PGlite serialises everything; on PostgreSQL these are real races.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Question } from "../../core/quiz";
import {
  assignmentSubmissions,
  courseReviews,
  courseStudents,
  courses,
  eventOutbox,
  memberMeta,
  quizSubmissions,
} from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
type Person = Awaited<ReturnType<typeof memberOf>>;
let student: Person;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "race");
  student = await memberOf(t, A.site, "student", "racer");
});
afterAll(async () => {
  await t?.close();
});

const api = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(A.site.slug, `/api/v1${path}`, { cookie, ...init });
const enrolled = async (input: Partial<Parameters<typeof buildCourse>[3]>, who: Person = student) => {
  const built = await buildCourse(t.database.db, A.site, A.owner, { title: `Race ${uid()}`, ...input });
  await buildEnrolment(t.database.db, A.site, built.course.id, who.user.id);
  return built;
};
const complete = (courseId: string, itemId: string, cookie = student.cookie) =>
  api(cookie, `/courses/${courseId}/items/${itemId}/complete`, { method: "PUT" });
const enrolment = async (courseId: string, studentId = student.user.id) =>
  (
    await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(courseStudents)
        .where(and(eq(courseStudents.courseId, courseId), eq(courseStudents.studentId, studentId))),
    )
  )[0];
const eventsOf = (type: string, courseId: string) =>
  countRows(t, eventOutbox, and(eq(eventOutbox.type, type), sql`${eventOutbox.payload}->>'courseId' = ${courseId}`));
const statuses = (responses: Response[]) => responses.map((r) => r.status);
const units = (n: number) => Array.from({ length: n }, (_, i) => ({ unit: `Unit ${i + 1}` }));

describe("completing items at once", () => {
  it("records all twelve of twelve units completed in parallel, with exactly twelve lesson_completed events", async () => {
    const { course, itemIds } = await enrolled({ curriculum: [{ section: "All" }, ...units(12)] });
    const responses = await Promise.all(itemIds.map((id) => complete(course.id, id)));
    expect(statuses(responses)).toEqual(itemIds.map(() => 200));
    const row = await enrolment(course.id);
    expect(
      row.curriculumData
        .filter((d) => d.complete)
        .map((d) => d.id)
        .sort(),
    ).toEqual([...itemIds].sort());
    expect(row.progress).toBe(100);
    expect(row.status).toBe(2);
    expect(await eventsOf("lesson_completed", course.id)).toBe(12);
    expect(await eventsOf("course_completed", course.id)).toBe(1);
    expect(await eventsOf("course_started", course.id)).toBe(1);
    const progress = await body(await api(student.cookie, `/courses/${course.id}/progress`));
    expect(progress.enrolment.progress).toBe(100);
  });

  it("records the same unit completed twice at once once, with one event", async () => {
    const { course, itemIds } = await enrolled({ curriculum: units(3) });
    const responses = await Promise.all([complete(course.id, itemIds[0]), complete(course.id, itemIds[0])]);
    expect(statuses(responses)).toEqual([200, 200]);
    expect((await Promise.all(responses.map((r) => body(r)))).map((b) => b.progress)).toEqual([33, 33]);
    expect(await eventsOf("lesson_completed", course.id)).toBe(1);
    expect((await enrolment(course.id)).curriculumData.filter((d) => d.complete)).toHaveLength(1);
  });

  it("keeps completions made while other items are un-completed", async () => {
    const { course, itemIds } = await enrolled({ curriculum: units(4) });
    await complete(course.id, itemIds[0]);
    await complete(course.id, itemIds[1]);
    const responses = await Promise.all([
      api(student.cookie, `/courses/${course.id}/items/${itemIds[0]}/complete`, { method: "DELETE" }),
      complete(course.id, itemIds[2]),
      complete(course.id, itemIds[3]),
    ]);
    expect(statuses(responses)).toEqual([200, 200, 200]);
    const row = await enrolment(course.id);
    expect(
      row.curriculumData
        .filter((d) => d.complete)
        .map((d) => d.id)
        .sort(),
    ).toEqual([itemIds[1], itemIds[2], itemIds[3]].sort());
    expect(row.progress).toBe(75);
  });

  it("starts the course once when its first items are opened at once", async () => {
    const { course, itemIds } = await enrolled({ curriculum: units(6) });
    const responses = await Promise.all(
      itemIds.map((id) => api(student.cookie, `/courses/${course.id}/items/${id}/open`, { method: "POST" })),
    );
    expect(statuses(responses)).toEqual(itemIds.map(() => 200));
    expect(await eventsOf("course_started", course.id)).toBe(1);
    expect(await eventsOf("instructor_start_course", course.id)).toBe(1);
    const row = await enrolment(course.id);
    expect(
      row.curriculumData
        .filter((d) => d.start)
        .map((d) => d.id)
        .sort(),
    ).toEqual([...itemIds].sort());
  });
});

describe("quizzes and assignments at once", () => {
  const questions: Question[] = [
    { id: "a", type: "truefalse", prompt: "A?", marks: 1, answer: true },
    { id: "b", type: "truefalse", prompt: "B?", marks: 1, answer: true },
    { id: "c", type: "truefalse", prompt: "C?", marks: 1, answer: true },
  ];

  it("numbers one attempt when a quiz is started eight times at once, in a course or assigned", async () => {
    const { course, itemIds } = await enrolled({
      curriculum: [
        { quiz: "In a course", questions, settings: { attempts: 3, retake: true } },
        { quiz: "Assigned", questions, settings: { attempts: 3, retake: true } },
      ],
    });
    const assigned = itemIds[1];
    const given = await api(A.ownerCookie, `/members/${student.user.id}/assigned-quizzes`, {
      json: { quizId: assigned },
    });
    expect(given.status).toBe(201);
    for (const [quizId, courseId] of [
      [itemIds[0], course.id],
      [assigned, null],
    ] as const) {
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => api(student.cookie, `/quizzes/${quizId}/attempts`, { json: { courseId } })),
      );
      expect(statuses(responses)).toEqual(responses.map(() => 200));
      const attempts = await Promise.all(responses.map((r) => body(r)));
      expect(new Set(attempts.map((a) => a.id)).size).toBe(1);
      expect(await countRows(t, quizSubmissions, eq(quizSubmissions.quizId, quizId))).toBe(1);
    }
  });

  it("assigns a quiz once when it is assigned six times at once", async () => {
    const { itemIds } = await enrolled({ curriculum: [{ quiz: "Assign me", questions }] });
    const path = `/members/${student.user.id}/assigned-quizzes`;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => api(A.ownerCookie, path, { json: { quizId: itemIds[0] } })),
    );
    expect(statuses(responses)).toEqual(responses.map(() => 201));
    const assignments = await countRows(
      t,
      memberMeta,
      and(eq(memberMeta.userId, student.user.id), sql`${memberMeta.metaValue} = to_jsonb(${itemIds[0]}::text)`),
    );
    expect(assignments).toBe(1);
  });

  it("keeps every answer of autosaves sent at once, and completes the quiz once", async () => {
    const { course, itemIds } = await enrolled({ curriculum: [{ quiz: "Autosave", questions }] });
    const attempt = await body(
      await api(student.cookie, `/quizzes/${itemIds[0]}/attempts`, { json: { courseId: course.id } }),
    );
    const saves = await Promise.all(
      ["a", "b", "c"].map((q) =>
        api(student.cookie, `/quiz-attempts/${attempt.id}/answers`, {
          method: "PUT",
          json: { answers: { [q]: true } },
        }),
      ),
    );
    expect(statuses(saves)).toEqual([200, 200, 200]);
    const submits = await Promise.all(
      [0, 1].map(() => api(student.cookie, `/quiz-attempts/${attempt.id}/submit`, { json: {} })),
    );
    expect(statuses(submits).sort()).toEqual([200, 409]);
    const done = await body(submits.find((r) => r.status === 200) as Response);
    expect(done.result.marks).toBe(3);
    expect(await eventsOf("quiz_submitted", course.id)).toBe(1);
    expect(await eventsOf("lesson_completed", course.id)).toBe(1);
  });

  it("leaves one hand-in when an assignment is handed in six times at once", async () => {
    const { course, itemIds } = await enrolled({
      curriculum: [{ assignment: "Essay", settings: { maxMarks: 10, submissionType: "text" } }],
    });
    const handIn = (text: string) => {
      const f = new FormData();
      f.set("courseId", course.id);
      f.set("content", text);
      return t.request(A.site.slug, `/api/v1/assignments/${itemIds[0]}/submission`, {
        method: "POST",
        body: f,
        cookie: student.cookie,
      });
    };
    const texts = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth"];
    const responses = await Promise.all(texts.map(handIn));
    expect(statuses(responses)).toEqual(texts.map(() => 201));
    const rows = await withPlatform(t.database.db, (tx) =>
      tx.select().from(assignmentSubmissions).where(eq(assignmentSubmissions.assignmentId, itemIds[0])),
    );
    expect(rows).toHaveLength(1);
    expect(texts).toContain(rows[0].content);
  });
});

describe("the instructor's and the shop's writes at once", () => {
  it("keeps all of six units appended to a curriculum at once", async () => {
    const built = await buildCourse(t.database.db, A.site, A.owner, { title: `Append ${uid()}` });
    const titles = Array.from({ length: 6 }, (_, i) => `Appended ${i + 1}`);
    const responses = await Promise.all(
      titles.map((title) => api(A.ownerCookie, "/units", { json: { title, courseId: built.course.id } })),
    );
    expect(statuses(responses)).toEqual(titles.map(() => 201));
    const list = (await body(await api(A.ownerCookie, `/courses/${built.course.id}/curriculum`))).items;
    expect(list.map((i: { title: string }) => i.title).sort()).toEqual(titles);
  });

  it("counts both of two expiry extensions made at once", async () => {
    const { course } = await enrolled({ curriculum: units(1) });
    const before = (await enrolment(course.id)).expiry.getTime();
    const extend = () =>
      api(A.ownerCookie, `/courses/${course.id}/students/${student.user.id}`, {
        method: "PATCH",
        json: { extend: { value: 1, parameter: 86400 } },
      });
    expect(statuses(await Promise.all([extend(), extend()]))).toEqual([200, 200]);
    expect((await enrolment(course.id)).expiry.getTime() - before).toBe(2 * 86400 * 1000);
  });

  it("enrols a member once and counts one seat when two enrolments race, and frees it once", async () => {
    const built = await buildCourse(t.database.db, A.site, A.owner, { title: `Seats ${uid()}`, seats: 5 });
    const racer = await memberOf(t, A.site, "student", "seat");
    const enrol = () => api(racer.cookie, `/courses/${built.course.id}/enrol`, { method: "POST" });
    expect(statuses(await Promise.all([enrol(), enrol(), enrol()]))).toEqual([200, 200, 200]);
    const count = async () =>
      (
        await withPlatform(t.database.db, (tx) =>
          tx.select({ n: courses.studentCount }).from(courses).where(eq(courses.id, built.course.id)),
        )
      )[0].n;
    expect(await count()).toBe(1);
    expect(await eventsOf("course_subscribed", built.course.id)).toBe(1);
    const remove = () =>
      api(A.ownerCookie, `/courses/${built.course.id}/students/${racer.user.id}`, { method: "DELETE" });
    expect(statuses(await Promise.all([remove(), remove()])).sort()).toEqual([204, 404]);
    expect(await count()).toBe(0);
  });

  it("enrols a member once in a course without a seat limit when enrolments race, and counts every member", async () => {
    // No seat limit: enrolments do not wait for the course's row lock until its student count.
    const built = await buildCourse(t.database.db, A.site, A.owner, { title: `Open ${uid()}` });
    const racer = await memberOf(t, A.site, "student", "open");
    const others = await Promise.all([1, 2, 3].map((i) => memberOf(t, A.site, "student", `open${i}`)));
    const enrol = (cookie: string) => api(cookie, `/courses/${built.course.id}/enrol`, { method: "POST" });
    const results = await Promise.all([
      enrol(racer.cookie),
      enrol(racer.cookie),
      enrol(racer.cookie),
      ...others.map((o) => enrol(o.cookie)),
    ]);
    expect(statuses(results)).toEqual([200, 200, 200, 200, 200, 200]);
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx.select({ n: courses.studentCount }).from(courses).where(eq(courses.id, built.course.id)),
    );
    expect(row.n).toBe(4);
    expect(await eventsOf("course_subscribed", built.course.id)).toBe(4);
  });

  it("writes one review and one course_reviewed event when the same review is sent twice at once", async () => {
    const { course } = await enrolled({ curriculum: units(1) });
    const review = { rating: 5, title: "Great", review: "Loved it" };
    const send = (json = review) => api(student.cookie, `/courses/${course.id}/review`, { method: "PUT", json });
    expect(statuses(await Promise.all([send(), send()]))).toEqual([200, 200]);
    expect(await countRows(t, courseReviews, eq(courseReviews.courseId, course.id))).toBe(1);
    expect(await eventsOf("course_reviewed", course.id)).toBe(1);
    // A changed review is a change: it is announced again.
    expect((await send({ ...review, rating: 4 })).status).toBe(200);
    expect(await eventsOf("course_reviewed", course.id)).toBe(2);
  });
});
