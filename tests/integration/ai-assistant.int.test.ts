// The course assistant (feature "ai"): drafts of a course's description and outline and of a
// unit's text, through POST /api/v1/ai/tasks and read back with GET /api/v1/ai/tasks/:id. A draft
// writes nothing; only the course editor's save does (the curriculum save creates the units, with
// their summaries as their first text). Refusals: no provider, no feature, the month's allowance
// used, another site's or someone else's course, someone else's task.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { aiProviderFor, localProvider } from "../../server/ai";
import type { AiProvider } from "../../server/ai";
import { courses, units, usageMeters } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { aiTasks } from "../../server/modules/ai";
import { storageFor } from "../../server/modules/storage";
import { periodOf } from "../../server/modules/usage/service";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let teacher: { cookie: string; user: { id: string } };
let courseId: string;

type Init = RequestInit & { json?: unknown };
const api = (S: SiteWithOwner, cookie: string, path: string, init: Init = {}) =>
  t.request(S.site.slug, `/api/v1${path}`, { cookie, ...init });

const BRIEF = "Sourdough baking at home: feeding the starter, kneading dough, shaping loaves and scoring.";
const draftInput = (id: string, extra: Record<string, unknown> = {}) => ({
  courseId: id,
  title: "Sourdough at home",
  brief: BRIEF,
  language: "en",
  ...extra,
});
const start = (S: SiteWithOwner, cookie: string, kind: string, input: Record<string, unknown>) =>
  api(S, cookie, "/ai/tasks", { json: { kind, input } });

/** Follows a task to its end, as the screen does. */
async function finished(S: SiteWithOwner, cookie: string, id: string) {
  for (let i = 0; i < 300; i++) {
    const task = await body(await api(S, cookie, `/ai/tasks/${id}`));
    if (task.status === "done" || task.status === "failed") return task;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

async function meter(S: SiteWithOwner): Promise<number> {
  const rows = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ value: usageMeters.value })
      .from(usageMeters)
      .where(and(eq(usageMeters.accountId, S.site.accountId), eq(usageMeters.meter, "aitokens"))),
  );
  return rows.reduce((n, r) => n + Number(r.value), 0);
}

const courseRow = async (id: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(courses).where(eq(courses.id, id))))[0];
const curriculumOf = async (S: SiteWithOwner, cookie: string, id: string) =>
  (await body(await api(S, cookie, `/courses/${id}/curriculum`))).items;

/** Swaps the installation's provider for one test, then puts the configured one back. */
async function withProvider(provider: AiProvider | null, fn: () => Promise<void>) {
  const { cfg } = t.platform;
  aiTasks.configure(t.database.db, provider, storageFor(cfg));
  try {
    await fn();
  } finally {
    aiTasks.configure(t.database.db, aiProviderFor(cfg), storageFor(cfg));
  }
}

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "aia-a", { plan: PLAN_IDS.starter, features: { lms: true } });
  B = await siteWithOwner(t, "aia-b", { plan: PLAN_IDS.starter, features: { lms: true } });
  teacher = await memberOf(t, A.site, "instructor", "aia-teacher");
  const res = await api(A, teacher.cookie, "/courses", { json: { title: `Sourdough ${uid()}` } });
  expect(res.status, await res.clone().text()).toBe(201);
  courseId = (await body(res)).id;
});
afterAll(async () => {
  await t?.close();
});

