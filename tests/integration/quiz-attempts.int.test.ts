// Taking quizzes (spec §3 quiz_submissions, §4 status ≥ 3 complete): automatic marking of every
// type, answers kept from the student until submission, attempts and retakes, the server's time
// limit, essays evaluated by the instructor, unit lock, assigned quizzes, reset, and another
// site's students getting 404 with nothing changed.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Question } from "../../core/quiz";
import { courseStudents, eventOutbox, quizSubmissions, quizzes } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { quizAttempts } from "../../server/modules/assessments";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
type Person = Awaited<ReturnType<typeof memberOf>>;
let teacher: Person;
let student: Person;
let student2: Person;
let outsider: Person;

const AUTO: Question[] = [
  { id: "q1", type: "single", prompt: "Two plus two?", marks: 1, options: ["3", "4", "5"], answer: 1 },
  { id: "q2", type: "multiple", prompt: "Even numbers", marks: 2, options: ["2", "3", "4"], answer: [0, 2] },
  { id: "q3", type: "truefalse", prompt: "The sky is blue", marks: 1, answer: true },
  { id: "q4", type: "fillblank", prompt: "Capital of France", marks: 1, answer: ["Paris"] },
  { id: "q5", type: "matching", prompt: "Match", marks: 2, left: ["1", "2", "3"], right: ["one", "two", "three"] },
  { id: "q6", type: "sorting", prompt: "Order", marks: 2, items: ["a", "b", "c", "d"] },
  { id: "q7", type: "numeric", prompt: "Five halves", marks: 1, answer: 2.5, tolerance: 0.01 },
];
const RIGHT = {
  q1: 1,
  q2: [2, 0],
  q3: true,
  q4: " paris ",
  q5: ["one", "two", "three"],
  q6: ["a", "b", "c", "d"],
  q7: 2.505,
};
const WRONG = { q1: 0, q2: [0], q3: false, q4: "Lyon", q5: ["two", "one", "three"], q6: ["d", "c", "b", "a"], q7: 3 };
const ESSAY: Question[] = [
  { id: "e0", type: "truefalse", prompt: "Ready?", marks: 1, answer: true },
  { id: "e1", type: "essay", prompt: "Explain", marks: 5 },
];

let course: Awaited<ReturnType<typeof buildCourse>>;
let lockedCourse: Awaited<ReturnType<typeof buildCourse>>;
const ids: Record<string, string> = {};

const api = (cookie: string, slug: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });
const asStudent = (p: Person, path: string, init: RequestInit & { json?: unknown } = {}) =>
  api(p.cookie, A.site.slug, path, init);
const start = async (p: Person, quizId: string, courseId: string | null = course.course.id) => {
  const res = await asStudent(p, `/quizzes/${quizId}/attempts`, { json: { courseId } });
  expect(res.status, await res.clone().text()).toBe(200);
  return body(res);
};
const submit = async (p: Person, attemptId: string, answers: unknown) => {
  const res = await asStudent(p, `/quiz-attempts/${attemptId}/submit`, { json: { answers } });
  expect(res.status, await res.clone().text()).toBe(200);
  return body(res);
};
const itemComplete = async (studentId: string, courseId: string, itemId: string) => {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(courseStudents)
      .where(and(eq(courseStudents.courseId, courseId), eq(courseStudents.studentId, studentId))),
  );
  return Boolean(row?.curriculumData.find((d) => d.id === itemId)?.complete);
};
const eventsOf = (type: string) =>
  countRows(t, eventOutbox, and(eq(eventOutbox.type, type), eq(eventOutbox.accountId, A.site.accountId)));

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "quiz-a");
  B = await siteWithOwner(t, "quiz-b");
  teacher = await memberOf(t, A.site, "instructor", "teacher");
  student = await memberOf(t, A.site, "student", "student");
  student2 = await memberOf(t, A.site, "student", "student2");
  outsider = await memberOf(t, B.site, "student", "outsider");
  course = await buildCourse(t.database.db, A.site, teacher.user, {
    title: "Quizzing",
    curriculum: [
      { quiz: "Auto", questions: AUTO, settings: { passMark: 50, attempts: 2, retake: true } },
      { quiz: "Essay", questions: ESSAY, settings: { passMark: 50 } },
      { quiz: "Timed", questions: AUTO.slice(0, 2), settings: { timeLimit: 60, shuffle: true } },
      { quiz: "Once", questions: AUTO.slice(0, 1), settings: { retake: false } },
    ],
  });
  [ids.auto, ids.essay, ids.timed, ids.once] = course.itemIds;
  lockedCourse = await buildCourse(t.database.db, A.site, teacher.user, {
    title: "Locked",
    settings: { unitLock: true },
    curriculum: [{ unit: "First read this" }, { quiz: "After", questions: AUTO.slice(0, 1) }],
  });
  for (const p of [student, student2]) {
    await buildEnrolment(t.database.db, A.site, course.course.id, p.user.id);
    await buildEnrolment(t.database.db, A.site, lockedCourse.course.id, p.user.id);
  }
  const [standalone] = await withTenant(t.database.db, A.site.accountId, (tx) =>
    tx
      .insert(quizzes)
      .values({
        accountId: A.site.accountId,
        authorId: teacher.user.id,
        title: "Placement",
        questions: AUTO.slice(0, 3),
      })
      .returning(),
  );
  ids.assigned = standalone.id;
});
afterAll(async () => {
  await t?.close();
});

