// Who may take and who may evaluate a quiz or an assignment. Every lookup names the account, so
// another site's ids are simply not found. A student reaches a quiz through a course they are
// enrolled in (progress.openItem checks expiry, lock and drip) or because it was assigned to them.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { isExpired } from "../../../core/course-duration";
import { hasCap } from "../../../core/roles";
import type { Tx } from "../../db/client";
import {
  assignments,
  courseAuthor,
  courseMeta,
  courseStudents,
  courses,
  memberMeta,
  members,
  quizzes,
} from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { LearningCtx } from "../courses";
import { isUuid, META_CURRICULUM } from "../courses";
import { type Emitted, lockEnrolment, openItem, setItemComplete } from "../enrolment";
import { events } from "../events";

export const ASSIGNED_QUIZ = "assigned_quiz";

export type QuizRow = typeof quizzes.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;

/** Runs a change in the tenant's transaction and hands its events on after the commit. */
export const inTenant = <T>(ctx: LearningCtx, fn: (tx: Tx, out: Emitted) => Promise<T>): Promise<T> =>
  events.transaction(ctx.db, ctx.accountId, fn);

export async function loadQuiz(tx: Tx, accountId: string, id: string): Promise<QuizRow> {
  if (!isUuid(id)) throw notFound("Quiz");
  const [row] = await tx
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.accountId, accountId), eq(quizzes.id, id)));
  if (!row) throw notFound("Quiz");
  return row;
}

export async function loadAssignment(tx: Tx, accountId: string, id: string): Promise<AssignmentRow> {
  if (!isUuid(id)) throw notFound("Assignment");
  const [row] = await tx
    .select()
    .from(assignments)
    .where(and(eq(assignments.accountId, accountId), eq(assignments.id, id)));
  if (!row) throw notFound("Assignment");
  return row;
}

export async function isAssigned(tx: Tx, accountId: string, userId: string, quizId: string) {
  const [row] = await tx
    .select({ id: memberMeta.id })
    .from(memberMeta)
    .where(
      and(
        eq(memberMeta.accountId, accountId),
        eq(memberMeta.userId, userId),
        eq(memberMeta.metaKey, ASSIGNED_QUIZ),
        sql`${memberMeta.metaValue} = to_jsonb(${quizId}::text)`,
      ),
    );
  return Boolean(row);
}

/**
 * Opens an item for the acting student: inside a course through openItem (records the start),
 * otherwise only a quiz assigned to them. Anything else is not found.
 */
export async function openForStudent(
  tx: Tx,
  ctx: LearningCtx,
  input: { itemId: string; courseId?: string | null; assignable: boolean; now: Date },
  out: Emitted,
) {
  if (input.courseId) {
    if (!isUuid(input.courseId)) throw notFound("Course");
    await openItem(
      tx,
      ctx.accountId,
      { courseId: input.courseId, studentId: ctx.userId, itemId: input.itemId, now: input.now },
      out,
    );
    return;
  }
  if (input.assignable && (await isAssigned(tx, ctx.accountId, ctx.userId, input.itemId))) return;
  throw notFound(input.assignable ? "Quiz" : "Assignment");
}

const isManagerCtx = (ctx: LearningCtx) => hasCap(ctx.caps, "manage_options");

/** The ids of this site's courses whose curriculum lists the item. */
export async function coursesListing(tx: Tx, accountId: string, itemId: string): Promise<string[]> {
  const rows = await tx
    .select({ courseId: courseMeta.courseId })
    .from(courseMeta)
    .where(
      and(
        eq(courseMeta.accountId, accountId),
        eq(courseMeta.metaKey, META_CURRICULUM),
        sql`${courseMeta.metaValue} @> ${JSON.stringify([{ id: itemId }])}::jsonb`,
      ),
    );
  return rows.map((r) => r.courseId);
}

/** Courses the member teaches (author or co-author). */
export async function taughtCourses(tx: Tx, accountId: string, userId: string): Promise<Set<string>> {
  const authored = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.authorId, userId)));
  const coAuthored = await tx
    .select({ id: courseAuthor.courseId })
    .from(courseAuthor)
    .where(and(eq(courseAuthor.accountId, accountId), eq(courseAuthor.authorId, userId)));
  return new Set([...authored, ...coAuthored].map((r) => r.id));
}

/**
 * What an evaluator may see of an item's submissions: everything (managers; the author for
 * submissions outside a course), or only those of the courses they teach. Needs manage_submissions.
 */
export type EvaluatorScope = { all: boolean; authored: boolean; courseIds: Set<string> };