describe("course drafts", () => {
  it("drafts a description in the template sections and an outline from the brief, writes nothing and counts the tokens", async () => {
    const before = await meter(A);
    const res = await start(A, teacher.cookie, "course-draft", draftInput(courseId));
    expect(res.status, await res.clone().text()).toBe(202);
    const task = await finished(A, teacher.cookie, (await body(res)).id);
    expect(task.status, task.error).toBe("done");
    const draft = task.result as { description: string; sections: { title: string; units: { title: string }[] }[] };
    expect(draft.description).toMatch(/^<h2>What you'll learn<\/h2><ul>/);
    expect(draft.description).toContain("<h2>Requirements</h2>");
    expect(draft.description).toContain("<h2>Description</h2>");
    expect(draft.sections.length).toBeGreaterThanOrEqual(3);
    expect(draft.sections.length).toBeLessThanOrEqual(12);
    expect(draft.sections[0].title.toLowerCase()).toContain("sourdough");
    for (const s of draft.sections) expect(s.units.length).toBeGreaterThan(0);
    // A draft only: the course and its curriculum are as they were; the month's use grew.
    expect((await courseRow(courseId)).description).toBe("");
    expect(await curriculumOf(A, teacher.cookie, courseId)).toEqual([]);
    expect(await meter(A)).toBeGreaterThan(before);
  });

  it("writes the template headings in the language asked for", async () => {
    const res = await start(A, teacher.cookie, "course-draft", draftInput(courseId, { language: "de" }));
    const task = await finished(A, teacher.cookie, (await body(res)).id);
    expect(task.result.description).toContain("<h2>Was du lernst</h2>");
  });

  it("refuses a brief over 2,000 characters and an unknown kind (422)", async () => {
    await expectError(
      await start(A, teacher.cookie, "course-draft", draftInput(courseId, { brief: "x".repeat(2001) })),
      422,
      "validation_failed",
    );
    await expectError(await start(A, teacher.cookie, "course-poem", { courseId }), 422, "validation_failed");
  });

  it("answers 404 for another site's course, a course the instructor does not teach, and to a student", async () => {
    const other = await body(await api(B, B.ownerCookie, "/courses", { json: { title: "B's course" } }));
    await expectError(await start(A, teacher.cookie, "course-draft", draftInput(other.id)), 404, "not_found");
    await expectError(await start(B, B.ownerCookie, "course-draft", draftInput(courseId)), 404, "not_found");
    const colleague = await memberOf(t, A.site, "instructor", "aia-colleague");
    await expectError(await start(A, colleague.cookie, "course-draft", draftInput(courseId)), 404, "not_found");
    const student = await memberOf(t, A.site, "student", "aia-student");
    await expectError(await start(A, student.cookie, "course-draft", draftInput(courseId)), 404, "not_found");
  });

  it("shows a task only to the person who asked and to the site's managers", async () => {
    const res = await start(A, teacher.cookie, "course-draft", draftInput(courseId));
    const { id } = await body(res);
    await finished(A, teacher.cookie, id);
    const colleague = await memberOf(t, A.site, "instructor", "aia-reader");
    await expectError(await api(A, colleague.cookie, `/ai/tasks/${id}`), 404, "not_found");
    await expectError(await api(B, B.ownerCookie, `/ai/tasks/${id}`), 404, "not_found");
    expect((await api(A, A.ownerCookie, `/ai/tasks/${id}`)).status).toBe(200);
  });
});

describe("refusals before any work", () => {
  it("a plan without the ai feature: 403 plan_required", async () => {
    const S = await siteWithOwner(t, "aia-noplan", { plan: null, features: { lms: true } });
    const c = await body(await api(S, S.ownerCookie, "/courses", { json: { title: "No plan" } }));
    await expectError(await start(S, S.ownerCookie, "course-draft", draftInput(c.id)), 403, "plan_required");
  });

  it("the month's AI allowance used up: 403 plan_limit", async () => {
    const S = await siteWithOwner(t, "aia-limit", { plan: PLAN_IDS.lifetime, features: { lms: true } });
    const c = await body(await api(S, S.ownerCookie, "/courses", { json: { title: "At the limit" } }));
    await withPlatform(t.database.db, (tx) =>
      tx.insert(usageMeters).values({ accountId: S.site.accountId, meter: "aitokens", period: periodOf(), value: 500 }),
    );
    await expectError(await start(S, S.ownerCookie, "course-draft", draftInput(c.id)), 403, "plan_limit");
    expect(await meter(S)).toBe(500);
  });

  it("no AI provider on the installation: 503 ai_unavailable", async () => {
    await withProvider(null, async () => {
      await expectError(await start(A, teacher.cookie, "course-draft", draftInput(courseId)), 503, "ai_unavailable");
    });
  });
});

describe("a provider that fails or answers nonsense", () => {
  it("fails the task with a message and leaves the course, its curriculum and the meter as they were", async () => {
    const before = await meter(A);
    await withProvider(localProvider({ failWith: "provider down" }), async () => {
      const res = await start(A, teacher.cookie, "course-draft", draftInput(courseId));
      expect(res.status).toBe(202);
      const task = await finished(A, teacher.cookie, (await body(res)).id);
      expect(task.status).toBe("failed");
      expect(task.error).toMatch(/Nothing was changed/);
      expect(task).toMatchObject({ errorReason: "provider_failed", errorValues: {} });
      expect(task.result).toBeNull();
    });
    expect((await courseRow(courseId)).description).toBe("");
    expect(await curriculumOf(A, teacher.cookie, courseId)).toEqual([]);
    expect(await meter(A)).toBe(before);
  });

  it("an answer with no outline in it fails the task, saying so", async () => {
    const chatty: AiProvider = {
      ...localProvider(),
      async generate() {
        return { text: "Sure! Here are some ideas for your course.", inputTokens: 50, outputTokens: 10, model: "x" };
      },
    };
    const before = await meter(A);
    await withProvider(chatty, async () => {
      const res = await start(A, teacher.cookie, "course-draft", draftInput(courseId));
      const task = await finished(A, teacher.cookie, (await body(res)).id);
      expect(task.status).toBe("failed");
      expect(task.error).toMatch(/could not be read as a course outline/);
      expect(task).toMatchObject({ errorReason: "outline_unreadable", errorValues: {} });
    });
    expect(await meter(A)).toBe(before);
  });

  it("an answer that is an object without sections fails with its own reason", async () => {
    const answers: AiProvider = {
      ...localProvider(),
      async generate() {
        return { text: JSON.stringify({ learn: ["Bread"] }), inputTokens: 50, outputTokens: 10, model: "x" };
      },
    };
    await withProvider(answers, async () => {
      const draft = await start(A, teacher.cookie, "course-draft", draftInput(courseId));
      const noOutline = await finished(A, teacher.cookie, (await body(draft)).id);
      expect(noOutline).toMatchObject({ status: "failed", errorReason: "outline_missing", errorValues: {} });
      expect(noOutline.error).toMatch(/had no outline of sections/);
    });
  });
});

describe("unit rewrites", () => {
  let unitId: string;
  const html =
    "<h2>Feeding</h2><p>We start with flour and water. Then we wait a day. Then we use it.</p><script>alert(1)</script>";

  beforeAll(async () => {
    const res = await api(A, teacher.cookie, "/units", { json: { title: "Feeding the starter", content: html } });
    expect(res.status, await res.clone().text()).toBe(201);
    unitId = (await body(res)).id;
  });

  it("shortens the text (really shorter, sanitised as unit content) and leaves the unit as it was", async () => {
    const res = await start(A, teacher.cookie, "unit-rewrite", { unitId, html, mode: "shorten", language: "en" });
    const task = await finished(A, teacher.cookie, (await body(res)).id);
    expect(task.status, task.error).toBe("done");
    expect(task.result.html).toBe("<h2>Feeding</h2><p>We start with flour and water.</p>");
    const [row] = await withPlatform(t.database.db, (tx) => tx.select().from(units).where(eq(units.id, unitId)));
    expect(row.content).toBe(
      "<h2>Feeding</h2><p>We start with flour and water. Then we wait a day. Then we use it.</p>",
    );
  });

  it("rewrites the text in other words", async () => {
    const res = await start(A, teacher.cookie, "unit-rewrite", { unitId, html, mode: "rewrite", language: "en" });
    const task = await finished(A, teacher.cookie, (await body(res)).id);
    expect(task.result.html).toContain("We begin with flour and water.");
    expect(task.result.html).not.toContain("script");
  });

  it("an empty rewrite fails the task with answer_empty", async () => {
    const blank: AiProvider = {
      ...localProvider(),
      async generate() {
        return { text: "<p> </p>", inputTokens: 50, outputTokens: 1, model: "x" };
      },
    };
    await withProvider(blank, async () => {
      const res = await start(A, teacher.cookie, "unit-rewrite", { unitId, html, mode: "rewrite", language: "en" });
      const task = await finished(A, teacher.cookie, (await body(res)).id);
      expect(task).toMatchObject({ status: "failed", errorReason: "answer_empty", errorValues: {} });
      expect(task.error).toMatch(/answer was empty/);
    });
  });

  it("refuses a text with nothing in it (422), and another site's unit or a student (404)", async () => {
    const empty = "<h2>What you'll learn</h2><p></p>";
    await expectError(
      await start(A, teacher.cookie, "unit-rewrite", { unitId, html: empty, mode: "rewrite", language: "en" }),
      422,
      "validation_failed",
    );
    const input = { unitId, html, mode: "rewrite", language: "en" };
    await expectError(await start(B, B.ownerCookie, "unit-rewrite", input), 404, "not_found");
    const student = await memberOf(t, A.site, "student", "aia-student2");
    await expectError(await start(A, student.cookie, "unit-rewrite", input), 404, "not_found");
  });
});

describe("accepting a draft through the curriculum save", () => {
  it("creates the new units with their summaries as their first text, sanitised, in one save", async () => {
    const items = [
      { post_type: "section", title: "Starter basics" },
      { post_type: "unit", title: "What a starter is", content: "<p>Flour, water, time.</p><script>x()</script>" },
      { post_type: "unit", title: "Feeding it" },
    ];
    const res = await api(A, teacher.cookie, `/courses/${courseId}/curriculum`, { method: "PUT", json: { items } });
    expect(res.status, await res.clone().text()).toBe(200);
    const stored = (await body(res)).items as { id?: string; title: string; post_type: string }[];
    expect(stored.map((i) => [i.post_type, i.title])).toEqual([
      ["section", "Starter basics"],
      ["unit", "What a starter is"],
      ["unit", "Feeding it"],
    ]);
    expect(stored.some((i) => "content" in i)).toBe(false);
    const [first] = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(units)
        .where(eq(units.id, stored[1].id as string)),
    );
    expect(first.content).toBe("<p>Flour, water, time.</p>");
  });

  it("refuses text on an item that already exists, and stores nothing", async () => {
    const list = await curriculumOf(A, teacher.cookie, courseId);
    const items = [...list, { post_type: "unit", title: "Extra" }];
    items[1] = { ...items[1], content: "<p>Overwrite</p>" };
    const res = await api(A, teacher.cookie, `/courses/${courseId}/curriculum`, { method: "PUT", json: { items } });
    const err = await expectError(res, 422, "validation_failed");
    expect(err.details).toEqual([{ field: "items.1.content", message: expect.any(String) }]);
    expect(await curriculumOf(A, teacher.cookie, courseId)).toEqual(list);
  });
});
