// Quiz questions from a unit (feature aiques): the instructor of a quiz asks for questions of some
// types from a unit of the same course and gets valid questions of those types, the quiz untouched;
// refusals for a plan without the feature, an allowance used up, another site's quiz, a unit of
// another course and someone who may not edit the quiz; a provider that is down writes and counts
// nothing.
// First, as in the server: the route schemas the API names for OpenAPI need zod extended before they load.
import "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZQuestion } from "../../core/course-schemas";
import { PLAN_IDS } from "../../core/plans";
import type { Question } from "../../core/quiz";
import { type AiProvider, aiProviderFor, localProvider } from "../../server/ai";
import { aiTasks as aiTasksTable } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { aiTasks } from "../../server/modules/ai";
import type { SiteAccount } from "../../server/modules/accounts";
import { storageFor } from "../../server/modules/storage";
import { usage } from "../../server/modules/usage";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

const TEXT =
  "<h2>How plants eat</h2><p>Photosynthesis turns light into chemical energy. Plants take in carbon dioxide " +
  "through their leaves.</p><p>Water rises from the roots to the leaves. Oxygen leaves the plant as a " +
  "by-product.</p><ul><li>Chlorophyll gives leaves their green colour.</li></ul>";
const EXISTING: Question[] = [{ id: "q1", type: "truefalse", prompt: "Plants need light", marks: 1, answer: true }];

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
type Person = Awaited<ReturnType<typeof memberOf>>;
let teacher: Person;
let otherTeacher: Person;
let student: Person;
const ids: Record<string, string> = {};

const startTask = (cookie: string, site: SiteAccount, input: Record<string, unknown>) =>
  t.request(site.slug, "/api/v1/ai/tasks", { cookie, json: { kind: "quiz-questions", input } });

async function finished(cookie: string, site: SiteAccount, id: string) {
  for (let i = 0; i < 300; i++) {
    const task = await body(await t.request(site.slug, `/api/v1/ai/tasks/${id}`, { cookie }));
    if (task.status === "done" || task.status === "failed") return task;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("the task did not finish");
}

const quizQuestions = async (cookie: string, site: SiteAccount, quizId: string) =>
  (await body(await t.request(site.slug, `/api/v1/quizzes/${quizId}`, { cookie }))).questions as Question[];
const tokensUsed = async (site: SiteAccount) =>
  (await usage.summary(t.database.db, site)).meters.find((m) => m.key === "aitokens")?.used ?? 0;
const tasksOf = (site: SiteAccount) => countRows(t, aiTasksTable, eq(aiTasksTable.accountId, site.accountId));

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "aiq-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "aiq-b", { plan: PLAN_IDS.starter });
  teacher = await memberOf(t, A.site, "instructor", "teacher");
  otherTeacher = await memberOf(t, A.site, "instructor", "other-teacher");
  student = await memberOf(t, A.site, "student", "student");
  const course = await buildCourse(t.database.db, A.site, teacher.user, {
    title: "Botany",
    curriculum: [
      { unit: "How plants eat", content: TEXT },
      { unit: "Empty page", content: "<p>Soon.</p>" },
      { quiz: "Check", questions: EXISTING },
    ],
  });
  [ids.unit, ids.empty, ids.quiz] = course.itemIds;
  const other = await buildCourse(t.database.db, A.site, teacher.user, {
    title: "Zoology",
    curriculum: [{ unit: "Animals", content: TEXT }],
  });
  [ids.otherUnit] = other.itemIds;
  const onB = await buildCourse(t.database.db, B.site, B.owner, {
    title: "Elsewhere",
    curriculum: [{ unit: "Their unit", content: TEXT }, { quiz: "Their quiz" }],
  });
  [ids.bUnit, ids.bQuiz] = onB.itemIds;
});
afterAll(async () => {
  await t?.close();
});

