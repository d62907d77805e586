// Assignments (spec §3 assignment_submissions; complete with status ≥ 3 and marks): text and file
// hand-ins (files checked like media uploads and counted as the site's files), replacing a hand-in
// until it is evaluated, evaluation with marks in range, reset of one student, and another site
// getting 404 with nothing changed.
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { assignmentSubmissions, courseStudents, media } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countFor, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
type Person = Awaited<ReturnType<typeof memberOf>>;
let teacher: Person;
let student: Person;
let student2: Person;
let outsider: Person;
let course: Awaited<ReturnType<typeof buildCourse>>;
let essayId: string;
let textOnlyId: string;
let filesOnlyId: string;
let untouchedId: string;

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();
function exeBytes(): Uint8Array {
  const bytes = new Uint8Array(1024);
  bytes.set([0x4d, 0x5a, 0x90, 0x00], 0);
  new DataView(bytes.buffer).setUint32(0x3c, 0x80, true);
  bytes.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return bytes;
}

const handIn = (
  p: Person,
  assignmentId: string,
  fields: { content?: string; files?: [string, Uint8Array][] },
  slug = A.site.slug,
) => {
  const f = new FormData();
  f.set("courseId", course.course.id);
  if (fields.content !== undefined) f.set("content", fields.content);
  for (const [name, bytes] of fields.files ?? []) f.append("files[]", new File([new Uint8Array(bytes)], name));
  return t.request(slug, `/api/v1/assignments/${assignmentId}/submission`, {
    method: "POST",
    body: f,
    cookie: p.cookie,
  });
};
const teach = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(A.site.slug, `/api/v1${path}`, { cookie: teacher.cookie, ...init });
const rowOf = async (studentId: string, assignmentId = essayId) =>
  (
    await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(assignmentSubmissions)
        .where(
          and(eq(assignmentSubmissions.studentId, studentId), eq(assignmentSubmissions.assignmentId, assignmentId)),
        ),
    )
  )[0];
const itemComplete = async (studentId: string, itemId: string) => {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(courseStudents)
      .where(and(eq(courseStudents.courseId, course.course.id), eq(courseStudents.studentId, studentId))),
  );
  return Boolean(row?.curriculumData.find((d) => d.id === itemId)?.complete);
};

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "asg-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "asg-b", { plan: PLAN_IDS.starter });
  teacher = await memberOf(t, A.site, "instructor", "teacher");
  student = await memberOf(t, A.site, "student", "student");
  student2 = await memberOf(t, A.site, "student", "student2");
  outsider = await memberOf(t, B.site, "student", "outsider");
  course = await buildCourse(t.database.db, A.site, teacher.user, {
    title: "Writing",
    curriculum: [
      { assignment: "Essay", settings: { maxMarks: 20, submissionType: "both" } },
      { assignment: "Text only", settings: { maxMarks: 10, submissionType: "text" } },
      { assignment: "Files only", settings: { maxMarks: 10, submissionType: "file" } },
      // Created as the builder does, the setting never touched: text-only, as its editor shows.
      { assignment: "Untouched", settings: {} },
    ],
  });
  [essayId, textOnlyId, filesOnlyId, untouchedId] = course.itemIds;
  for (const p of [student, student2]) await buildEnrolment(t.database.db, A.site, course.course.id, p.user.id);
});
afterAll(async () => {
  await t?.close();
});