describe("taking a quiz in a course", () => {
  it("hands out questions without answers and marks every automatic type right", async () => {
    const attempt = await start(student, ids.auto);
    const text = JSON.stringify(attempt);
    expect(text).not.toContain('"answer"');
    expect(text).not.toContain("correctAnswer");
    expect(attempt.result).toBeNull();
    const matching = attempt.questions.find((q: { id: string }) => q.id === "q5");
    expect([...matching.right].sort()).toEqual(["one", "three", "two"]);
    expect(matching.left).toEqual(["1", "2", "3"]);
    expect((await start(student, ids.auto)).id).toBe(attempt.id); // the open attempt, not a new one
    const reread = JSON.stringify(await body(await asStudent(student, `/quiz-attempts/${attempt.id}`)));
    expect(reread).not.toContain('"answer"');
    expect(reread).not.toContain("correctAnswer");

    const done = await submit(student, attempt.id, RIGHT);
    expect(done.status).toBe(3);
    expect(done.result).toMatchObject({
      marks: 10,
      maxMarks: 10,
      percent: 100,
      passed: true,
      awaitingEvaluation: false,
    });
    expect(done.result.questions.every((q: { correct: boolean }) => q.correct)).toBe(true);
    expect(done.result.questions.find((q: { id: string }) => q.id === "q6").correctAnswer).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    expect(await itemComplete(student.user.id, course.course.id, ids.auto)).toBe(true);
  });

  it("marks every automatic type wrong on a retake, then has no attempts left", async () => {
    const before = await eventsOf("quiz_retake");
    const second = await start(student, ids.auto);
    expect(second.attempt).toBe(2);
    expect(await eventsOf("quiz_retake")).toBe(before + 1);
    const done = await submit(student, second.id, WRONG);
    expect(done.result).toMatchObject({ marks: 0, maxMarks: 10, percent: 0, passed: false });
    expect(done.result.questions.map((q: { correct: boolean }) => q.correct)).toEqual(AUTO.map(() => false));
    const err = await expectError(
      await asStudent(student, `/quizzes/${ids.auto}/attempts`, { json: { courseId: course.course.id } }),
      409,
      "conflict",
    );
    expect(err.message).toBe("No attempts left");
  });

  it("refuses a second attempt when retakes are off", async () => {
    const one = await start(student, ids.once);
    await submit(student, one.id, { q1: 1 });
    await expectError(
      await asStudent(student, `/quizzes/${ids.once}/attempts`, { json: { courseId: course.course.id } }),
      409,
      "conflict",
    );
  });

  it("keeps a quiz after an unfinished unit locked", async () => {
    const quizId = lockedCourse.itemIds[1];
    await expectError(
      await asStudent(student, `/quizzes/${quizId}/attempts`, { json: { courseId: lockedCourse.course.id } }),
      403,
      "item_locked",
    );
    expect(await countRows(t, quizSubmissions, eq(quizSubmissions.quizId, quizId))).toBe(0);
  });

  it("is not found outside a course the student is enrolled in, and unassigned", async () => {
    await expectError(await asStudent(student, `/quizzes/${ids.auto}/attempts`, { json: {} }), 404, "not_found");
  });
});