describe("questions from a unit", () => {
  it("gives valid questions of the asked types, in their order, counts the tokens and leaves the quiz as it was", async () => {
    const before = await tokensUsed(A.site);
    const res = await startTask(teacher.cookie, A.site, {
      quizId: ids.quiz,
      unitId: ids.unit,
      count: 3,
      types: ["matching", "single", "fillblank"],
      language: "en",
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const task = await finished(teacher.cookie, A.site, (await body(res)).id);
    expect(task.status, task.error).toBe("done");
    const questions = task.result.questions as Question[];
    expect(questions.map((q) => q.type)).toEqual(["single", "fillblank", "matching"]);
    for (const q of questions) {
      expect(ZQuestion.safeParse(q).success, JSON.stringify(q)).toBe(true);
      expect(q.marks).toBeGreaterThan(0);
    }
    expect(new Set(questions.map((q) => q.id)).size).toBe(3);
    // Written from the unit's words, not its markup.
    expect(JSON.stringify(questions)).not.toContain("<p>");
    const fill = questions.find((q) => q.type === "fillblank") as Extract<Question, { type: "fillblank" }>;
    expect(TEXT.toLowerCase()).toContain(fill.answer[0].toLowerCase());

    expect(await quizQuestions(teacher.cookie, A.site, ids.quiz)).toEqual(EXISTING);
    expect(await tokensUsed(A.site)).toBeGreaterThan(before);

    // The quiz's own save takes them as they are.
    const saved = await t.request(A.site.slug, `/api/v1/quizzes/${ids.quiz}`, {
      cookie: teacher.cookie,
      method: "PATCH",
      json: { questions: [...EXISTING, ...questions] },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await quizQuestions(teacher.cookie, A.site, ids.quiz)).map((q) => q.id)).toEqual([
      "q1",
      ...questions.map((q) => q.id),
    ]);
    await t.request(A.site.slug, `/api/v1/quizzes/${ids.quiz}`, {
      cookie: teacher.cookie,
      method: "PATCH",
      json: { questions: EXISTING },
    });
  });

  it("without types asks for every type, five questions by default; a site manager may ask too", async () => {
    const res = await startTask(A.ownerCookie, A.site, { quizId: ids.quiz, unitId: ids.unit });
    expect(res.status, await res.clone().text()).toBe(202);
    const task = await finished(A.ownerCookie, A.site, (await body(res)).id);
    expect(task.status, task.error).toBe("done");
    expect(task.result.questions.map((q: Question) => q.type)).toEqual([
      "single",
      "multiple",
      "truefalse",
      "fillblank",
      "matching",
    ]);
  });

  it("refuses what is not a question request", async () => {
    const base = { quizId: ids.quiz, unitId: ids.unit };
    for (const bad of [
      { ...base, count: 11 },
      { ...base, count: 0 },
      { ...base, types: [] },
      { ...base, types: ["poem"] },
      { ...base, language: "<b>" },
      { quizId: ids.quiz },
    ]) {
      await expectError(await startTask(teacher.cookie, A.site, bad), 422, "validation_failed");
    }
    const empty = await expectError(
      await startTask(teacher.cookie, A.site, { ...base, unitId: ids.empty }),
      422,
      "validation_failed",
    );
    expect(empty.message).toMatch(/too little text/);
    expect(empty.details).toEqual([{ field: "unitId", message: empty.message, reason: "unit_no_text", values: {} }]);
  });
});

describe("refusals", () => {
  it("a plan without aiques is refused with plan_required, and nothing is stored", async () => {
    const C = await siteWithOwner(t, "aiq-none", { plan: null });
    const c = await buildCourse(t.database.db, C.site, C.owner, {
      title: "Free",
      curriculum: [{ unit: "U", content: TEXT }, { quiz: "Q" }],
    });
    const res = await startTask(C.ownerCookie, C.site, { quizId: c.itemIds[1], unitId: c.itemIds[0] });
    await expectError(res, 403, "plan_required");
    expect(await tasksOf(C.site)).toBe(0);
  });

  it("a site at its monthly allowance of AI tokens is refused with plan_limit", async () => {
    const D = await siteWithOwner(t, "aiq-full", { plan: PLAN_IDS.starter });
    const d = await buildCourse(t.database.db, D.site, D.owner, {
      title: "Full",
      curriculum: [{ unit: "U", content: TEXT }, { quiz: "Q" }],
    });
    await withTenant(t.database.db, D.site.accountId, (tx) =>
      usage.use(tx, D.site, "aitokens", 1000, { enforce: false }),
    );
    await expectError(
      await startTask(D.ownerCookie, D.site, { quizId: d.itemIds[1], unitId: d.itemIds[0] }),
      403,
      "plan_limit",
    );
    expect(await tasksOf(D.site)).toBe(0);
  });

  it("another site's quiz or unit, a unit of another course and someone who may not edit the quiz get 404", async () => {
    const before = await tasksOf(A.site);
    const cases: [Person | SiteWithOwner, Record<string, string>][] = [
      [teacher, { quizId: ids.bQuiz, unitId: ids.bUnit }],
      [teacher, { quizId: ids.quiz, unitId: ids.bUnit }],
      [teacher, { quizId: ids.bQuiz, unitId: ids.unit }],
      [teacher, { quizId: ids.quiz, unitId: ids.otherUnit }],
      [A, { quizId: ids.quiz, unitId: ids.otherUnit }],
      [teacher, { quizId: ids.quiz, unitId: ids.quiz }],
      [otherTeacher, { quizId: ids.quiz, unitId: ids.unit }],
      [student, { quizId: ids.quiz, unitId: ids.unit }],
    ];
    for (const [who, input] of cases) {
      const cookie = "cookie" in who ? who.cookie : who.ownerCookie;
      await expectError(await startTask(cookie, A.site, input), 404, "not_found");
    }
    expect(await tasksOf(A.site)).toBe(before);
  });
});

describe("a provider that is down", () => {
  it("fails the task with a message to read, and leaves the quiz and the meter as they were", async () => {
    const { cfg } = t.platform;
    aiTasks.configure(t.database.db, localProvider({ failWith: "upstream 503" }), storageFor(cfg));
    try {
      const before = await tokensUsed(A.site);
      const res = await startTask(teacher.cookie, A.site, { quizId: ids.quiz, unitId: ids.unit, count: 2 });
      expect(res.status, await res.clone().text()).toBe(202);
      const task = await finished(teacher.cookie, A.site, (await body(res)).id);
      expect(task.status).toBe("failed");
      expect(task.result).toBeNull();
      expect(task.error).toMatch(/Nothing was changed/);
      expect(task.error).not.toContain("upstream");
      expect(task).toMatchObject({ errorReason: "provider_failed", errorValues: {} });
      expect(await quizQuestions(teacher.cookie, A.site, ids.quiz)).toEqual(EXISTING);
      expect(await tokensUsed(A.site)).toBe(before);
    } finally {
      aiTasks.configure(t.database.db, aiProviderFor(cfg), storageFor(cfg));
    }
  });
});

describe("an answer with no usable question", () => {
  it("fails the task with no_questions and leaves the quiz as it was", async () => {
    const { cfg } = t.platform;
    const chatty: AiProvider = {
      ...localProvider(),
      async generate() {
        return {
          text: JSON.stringify({ questions: [{ type: "poem" }] }),
          inputTokens: 40,
          outputTokens: 9,
          model: "x",
        };
      },
    };
    aiTasks.configure(t.database.db, chatty, storageFor(cfg));
    try {
      const res = await startTask(teacher.cookie, A.site, { quizId: ids.quiz, unitId: ids.unit, count: 2 });
      expect(res.status, await res.clone().text()).toBe(202);
      const task = await finished(teacher.cookie, A.site, (await body(res)).id);
      expect(task).toMatchObject({ status: "failed", result: null, errorReason: "no_questions", errorValues: {} });
      expect(task.error).toMatch(/held no usable question/);
      expect(await quizQuestions(teacher.cookie, A.site, ids.quiz)).toEqual(EXISTING);
    } finally {
      aiTasks.configure(t.database.db, aiProviderFor(cfg), storageFor(cfg));
    }
  });
});
