// Course authoring (spec §3, §4, §7, §9): courses, curriculum, units, quizzes, assignments and
// course categories through the REST API and POST /api/upload/text. Another site's ids answer 404
// and change nothing; students and instructors who do not teach a course get 403.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseMeta, courses, quizzes, terms, units } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { pathMatcher } from "../../server/modules/page-cache/public-pages";
import { bus } from "../../server/realtime/bus";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "auth-a", { features: { lms: true } });
  B = await siteWithOwner(t, "auth-b", { features: { lms: true } });
});
afterAll(async () => {
  await t?.close();
});

type Init = RequestInit & { json?: unknown; cookie?: string };
const api = (S: SiteWithOwner, path: string, init: Init = {}) =>
  t.request(S.site.slug, `/api/v1${path}`, { cookie: S.ownerCookie, ...init });
const created = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(201);
  return body(res);
};
const newCourse = (S: SiteWithOwner, title = `Course ${uid()}`) =>
  api(S, "/courses", { json: { title } }).then(created);
const newUnit = (S: SiteWithOwner, json: Record<string, unknown> = {}) =>
  api(S, "/units", { json: { title: `Unit ${uid()}`, ...json } }).then(created);
const rowOf = async (id: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(courses).where(eq(courses.id, id))))[0];
const unitRow = async (id: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(units).where(eq(units.id, id))))[0];