describe("essays", () => {
  it("wait for the instructor, who marks them; then the item completes", async () => {
    const attempt = await start(student, ids.essay);
    const done = await submit(student, attempt.id, { e0: true, e1: "Because it is." });
    expect(done.status).toBe(2);
    expect(done.result).toMatchObject({ marks: 1, maxMarks: 6, awaitingEvaluation: true });
    expect(done.result.questions.map((q: { correct: boolean | null }) => q.correct)).toEqual([true, null]);
    expect(await itemComplete(student.user.id, course.course.id, ids.essay)).toBe(false);

    const teach = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      api(teacher.cookie, A.site.slug, path, init);
    const queue = await body(await teach(`/quizzes/${ids.essay}/submissions?status=pending`));
    expect(queue.items).toEqual([expect.objectContaining({ id: attempt.id, studentId: student.user.id, status: 2 })]);
    const one = await body(await teach(`/quiz-submissions/${attempt.id}`));
    expect(one.answers.e1).toBe("Because it is.");
    expect(one.questions[0].answer).toBe(true);

    const tooMany = await expectError(
      await teach(`/quiz-submissions/${attempt.id}/evaluate`, { json: { marks: { e1: 6 } } }),
      422,
      "validation_failed",
    );
    expect(tooMany.details).toEqual([{ field: "marks.e1", message: expect.any(String) }]);
    expect((await body(await asStudent(student, `/quiz-attempts/${attempt.id}`))).status).toBe(2);

    const evaluated = await body(
      await teach(`/quiz-submissions/${attempt.id}/evaluate`, { json: { marks: { e1: 4 }, feedback: "Good" } }),
    );
    expect(evaluated).toMatchObject({ status: 3, marks: 5 });
    const seen = await body(await asStudent(student, `/quiz-attempts/${attempt.id}`));
    expect(seen.result).toMatchObject({
      marks: 5,
      maxMarks: 6,
      awaitingEvaluation: false,
      feedback: "Good",
      passed: true,
    });
    expect(await itemComplete(student.user.id, course.course.id, ids.essay)).toBe(true);
    expect(await eventsOf("quiz_evaluated")).toBeGreaterThan(0);
  });

  it("is not a student's business to evaluate, nor an instructor's who does not teach the course", async () => {
    await expectError(await asStudent(student2, `/quizzes/${ids.essay}/submissions`), 403, "forbidden");
    const stranger = await memberOf(t, A.site, "instructor", "stranger");
    await expectError(await api(stranger.cookie, A.site.slug, `/quizzes/${ids.essay}/submissions`), 403, "forbidden");
    const [sub] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(quizSubmissions).where(eq(quizSubmissions.quizId, ids.essay)),
    );
    await expectError(
      await api(stranger.cookie, A.site.slug, `/quiz-submissions/${sub.id}/evaluate`, { json: { marks: { e1: 0 } } }),
      403,
      "forbidden",
    );
    // The site's owner (a manager) may.
    expect((await api(A.ownerCookie, A.site.slug, `/quizzes/${ids.essay}/submissions`)).status).toBe(200);
  });
});

describe("time limit", () => {
  it("returns the deadline, then refuses answers after it and marks what was saved", async () => {
    const attempt = await start(student, ids.timed);
    expect(attempt.deadlineAt).not.toBeNull();
    const seconds = (Date.parse(attempt.deadlineAt) - Date.parse(attempt.startedAt)) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(60);
    expect(seconds).toBeLessThanOrEqual(70);
    const again = await start(student, ids.timed);
    expect(again.questions.map((q: { id: string }) => q.id)).toEqual(
      attempt.questions.map((q: { id: string }) => q.id),
    );

    const saved = await asStudent(student, `/quiz-attempts/${attempt.id}/answers`, {
      method: "PUT",
      json: { answers: { q1: 1 } },
    });
    expect(saved.status).toBe(200);
    const ctx = { db: t.database.db, accountId: A.site.accountId, userId: student.user.id, caps: [], site: A.site };
    const late = new Date(Date.parse(attempt.deadlineAt) + 1000);
    await expect(quizAttempts.saveAnswers(ctx, attempt.id, { q2: [0, 2] }, late)).rejects.toMatchObject({
      code: "time_limit",
    });
    const done = await quizAttempts.submit(ctx, attempt.id, { q1: 0, q2: [0, 2] }, late);
    expect(done.status).toBe(3);
    expect(done.answers).toEqual({ q1: 1 });
    expect(done.result).toMatchObject({ marks: 1, maxMarks: 3 });
  });
});

describe("assigned quizzes", () => {
  it("are taken without a course once assigned, and listed with the best result", async () => {
    const path = `/members/${student.user.id}/assigned-quizzes`;
    await expectError(await asStudent(student, `/quizzes/${ids.assigned}/attempts`, { json: {} }), 404, "not_found");
    await expectError(await asStudent(student, path, { json: { quizId: ids.assigned } }), 404, "not_found");
    const assigned = await api(teacher.cookie, A.site.slug, path, { json: { quizId: ids.assigned } });
    expect(assigned.status).toBe(201);

    const attempt = await start(student, ids.assigned, null);
    expect(attempt.courseId).toBeNull();
    await submit(student, attempt.id, { q1: 1, q2: [0, 2], q3: false });
    const mine = await body(await asStudent(student, path));
    expect(mine.items).toEqual([
      expect.objectContaining({
        quizId: ids.assigned,
        attempts: 1,
        best: expect.objectContaining({ marks: 3, maxMarks: 4 }),
      }),
    ]);
    await expectError(await asStudent(student2, path), 404, "not_found");
    expect((await body(await api(teacher.cookie, A.site.slug, path))).items).toHaveLength(1);

    expect((await api(teacher.cookie, A.site.slug, `${path}/${ids.assigned}`, { method: "DELETE" })).status).toBe(200);
    expect((await body(await asStudent(student, path))).items).toEqual([]);
  });
});