export async function evaluatorScope(
  tx: Tx,
  ctx: LearningCtx,
  item: { id: string; authorId: string },
): Promise<EvaluatorScope> {
  if (!hasCap(ctx.caps, "manage_submissions") && !isManagerCtx(ctx)) {
    throw new AppError("forbidden", "This needs the manage_submissions capability on this site");
  }
  if (isManagerCtx(ctx)) return { all: true, authored: true, courseIds: new Set() };
  const taught = await taughtCourses(tx, ctx.accountId, ctx.userId);
  const listing = await coursesListing(tx, ctx.accountId, item.id);
  const courseIds = new Set(listing.filter((id) => taught.has(id)));
  const authored = item.authorId === ctx.userId;
  if (!authored && courseIds.size === 0) {
    throw new AppError("forbidden", "Only the instructors of its course evaluate this");
  }
  return { all: false, authored, courseIds };
}

/** Whether a submission (taken in courseId, or outside any course) is inside the scope. */
export const inScope = (scope: EvaluatorScope, courseId: string | null) =>
  scope.all || (courseId ? scope.courseIds.has(courseId) : scope.authored);

export function requireInScope(scope: EvaluatorScope, courseId: string | null) {
  if (!inScope(scope, courseId)) throw new AppError("forbidden", "Only the instructors of its course evaluate this");
}

/** Display names of members by users id. */
export async function memberNames(tx: Tx, accountId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: members.userId, name: members.name })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(members.userId, userIds)));
  return new Map(rows.map((r) => [r.userId as string, r.name]));
}

/** 404 unless the user is a member of this site. */
export async function requireMember(tx: Tx, accountId: string, userId: string) {
  const [row] = await tx
    .select({ name: members.name })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
  if (!row) throw notFound("Member");
  return row;
}

/** Instructors and managers may assign quizzes and see anyone's. */
export const canAssignQuizzes = (ctx: LearningCtx) =>
  isManagerCtx(ctx) || hasCap(ctx.caps, "create_courses") || hasCap(ctx.caps, "manage_submissions");

/**
 * Completes or un-completes the course item after an instructor's evaluation or reset. An
 * enrolment that is gone or expired is left alone: the evaluation itself still counts.
 */
export async function syncItemCompletion(
  tx: Tx,
  accountId: string,
  input: { courseId: string | null; studentId: string; itemId: string; complete: boolean; now: Date },
  out: Emitted,
) {
  if (!input.courseId) return;
  const enrolment = await lockEnrolment(tx, accountId, input.courseId, input.studentId);
  if (!enrolment || isExpired(enrolment.expiry.getTime(), input.now.getTime())) return;
  await setItemComplete(tx, accountId, { ...input, courseId: input.courseId }, out);
}

/**
 * Locks the enrolment a submission belongs to (when it was made in a course). Every change to a
 * student's submissions takes this lock first and the submission row second, the same order the
 * course player and the instructor's reset use, so concurrent hand-ins, marks and resets queue
 * rather than overwrite each other or deadlock.
 */
export async function lockCourseOf(tx: Tx, accountId: string, courseId: string | null, studentId: string) {
  if (courseId) await lockEnrolment(tx, accountId, courseId, studentId);
}

/** A lock on a name until the transaction ends, for a write whose row may not exist yet. */
const lockName = (tx: Tx, name: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);

/**
 * Serialises the starts of one student's attempts at one quiz (in a course or assigned), so two
 * starts at once number one attempt, not two.
 */
export const lockAttempts = (tx: Tx, accountId: string, quizId: string, studentId: string) =>
  lockName(tx, `quiz-attempts:${accountId}:${quizId}:${studentId}`);

/** Serialises assigning one quiz to one member, so assigning it twice at once leaves one assignment. */
export const lockAssignment = (tx: Tx, accountId: string, quizId: string, userId: string) =>
  lockName(tx, `assigned-quiz:${accountId}:${quizId}:${userId}`);

/**
 * The course a student takes an item in when a link does not say (an older notification or e-mail):
 * the course they are enrolled in whose curriculum lists it, the one they worked in last. Null when
 * there is none.
 */
export function courseOfItem(ctx: LearningCtx, itemId: string): Promise<string | null> {
  if (!isUuid(itemId)) return Promise.resolve(null);
  return inTenant(ctx, async (tx) => {
    const [row] = await tx
      .select({ courseId: courseStudents.courseId })
      .from(courseStudents)
      .innerJoin(
        courseMeta,
        and(
          eq(courseMeta.accountId, courseStudents.accountId),
          eq(courseMeta.courseId, courseStudents.courseId),
          eq(courseMeta.metaKey, META_CURRICULUM),
        ),
      )
      .where(
        and(
          eq(courseStudents.accountId, ctx.accountId),
          eq(courseStudents.studentId, ctx.userId),
          sql`${courseMeta.metaValue} @> ${JSON.stringify([{ id: itemId }])}::jsonb`,
        ),
      )
      .orderBy(desc(courseStudents.updatedAt))
      .limit(1);
    return row?.courseId ?? null;
  });
}