describe("courses", () => {
  it("publishing drops the cached course list at /course and the course and category pages", async () => {
    const course = await newCourse(A);
    const seen: { accountId: string; paths?: string[] }[] = [];
    const listen = (m: unknown) => seen.push(m as { accountId: string; paths?: string[] });
    const stop = bus.on("page_cache", listen);
    try {
      const res = await api(A, `/courses/${course.id}`, { method: "PATCH", json: { status: "published" } });
      expect(res.status).toBe(200);
      await expect.poll(() => seen.filter((m) => m.accountId === A.site.accountId).length).toBeGreaterThan(0);
    } finally {
      stop();
    }
    const matchers = seen
      .filter((m) => m.accountId === A.site.accountId)
      .flatMap((m) => (m.paths ?? []).map(pathMatcher));
    for (const page of ["/course", `/course/${course.slug}`, "/course/category", "/course/category/art"]) {
      expect(
        matchers.some((m) => m(page)),
        page,
      ).toBe(true);
    }
  });

  it("creates a draft (its description still unwritten, for the editor's template), edits it and publishes it once", async () => {
    const course = await newCourse(A, "Watercolour Básics");
    expect(course).toMatchObject({ status: "draft", publishedAt: null, slug: "watercolour-basics" });
    // No headings are stored in any one language: the editor opens an empty description as the
    // §9 template in its author's language.
    expect(course.description).toBe("");
    expect(course.authors.map((a: { userId: string }) => a.userId)).toEqual([A.owner.id]);

    const again = await newCourse(A, "Watercolour Basics");
    expect(again.slug).toBe("watercolour-basics-2");

    const patched = await body(
      await api(A, `/courses/${course.id}`, {
        method: "PATCH",
        json: {
          description: '<p onclick="x()">Hi<script>alert(1)</script></p>',
          seats: 12,
          access: "private",
          courseDuration: { value: 3, parameter: 604800 },
          settings: { unitLock: true },
          certificate: { enabled: true, title: "Well done", body: "{{student}}" },
          status: "published",
        },
      }),
    );
    expect(patched).toMatchObject({
      status: "published",
      seats: 12,
      access: "private",
      courseDuration: { value: 3, parameter: 604800 },
      settings: { unitLock: true },
    });
    expect(patched.description).not.toContain("script");
    expect(patched.description).not.toContain("onclick");
    const firstPublished = patched.publishedAt;
    expect(firstPublished).toBeTruthy();
    await api(A, `/courses/${course.id}`, { method: "PATCH", json: { status: "draft" } });
    const republished = await body(
      await api(A, `/courses/${course.id}`, { method: "PATCH", json: { status: "published" } }),
    );
    expect(republished.publishedAt).toBe(firstPublished);
  });

  it("shows visitors only the template sections the author filled in, and describes the course from them", async () => {
    const course = await newCourse(A, `Glazing ${uid()}`);
    const template =
      "<h2>What you'll learn</h2><p>Mixing glazes.</p><p>Firing them.</p><h2>Requirements</h2><p></p><h2>Description</h2><p><br></p>";
    await api(A, `/courses/${course.id}`, { method: "PATCH", json: { description: template, status: "published" } });
    const page = await body(await t.request(A.site.slug, `/api/v1/catalog/courses/${course.slug}`));
    expect(page.description).toBe("<h2>What you'll learn</h2><p>Mixing glazes.</p><p>Firing them.</p>");
    expect(page.summary).toBe("What you'll learn Mixing glazes. Firing them.");
    // An untouched template shows nothing at all.
    await api(A, `/courses/${course.id}`, {
      method: "PATCH",
      json: { description: "<h2>What you'll learn</h2><p></p><h2>Requirements</h2><p></p>", excerpt: "Glazes" },
    });
    const empty = await body(await t.request(A.site.slug, `/api/v1/catalog/courses/${course.slug}`));
    expect(empty).toMatchObject({ description: "", summary: "Glazes" });
  });

  it("shows a duration stored in seconds as its largest whole unit", async () => {
    const course = await newCourse(A);
    const res = await body(
      await api(A, `/courses/${course.id}`, {
        method: "PATCH",
        json: { courseDuration: { value: 7200, parameter: 1 } },
      }),
    );
    expect(res.courseDuration).toEqual({ value: 2, parameter: 3600 });
    const cleared = await body(
      await api(A, `/courses/${course.id}`, { method: "PATCH", json: { courseDuration: null } }),
    );
    expect(cleared.courseDuration).toBeNull();
  });

  it("refuses a taken slug with 409 naming slug, and a bad slug or title with 422", async () => {
    const one = await newCourse(A);
    const two = await newCourse(A);
    const err = await expectError(
      await api(A, `/courses/${two.id}`, { method: "PATCH", json: { slug: one.slug } }),
      409,
      "conflict",
    );
    expect(err.details).toEqual([expect.objectContaining({ field: "slug" })]);
    await expectError(await api(A, "/courses", { json: { title: "x", slug: one.slug } }), 409, "conflict");
    const bad = await expectError(
      await api(A, `/courses/${two.id}`, { method: "PATCH", json: { slug: "Bad Slug" } }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(bad.details)).toContain("slug");
    await expectError(await api(A, "/courses", { json: { title: "" } }), 422, "validation_failed");
    expect((await rowOf(two.id)).slug).toBe(two.slug);
  });

  it("lets only instructors who teach a course (and managers) change it", async () => {
    const course = await newCourse(A);
    const student = await memberOf(t, A.site, "student");
    const teacher = await memberOf(t, A.site, "instructor");
    const admin = await memberOf(t, A.site, "admin");
    await expectError(await api(A, "/courses", { cookie: student.cookie }), 403, "forbidden");
    await expectError(
      await api(A, `/courses/${course.id}`, { cookie: teacher.cookie, method: "PATCH", json: { title: "Nope" } }),
      403,
      "forbidden",
    );
    expect((await rowOf(course.id)).title).toBe(course.title);
    const list = await body(await api(A, "/courses", { cookie: teacher.cookie }));
    expect(list.items.map((c: { id: string }) => c.id)).not.toContain(course.id);

    // A co-instructor may then edit it; the admin (manage_options) always may.
    await body(await api(A, `/courses/${course.id}/authors`, { json: { userId: teacher.user.id } }));
    const renamed = await body(
      await api(A, `/courses/${course.id}`, { cookie: teacher.cookie, method: "PATCH", json: { title: "Taught" } }),
    );
    expect(renamed.title).toBe("Taught");
    expect(
      (await body(await api(A, "/courses", { cookie: teacher.cookie }))).items.map((c: { id: string }) => c.id),
    ).toContain(course.id);
    const byAdmin = await api(A, `/courses/${course.id}`, {
      cookie: admin.cookie,
      method: "PATCH",
      json: { title: "By admin" },
    });
    expect(byAdmin.status).toBe(200);

    await expectError(
      await api(A, `/courses/${course.id}/authors`, { json: { userId: student.user.id } }),
      422,
      "validation_failed",
    );
    await body(await api(A, `/courses/${course.id}/authors/${teacher.user.id}`, { method: "DELETE" }));
    await expectError(await api(A, `/courses/${course.id}`, { cookie: teacher.cookie }), 403, "forbidden");
  });

  it("filters the list by status and words, with student counts", async () => {
    const word = `zebra${uid()}`;
    const c = await newCourse(A, `The ${word} course`);
    const res = await body(await api(A, `/courses?q=${word}&status=draft`));
    expect(res.items).toEqual([expect.objectContaining({ id: c.id, studentCount: 0, status: "draft" })]);
    expect((await body(await api(A, `/courses?q=${word}&status=published`))).items).toEqual([]);
  });

  it("deletes a course", async () => {
    const c = await newCourse(A);
    expect((await api(A, `/courses/${c.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await rowOf(c.id)).toBeUndefined();
  });
});

describe("curriculum", () => {
  it("stores the order with titles from the item rows, and rejects bad items naming them", async () => {
    const course = await newCourse(A);
    const unit = await newUnit(A);
    const quiz = await api(A, "/quizzes", { json: { title: "Check" } }).then(created);
    const task = await api(A, "/assignments", { json: { title: "Essay", settings: { maxMarks: 10 } } }).then(created);
    const items = [
      { post_type: "section", title: "Start" },
      { id: quiz.id, post_type: "quiz", title: "ignored" },
      { id: unit.id, post_type: "unit", title: "forged", preview: true, drip: { value: 1, parameter: 86400 } },
      { id: task.id, post_type: "assignments", title: "" },
    ];
    const saved = await body(await api(A, `/courses/${course.id}/curriculum`, { method: "PUT", json: { items } }));
    expect(saved.items).toEqual([
      { post_type: "section", title: "Start" },
      { id: quiz.id, post_type: "quiz", title: "Check" },
      { id: unit.id, post_type: "unit", title: unit.title, preview: true, drip: { value: 1, parameter: 86400 } },
      { id: task.id, post_type: "assignments", title: "Essay" },
    ]);
    expect((await body(await api(A, `/courses/${course.id}/curriculum`))).items).toEqual(saved.items);

    // Renaming an item renames it in the outline too.
    await api(A, `/quizzes/${quiz.id}`, { method: "PATCH", json: { title: "Check renamed" } });
    const renamed = (await body(await api(A, `/courses/${course.id}/curriculum`))).items;
    expect(renamed[1]).toEqual({ id: quiz.id, post_type: "quiz", title: "Check renamed" });
    saved.items[1].title = "Check renamed";

    const foreign = await newUnit(B);
    const cases: [unknown[], string][] = [
      [[{ id: crypto.randomUUID(), post_type: "unit", title: "x" }], "items.0.id"],
      [
        [
          { post_type: "section", title: "S" },
          { id: unit.id, post_type: "quiz", title: "x" },
        ],
        "items.1.id",
      ],
      [[{ id: foreign.id, post_type: "unit", title: "x" }], "items.0.id"],
      [
        [
          { id: unit.id, post_type: "unit" },
          { id: unit.id, post_type: "unit" },
        ],
        "items.1.id",
      ],
      [[{ post_type: "section", title: " " }], "items.0.title"],
      [[{ post_type: "section", title: "S", id: unit.id }], "items.0.id"],
    ];
    for (const [bad, field] of cases) {
      const err = await expectError(
        await api(A, `/courses/${course.id}/curriculum`, { method: "PUT", json: { items: bad } }),
        422,
        "validation_failed",
      );
      expect(err.details).toEqual([expect.objectContaining({ field })]);
    }
    expect((await body(await api(A, `/courses/${course.id}/curriculum`))).items).toEqual(saved.items);
  });

  it("creates new items with the list that names them, and nothing when the list is refused", async () => {
    const course = await newCourse(A);
    const quizList = async () =>
      (await body(await api(A, "/quizzes"))).items.map((q: { title: string }) => q.title) as string[];
    const tag = uid();
    const fresh = [
      { post_type: "section", title: "Week 1" },
      { post_type: "unit", title: `New unit ${tag}` },
      { post_type: "quiz", title: `New quiz ${tag}` },
      { post_type: "assignments", title: `New task ${tag}` },
    ];
    // A refused list (an unknown id further down) creates none of its new items.
    const refused = [...fresh, { id: crypto.randomUUID(), post_type: "unit", title: "x" }];
    await expectError(
      await api(A, `/courses/${course.id}/curriculum`, { method: "PUT", json: { items: refused } }),
      422,
      "validation_failed",
    );
    expect((await quizList()).filter((t) => t.includes(tag))).toEqual([]);
    expect((await body(await api(A, "/assignments"))).items.some((a: { title: string }) => a.title.includes(tag))).toBe(
      false,
    );
    await expectError(
      await api(A, `/courses/${course.id}/curriculum`, {
        method: "PUT",
        json: { items: [{ post_type: "quiz", title: "  " }] },
      }),
      422,
      "validation_failed",
    );

    const saved = (
      await body(await api(A, `/courses/${course.id}/curriculum`, { method: "PUT", json: { items: fresh } }))
    ).items;
    expect(saved.map((i: { post_type: string; title: string }) => [i.post_type, i.title])).toEqual(
      fresh.map((i) => [i.post_type, i.title]),
    );
    expect(saved.slice(1).every((i: { id?: string }) => typeof i.id === "string")).toBe(true);
    expect(await quizList()).toContain(`New quiz ${tag}`);
    expect((await body(await api(A, `/quizzes/${saved[2].id}`))).authorId).toBe(A.owner.id);
  });

  it("appends an item created from the builder and drops a deleted item from curricula", async () => {
    const course = await newCourse(A);
    const unit = await newUnit(A, { courseId: course.id });
    const list = (await body(await api(A, `/courses/${course.id}/curriculum`))).items;
    expect(list).toEqual([{ id: unit.id, post_type: "unit", title: unit.title }]);
    expect((await api(A, `/units/${unit.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await body(await api(A, `/courses/${course.id}/curriculum`))).items).toEqual([]);
  });

  it("needs manage_curriculum besides teaching the course", async () => {
    const student = await memberOf(t, A.site, "student");
    const course = await newCourse(A);
    await expectError(
      await api(A, `/courses/${course.id}/curriculum`, { cookie: student.cookie, method: "PUT", json: { items: [] } }),
      403,
      "forbidden",
    );
  });
});

describe("units, quizzes and assignments", () => {
  it("keeps unit content safe and only accepts YouTube/Vimeo embeds", async () => {
    const unit = await newUnit(A, {
      content: "<p>Hi</p><img src=x onerror=alert(1)>",
      video: { kind: "embed", url: "https://youtu.be/dQw4w9WgXcQ" },
    });
    expect(unit.content).not.toContain("onerror");
    expect(unit.video).toEqual({ kind: "embed", url: "https://youtu.be/dQw4w9WgXcQ" });
    const err = await expectError(
      await api(A, `/units/${unit.id}`, {
        method: "PATCH",
        json: { video: { kind: "embed", url: "https://evil.example/v" } },
      }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(err.details)).toContain("video");
    expect((await unitRow(unit.id)).video).toEqual({ kind: "embed", url: "https://youtu.be/dQw4w9WgXcQ" });
  });

  it("validates each question type and makes missing question ids", async () => {
    const quiz = await api(A, "/quizzes", { json: { title: "Q" } }).then(created);
    const good = [
      { type: "single", prompt: "2+2?", marks: 1, options: ["3", "4"], answer: 1 },
      { type: "multiple", prompt: "Evens", marks: 2, options: ["1", "2", "4"], answer: [1, 2] },
      { type: "truefalse", prompt: "Sky blue", marks: 1, answer: true },
      { type: "fillblank", prompt: "Capital of France", marks: 1, answer: ["Paris"] },
      { type: "matching", prompt: "Match", marks: 1, left: ["a", "b"], right: ["A", "B"] },
      { type: "sorting", prompt: "Order", marks: 1, items: ["1", "2"] },
      { type: "numeric", prompt: "Pi", marks: 1, answer: 3.14, tolerance: 0.01 },
      { type: "essay", prompt: "Why", marks: 5 },
    ];
    const saved = await body(
      await api(A, `/quizzes/${quiz.id}`, {
        method: "PATCH",
        json: { questions: good, settings: { passMark: 60, timeLimit: 600, attempts: 2, retake: true } },
      }),
    );
    expect(saved.questions).toHaveLength(8);
    expect(saved.questions.every((q: { id: string }) => typeof q.id === "string" && q.id.length > 0)).toBe(true);
    expect(saved.settings).toEqual({ passMark: 60, timeLimit: 600, attempts: 2, retake: true });

    const bad: [unknown, string][] = [
      [{ type: "single", prompt: "x", marks: 1, options: ["only"], answer: 0 }, "options"],
      [{ type: "single", prompt: "x", marks: 1, options: ["a", "b"], answer: 5 }, "answer"],
      [{ type: "fillblank", prompt: "x", marks: 1, answer: [] }, "answer"],
      [{ type: "matching", prompt: "x", marks: 1, left: ["a", "b"], right: ["A", "B", "C"] }, "right"],
      [{ type: "numeric", prompt: "x", marks: 1, answer: 1, tolerance: -1 }, "tolerance"],
      [{ type: "essay", prompt: "x", marks: 1.5 }, "marks"],
    ];
    for (const [q, field] of bad) {
      const err = await expectError(
        await api(A, `/quizzes/${quiz.id}`, { method: "PATCH", json: { questions: [q] } }),
        422,
        "validation_failed",
      );
      expect(err.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: `questions.0.${field}` })]));
    }
    await expectError(
      await api(A, `/quizzes/${quiz.id}`, { method: "PATCH", json: { settings: { timeLimit: 5 } } }),
      422,
      "validation_failed",
    );
    const row = (
      await withPlatform(t.database.db, (tx) => tx.select().from(quizzes).where(eq(quizzes.id, quiz.id)))
    )[0];
    expect(row.questions).toHaveLength(8);
  });

  it("keeps the instructor view (answers) away from students", async () => {
    const student = await memberOf(t, A.site, "student");
    const quiz = await api(A, "/quizzes", { json: { title: "Secret" } }).then(created);
    await expectError(await api(A, `/quizzes/${quiz.id}`, { cookie: student.cookie }), 403, "forbidden");
    await expectError(await api(A, "/units", { cookie: student.cookie }), 403, "forbidden");
  });

  it("validates assignment settings", async () => {
    const err = await expectError(
      await api(A, "/assignments", { json: { title: "T", settings: { maxMarks: 0 } } }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(err.details)).toContain("settings.maxMarks");
  });
});

describe("POST /api/upload/text", () => {
  const upload = (
    S: SiteWithOwner,
    path: string,
    text: string,
    accountId = S.site.accountId,
    cookie = S.ownerCookie,
  ) => {
    const form = new FormData();
    form.set("file", new Blob([text], { type: "text/plain" }), "x.txt");
    form.set("info", JSON.stringify({ path, account_id: accountId }));
    return t.request(S.site.slug, "/api/upload/text", { method: "POST", body: form, cookie });
  };

  it("sets the content of a unit, a quiz and an assignment", async () => {
    const unit = await newUnit(A);
    const quiz = await api(A, "/quizzes", { json: { title: "Q" } }).then(created);
    const task = await api(A, "/assignments", { json: { title: "A" } }).then(created);
    for (const [path, get] of [
      [`units/${unit.id}.txt`, `/units/${unit.id}`],
      [`quiz/${quiz.id}.txt`, `/quizzes/${quiz.id}`],
      [`assignments/${task.id}.txt`, `/assignments/${task.id}`],
    ]) {
      const res = await upload(A, path, "First line\n\nSecond <b>bold</b>");
      expect(res.status, await res.clone().text()).toBe(200);
      const out = await body(res);
      expect(out.data).toEqual({ path, id: path.split("/")[1].replace(".txt", ""), bytes: 30 });
      expect((await body(await api(A, get))).content).toBe("<p>First line</p><p>Second <b>bold</b></p>");
    }
  });

  it("names info.path for a bad path, answers 404 for another site's item or account, 413 over 1 MB", async () => {
    const unit = await newUnit(A, { content: "<p>Keep</p>" });
    const err = await expectError(await upload(A, `lessons/${unit.id}.txt`, "x"), 422, "validation_failed");
    expect(err.details).toEqual([expect.objectContaining({ field: "info.path" })]);
    await expectError(await upload(B, `units/${unit.id}.txt`, "hijack"), 404, "not_found");
    await expectError(await upload(A, `units/${unit.id}.txt`, "hijack", B.site.accountId), 404, "not_found");
    const big = await upload(A, `units/${unit.id}.txt`, "a".repeat(1024 * 1024 + 10));
    expect(big.status).toBe(413);
    expect((await unitRow(unit.id)).content).toBe("<p>Keep</p>");
  });
});

describe("course categories", () => {
  it("creates, renames, assigns and deletes; only managers manage them", async () => {
    const cat = await api(A, "/course-categories", { json: { name: "Art" } }).then(created);
    expect(cat.slug).toBe("art");
    await expectError(await api(A, "/course-categories", { json: { name: "Art" } }), 409, "conflict");
    const teacher = await memberOf(t, A.site, "instructor");
    await expectError(
      await api(A, "/course-categories", { cookie: teacher.cookie, json: { name: "X" } }),
      403,
      "forbidden",
    );
    const renamed = await body(
      await api(A, `/course-categories/${cat.id}`, { method: "PATCH", json: { name: "Fine art" } }),
    );
    expect(renamed.name).toBe("Fine art");
    const course = await api(A, "/courses", { json: { title: `C ${uid()}`, categoryIds: [cat.id] } }).then(created);
    expect(course.categories).toEqual([{ id: cat.id, name: "Fine art", slug: "art" }]);
    const listed = await body(await api(A, "/course-categories"));
    expect(listed.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: cat.id, courses: 1 })]));
    // Blog categories are a separate taxonomy.
    expect((await body(await api(A, "/categories"))).items.map((c: { id: string }) => c.id)).not.toContain(cat.id);
    expect((await api(A, `/course-categories/${cat.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await body(await api(A, `/courses/${course.id}`))).categories).toEqual([]);
  });
});

describe("another site's ids", () => {
  it("answer 404 for every resource and change nothing", async () => {
    const { course, itemIds } = await buildCourse(t.database.db, A.site, A.owner, {
      title: `Foreign ${uid()}`,
      curriculum: [{ unit: "U" }, { quiz: "Q" }, { assignment: "A" }],
    });
    const [unitId, quizId, taskId] = itemIds;
    const cat = await api(A, "/course-categories", { json: { name: `Cat ${uid()}` } }).then(created);
    const calls: [string, Init][] = [
      [`/courses/${course.id}`, {}],
      [`/courses/${course.id}`, { method: "PATCH", json: { title: "x" } }],
      [`/courses/${course.id}`, { method: "DELETE" }],
      [`/courses/${course.id}/curriculum`, {}],
      [`/courses/${course.id}/curriculum`, { method: "PUT", json: { items: [] } }],
      [`/courses/${course.id}/authors`, { json: { userId: B.owner.id } }],
      [`/courses/${course.id}/authors/${A.owner.id}`, { method: "DELETE" }],
      [`/units/${unitId}`, {}],
      [`/units/${unitId}`, { method: "PATCH", json: { title: "x" } }],
      [`/units/${unitId}`, { method: "DELETE" }],
      [`/quizzes/${quizId}`, {}],
      [`/quizzes/${quizId}`, { method: "PATCH", json: { title: "x" } }],
      [`/quizzes/${quizId}`, { method: "DELETE" }],
      [`/assignments/${taskId}`, {}],
      [`/assignments/${taskId}`, { method: "PATCH", json: { title: "x" } }],
      [`/assignments/${taskId}`, { method: "DELETE" }],
      [`/course-categories/${cat.id}`, { method: "PATCH", json: { name: "x" } }],
      [`/course-categories/${cat.id}`, { method: "DELETE" }],
      [`/units`, { json: { title: "x", courseId: course.id } }],
    ];
    for (const [path, init] of calls) {
      const res = await api(B, path, init);
      expect({ path, method: init.method ?? (init.json ? "POST" : "GET"), status: res.status }).toEqual({
        path,
        method: init.method ?? (init.json ? "POST" : "GET"),
        status: 404,
      });
    }
    expect((await rowOf(course.id)).title).toBe(course.title);
    expect((await unitRow(unitId)).title).toBe("U");
    const meta = await withPlatform(t.database.db, (tx) =>
      tx.select().from(courseMeta).where(eq(courseMeta.courseId, course.id)),
    );
    expect(meta.find((m) => m.metaKey === "curriculum")?.metaValue).toHaveLength(3);
    const term = await withPlatform(t.database.db, (tx) => tx.select().from(terms).where(eq(terms.id, cat.id)));
    expect(term[0].name).toBe(cat.name);
  });
});
