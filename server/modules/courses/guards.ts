// Who may author what (spec §4): managers (manage_options) edit every course and item; an instructor
// edits the courses they teach and the units, quizzes and assignments they wrote or that sit in a
// curriculum of a course they teach. Editing a curriculum also needs manage_curriculum. Rows are
// looked up with the account in the query first, so another site's id is a 404, never a 403.
import { and, eq, sql } from "drizzle-orm";
import { hasCap } from "../../../core/roles";
import type { Tx } from "../../db/client";
import { assignments, courseAuthor, courseMeta, courses, quizzes, units } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { LearningCtx } from "./context";
import { type CourseRecord, isUuid, loadCourse, META_CURRICULUM, teachesCourse } from "./read";

/** What the checks read of the acting member (no database handle: they run in the caller's transaction). */
export type EditorCtx = Pick<LearningCtx, "accountId" | "userId" | "caps">;

export const isCourseManager = (ctx: EditorCtx) => hasCap(ctx.caps, "manage_options");

/** The instructor area: create_courses or manage_options (the site feature is checked at the edge). */
export function assertInstructor(ctx: EditorCtx) {
  if (!(isCourseManager(ctx) || hasCap(ctx.caps, "create_courses"))) {
    throw new AppError("forbidden", "This needs the create_courses capability on this site");
  }
}

/** The course (404 when not this site's), if the member may edit it (else 403). */
export async function assertCourseEditor(tx: Tx, ctx: EditorCtx, courseId: string): Promise<CourseRecord> {
  assertInstructor(ctx);
  const record = await loadCourse(tx, ctx.accountId, courseId);
  if (!isCourseManager(ctx) && !(await teachesCourse(tx, ctx.accountId, courseId, ctx.userId))) {
    throw new AppError("forbidden", "Only the course's instructors and the site's managers can edit it");
  }
  return record;
}

export async function assertCurriculumEditor(tx: Tx, ctx: EditorCtx, courseId: string): Promise<CourseRecord> {
  const record = await assertCourseEditor(tx, ctx, courseId);
  if (!isCourseManager(ctx) && !hasCap(ctx.caps, "manage_curriculum")) {
    throw new AppError("forbidden", "This needs the manage_curriculum permission");
  }
  return record;
}

export const ITEM_TABLES = { unit: units, quiz: quizzes, assignments } as const;
export type ItemKind = keyof typeof ITEM_TABLES;

/** Whether one of the courses the member teaches lists this item in its curriculum. */
async function inTaughtCurriculum(tx: Tx, ctx: EditorCtx, itemId: string): Promise<boolean> {
  const taught = sql`(select ${courses.id} from ${courses} where ${courses.accountId} = ${ctx.accountId} and ${courses.authorId} = ${ctx.userId}
    union select ${courseAuthor.courseId} from ${courseAuthor} where ${courseAuthor.accountId} = ${ctx.accountId} and ${courseAuthor.authorId} = ${ctx.userId})`;
  const [row] = await tx
    .select({ courseId: courseMeta.courseId })
    .from(courseMeta)
    .where(
      and(
        eq(courseMeta.accountId, ctx.accountId),
        eq(courseMeta.metaKey, META_CURRICULUM),
        sql`${courseMeta.courseId} in ${taught}`,
        sql`${courseMeta.metaValue} @> ${JSON.stringify([{ id: itemId }])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The item's author id, after checking the member may edit it (404 for another site's id). */
export async function assertItemEditor(tx: Tx, ctx: EditorCtx, kind: ItemKind, id: string): Promise<void> {
  assertInstructor(ctx);
  if (!isUuid(id)) throw notFound("Item");
  const table = ITEM_TABLES[kind];
  const [row] = await tx
    .select({ authorId: table.authorId })
    .from(table)
    .where(and(eq(table.accountId, ctx.accountId), eq(table.id, id)));
  if (!row) throw notFound(kind === "unit" ? "Unit" : kind === "quiz" ? "Quiz" : "Assignment");
  if (isCourseManager(ctx) || row.authorId === ctx.userId) return;
  if (await inTaughtCurriculum(tx, ctx, id)) return;
  throw new AppError("forbidden", "Only its author, the course's instructors and the site's managers can edit this");
}