describe("handing in", () => {
  it("takes text (sanitised) and replaces it until evaluated", async () => {
    const first = await handIn(student, essayId, { content: "<p>Draft <script>alert(1)</script></p>" });
    expect(first.status, await first.clone().text()).toBe(201);
    const saved = await body(first);
    expect(saved).toMatchObject({ status: 2, marks: null, complete: false });
    expect(saved.content).not.toContain("script");
    const second = await body(await handIn(student, essayId, { content: "<p>Final answer</p>" }));
    expect(second.id).toBe(saved.id);
    const mine = await body(
      await t.request(A.site.slug, `/api/v1/assignments/${essayId}/submission?courseId=${course.course.id}`, {
        cookie: student.cookie,
      }),
    );
    expect(mine.assignment).toMatchObject({ title: "Essay", maxMarks: 20 });
    expect(mine.submission.content).toContain("Final answer");
  });

  it("stores a PNG as one of the site's files and refuses a renamed program naming its type", async () => {
    const mediaBefore = await countFor(t, media, A.site.accountId);
    const ok = await handIn(student2, essayId, { files: [["diagram.png", await png()]] });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const saved = await body(ok);
    expect(saved.files).toEqual([expect.objectContaining({ name: "diagram.png", mime: "image/png" })]);
    expect(await countFor(t, media, A.site.accountId)).toBe(mediaBefore + 1);

    const bad = await expectError(
      await handIn(student2, essayId, { files: [["homework.pdf", exeBytes()]] }),
      415,
      "unsupported_media_type",
    );
    expect(JSON.stringify(bad)).toMatch(/exe|dosexec|msdownload|executable/i);
    expect((await rowOf(student2.user.id)).files).toEqual(saved.files);
    expect(await countFor(t, media, A.site.accountId)).toBe(mediaBefore + 1);
  });

  it("keeps a handed-in file private: only its student and the instructor read it", async () => {
    const bytes = await png();
    const saved = await body(await handIn(student, essayId, { files: [["private.png", bytes]] }));
    const [file] = saved.files as { mediaId: string; url: string }[];
    expect(file.url).toBe(`/api/v1/assignment-files/${file.mediaId}`);
    const read = (slug: string, cookie: string | undefined) => t.request(slug, file.url, { cookie });

    const mine = await read(A.site.slug, student.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(new Uint8Array(bytes));
    expect((await read(A.site.slug, teacher.cookie)).status).toBe(200);
    expect((await read(A.site.slug, A.ownerCookie)).status).toBe(200);
    // Another student, another site's member, and the public /media address: not found.
    expect((await read(A.site.slug, student2.cookie)).status).toBe(404);
    expect((await read(B.site.slug, outsider.cookie)).status).toBe(404);
    expect((await t.request(A.site.slug, `/media/${file.mediaId}/private.png`)).status).toBe(404);
    // Not in the media library either.
    const library = await body(await t.request(A.site.slug, "/api/v1/media?per_page=100", { cookie: A.ownerCookie }));
    expect(library.items.map((i: { id: string }) => i.id)).not.toContain(file.mediaId);
  });

  it("refuses files for a text-only assignment and an empty hand-in, naming the field", async () => {
    const files = await expectError(
      await handIn(student, textOnlyId, { content: "x", files: [["a.png", await png()]] }),
      422,
      "validation_failed",
    );
    expect(files.details).toEqual([{ field: "files", message: expect.any(String) }]);
    const empty = await expectError(await handIn(student, textOnlyId, { content: "  " }), 422, "validation_failed");
    expect(empty.details).toEqual([{ field: "content", message: expect.any(String) }]);
    expect(await rowOf(student.user.id, textOnlyId)).toBeUndefined();
  });

  it("refuses text for a file-only assignment and treats an untouched setting as text-only", async () => {
    const text = await expectError(
      await handIn(student, filesOnlyId, { content: "An essay", files: [["a.png", await png()]] }),
      422,
      "validation_failed",
    );
    expect(text.details).toEqual([{ field: "content", message: "This assignment takes files only" }]);
    expect(await rowOf(student.user.id, filesOnlyId)).toBeUndefined();

    const mine = await body(
      await t.request(A.site.slug, `/api/v1/assignments/${untouchedId}/submission?courseId=${course.course.id}`, {
        cookie: student.cookie,
      }),
    );
    expect(mine.assignment).toMatchObject({ submissionType: "text", maxMarks: 100 });
    const file = await expectError(
      await handIn(student, untouchedId, { content: "x", files: [["a.png", await png()]] }),
      422,
      "validation_failed",
    );
    expect(file.details).toEqual([{ field: "files", message: "This assignment takes text only" }]);
    expect(await rowOf(student.user.id, untouchedId)).toBeUndefined();
  });
});

describe("evaluating", () => {
  it("refuses marks over the maximum, then completes the item with marks", async () => {
    const row = await rowOf(student.user.id);
    const queue = await body(await teach(`/assignments/${essayId}/submissions?status=pending`));
    expect(queue.items.map((i: { studentId: string }) => i.studentId).sort()).toEqual(
      [student.user.id, student2.user.id].sort(),
    );

    const err = await expectError(
      await teach(`/assignment-submissions/${row.id}/evaluate`, { json: { marks: 21 } }),
      422,
      "validation_failed",
    );
    expect(err.details).toEqual([{ field: "marks", message: expect.any(String) }]);
    expect((await rowOf(student.user.id)).status).toBe(2);
    expect(await itemComplete(student.user.id, essayId)).toBe(false);

    const done = await body(
      await teach(`/assignment-submissions/${row.id}/evaluate`, { json: { marks: 15, feedback: "Well argued" } }),
    );
    expect(done).toMatchObject({ status: 3, marks: 15, feedback: "Well argued", complete: true });
    expect(await itemComplete(student.user.id, essayId)).toBe(true);
    await expectError(await handIn(student, essayId, { content: "late change" }), 409, "conflict");
  });

  it("still counts when the student's enrolment has expired since handing in", async () => {
    const row = await rowOf(student2.user.id);
    const past = new Date(Date.now() - 60_000);
    const enrolled = and(eq(courseStudents.courseId, course.course.id), eq(courseStudents.studentId, student2.user.id));
    await withPlatform(t.database.db, (tx) => tx.update(courseStudents).set({ expiry: past }).where(enrolled));
    const done = await teach(`/assignment-submissions/${row.id}/evaluate`, { json: { marks: 12 } });
    expect(await body(done)).toMatchObject({ status: 3, marks: 12, complete: true });
    expect(await itemComplete(student2.user.id, essayId)).toBe(false);
    await withPlatform(t.database.db, (tx) =>
      tx
        .update(courseStudents)
        .set({ expiry: new Date(Date.now() + 86_400_000) })
        .where(enrolled),
    );
  });

  it("is not for students", async () => {
    await expectError(
      await t.request(A.site.slug, `/api/v1/assignments/${essayId}/submissions`, { cookie: student.cookie }),
      403,
      "forbidden",
    );
  });
});

describe("reset", () => {
  it("deletes only that student's hand-in and un-completes the item", async () => {
    const res = await teach(`/assignments/${essayId}/reset`, { json: { studentId: student.user.id } });
    expect(await body(res)).toEqual({ deleted: 1 });
    expect(await rowOf(student.user.id)).toBeUndefined();
    expect(await rowOf(student2.user.id)).toBeDefined();
    expect(await itemComplete(student.user.id, essayId)).toBe(false);
  });
});

describe("another site", () => {
  it("cannot read, hand in to, evaluate or reset site A's assignments (404, nothing changed)", async () => {
    const row = await rowOf(student2.user.id);
    const before = await countRows(t, assignmentSubmissions);
    const asB = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      t.request(B.site.slug, `/api/v1${path}`, { cookie: outsider.cookie, ...init });
    const ownerB = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      t.request(B.site.slug, `/api/v1${path}`, { cookie: B.ownerCookie, ...init });
    await expectError(await asB(`/assignments/${essayId}/submission?courseId=${course.course.id}`), 404, "not_found");
    await expectError(await handIn(outsider, essayId, { content: "mine" }, B.site.slug), 404, "not_found");
    await expectError(await ownerB(`/assignments/${essayId}/submissions`), 404, "not_found");
    await expectError(
      await ownerB(`/assignment-submissions/${row.id}/evaluate`, { json: { marks: 1 } }),
      404,
      "not_found",
    );
    await expectError(
      await ownerB(`/assignments/${essayId}/reset`, { json: { studentId: student2.user.id } }),
      404,
      "not_found",
    );
    expect(await rowOf(student2.user.id)).toEqual(row);
    expect(await countRows(t, assignmentSubmissions)).toBe(before);
  });
});