describe("reset", () => {
  it("deletes only that student's attempts and un-completes the item", async () => {
    const other = await start(student2, ids.once);
    await submit(student2, other.id, { q1: 1 });
    expect(await itemComplete(student.user.id, course.course.id, ids.once)).toBe(true);
    const res = await api(teacher.cookie, A.site.slug, `/quizzes/${ids.once}/reset`, {
      json: { studentId: student.user.id, courseId: course.course.id },
    });
    expect(await body(res)).toEqual({ deleted: 1 });
    const left = await withPlatform(t.database.db, (tx) =>
      tx.select().from(quizSubmissions).where(eq(quizSubmissions.quizId, ids.once)),
    );
    expect(left.map((r) => r.studentId)).toEqual([student2.user.id]);
    expect(await itemComplete(student.user.id, course.course.id, ids.once)).toBe(false);
    expect(await itemComplete(student2.user.id, course.course.id, ids.once)).toBe(true);
    expect((await start(student, ids.once)).attempt).toBe(1);
  });
});

describe("another site", () => {
  it("cannot read, start, answer, submit, evaluate or reset site A's quizzes (404, nothing changed)", async () => {
    const open = await start(student2, ids.timed);
    const rowBefore = (
      await withPlatform(t.database.db, (tx) =>
        tx.select().from(quizSubmissions).where(eq(quizSubmissions.id, open.id)),
      )
    )[0];
    const countBefore = await countRows(t, quizSubmissions);
    const asB = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      api(outsider.cookie, B.site.slug, path, init);
    const ownerB = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      api(B.ownerCookie, B.site.slug, path, init);
    await expectError(
      await asB(`/quizzes/${ids.auto}/attempts`, { json: { courseId: course.course.id } }),
      404,
      "not_found",
    );
    await expectError(await asB(`/quiz-attempts/${open.id}`), 404, "not_found");
    await expectError(
      await asB(`/quiz-attempts/${open.id}/answers`, { method: "PUT", json: { answers: { q1: 0 } } }),
      404,
      "not_found",
    );
    await expectError(
      await asB(`/quiz-attempts/${open.id}/submit`, { json: { answers: { q1: 0 } } }),
      404,
      "not_found",
    );
    await expectError(await ownerB(`/quizzes/${ids.timed}/submissions`), 404, "not_found");
    await expectError(await ownerB(`/quiz-submissions/${open.id}`), 404, "not_found");
    await expectError(await ownerB(`/quiz-submissions/${open.id}/evaluate`, { json: { marks: {} } }), 404, "not_found");
    await expectError(
      await ownerB(`/quizzes/${ids.timed}/reset`, { json: { studentId: student2.user.id } }),
      404,
      "not_found",
    );
    await expectError(await ownerB(`/members/${student.user.id}/assigned-quizzes`), 404, "not_found");
    await expectError(
      await ownerB(`/members/${student.user.id}/assigned-quizzes`, { json: { quizId: ids.assigned } }),
      404,
      "not_found",
    );
    const rowAfter = (
      await withPlatform(t.database.db, (tx) =>
        tx.select().from(quizSubmissions).where(eq(quizSubmissions.id, open.id)),
      )
    )[0];
    expect(rowAfter).toEqual(rowBefore);
    expect(await countRows(t, quizSubmissions)).toBe(countBefore);
  });
});

describe("the API document", () => {
  it("lists the assessment endpoints with their methods", async () => {
    const doc = await body(await t.request(A.site.slug, "/api/v1/openapi.json"));
    expect(doc.paths["/quizzes/{id}/attempts"]).toHaveProperty("post");
    expect(doc.paths["/quiz-attempts/{id}/answers"]).toHaveProperty("put");
    expect(doc.paths["/members/{userId}/assigned-quizzes/{quizId}"]).toHaveProperty("delete");
    expect(doc.paths["/assignments/{id}/submission"]).toHaveProperty("post");
    expect(Object.keys(doc.paths["/assignments/{id}/submission"].post.requestBody.content)).toEqual([
      "multipart/form-data",
    ]);
  });
});
