// Assignments: a student hands in text and/or files inside a course (replacing the previous
// hand-in until it is evaluated); instructors list, evaluate (marks 0..maxMarks) and reset. Files go
// through the media library's upload (type from the content, the site's storage limit), so they
// count toward the site's storage; a failed hand-in removes the files it uploaded.
import { and, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import { type HandInProblem, handInProblem, maxMarksOf, submissionTypeOf } from "../../../core/assignment-hand-in";
import { isAssignmentSubmissionComplete, SUBMISSION_STATUS } from "../../../core/quiz";
import type { Tx } from "../../db/client";
import { assignmentSubmissions, type SubmittedFile } from "../../db/schema";
import { AppError, fieldError, notFound } from "../../errors";
import type { LearningCtx } from "../courses";
import { isUuid } from "../courses";
import { events } from "../events";
import { sanitizeBasicHtml } from "../html";
import { type MediaSite, mediaLibrary } from "../media";
import type { StorageAdapter } from "../storage";
import {
  evaluatorScope,
  inScope,
  inTenant,
  loadAssignment,
  lockCourseOf,
  memberNames,
  openForStudent,
  requireInScope,
  syncItemCompletion,
} from "./access";

type SubmissionRow = typeof assignmentSubmissions.$inferSelect;
export type UploadedFile = { filename: string; bytes: Uint8Array };
export type QueueFilter = "pending" | "evaluated" | "all";

export const view = (r: SubmissionRow) => ({
  id: r.id,
  assignmentId: r.assignmentId,
  courseId: r.courseId,
  studentId: r.studentId,
  status: r.status,
  marks: r.marks,
  content: r.content,
  files: r.files,
  feedback: r.feedback,
  complete: isAssignmentSubmissionComplete(r),
  submittedAt: r.submittedAt.toISOString(),
  evaluatedAt: r.evaluatedAt?.toISOString() ?? null,
});

const ownWhere = (ctx: LearningCtx, assignmentId: string, studentId: string) =>
  and(
    eq(assignmentSubmissions.accountId, ctx.accountId),
    eq(assignmentSubmissions.assignmentId, assignmentId),
    eq(assignmentSubmissions.studentId, studentId),
  );

/** The acting student's hand-in, locked for a change (after lockCourseOf). */
async function ownRowLocked(tx: Tx, ctx: LearningCtx, assignmentId: string) {
  const [row] = await tx
    .select()
    .from(assignmentSubmissions)
    .where(ownWhere(ctx, assignmentId, ctx.userId))
    .for("update");
  return row ?? null;
}

async function removeFiles(ctx: LearningCtx, storage: StorageAdapter, files: SubmittedFile[]) {
  // Best effort after commit: a file already gone is not an error worth failing the request for.
  await Promise.all(files.map((f) => mediaLibrary.remove(ctx.db, storage, ctx.accountId, f.mediaId).catch(() => {})));
}

const handInMessage = (p: HandInProblem) =>
  p.reason === "textOnly"
    ? "This assignment takes text only"
    : p.reason === "filesOnly"
      ? "This assignment takes files only"
      : p.field === "files"
        ? "Add a file"
        : "Write your answer";

const assignmentInfo = (a: Awaited<ReturnType<typeof loadAssignment>>) => ({
  id: a.id,
  title: a.title,
  content: a.content,
  maxMarks: maxMarksOf(a.settings),
  submissionType: submissionTypeOf(a.settings),
});

export const assignmentSubmissionsService = {
  /** The assignment and the student's own hand-in (opening the item in the course). */
  mine(ctx: LearningCtx, assignmentId: string, courseId: string) {
    return inTenant(ctx, async (tx, out) => {
      const a = await loadAssignment(tx, ctx.accountId, assignmentId);
      await openForStudent(tx, ctx, { itemId: a.id, courseId, assignable: false, now: new Date() }, out);
      const [row] = await tx
        .select()
        .from(assignmentSubmissions)
        .where(ownWhere(ctx, a.id, ctx.userId));
      return { assignment: assignmentInfo(a), submission: row ? view(row) : null };
    });
  },

  async submit(
    ctx: LearningCtx,
    storage: StorageAdapter,
    site: MediaSite,
    assignmentId: string,
    input: { courseId: string; content?: string; files: UploadedFile[] },
  ) {
    const now = new Date();
    // Check access and what may be handed in before any file is stored.
    const a = await inTenant(ctx, async (tx, out) => {
      const a = await loadAssignment(tx, ctx.accountId, assignmentId);
      await openForStudent(tx, ctx, { itemId: a.id, courseId: input.courseId, assignable: false, now }, out);
      const [row] = await tx
        .select()
        .from(assignmentSubmissions)
        .where(ownWhere(ctx, a.id, ctx.userId));
      if (row && row.status >= SUBMISSION_STATUS.evaluated) {
        throw new AppError("conflict", "This assignment was evaluated; ask the instructor to reset it");
      }
      return a;
    });
    const content = sanitizeBasicHtml(input.content ?? "").trim();
    const problem = handInProblem(submissionTypeOf(a.settings), { text: content !== "", files: input.files.length });
    if (problem) throw fieldError("validation_failed", problem.field, handInMessage(problem));
    const files: SubmittedFile[] = [];
    try {
      for (const f of input.files) {
        // Private: a student's work is not in the media library and has no public address.
        const item = await mediaLibrary.upload(ctx.db, storage, site, ctx.userId, { ...f, private: true });
        files.push({
          mediaId: item.id,
          name: item.filename,
          url: submittedFileUrl(item.id),
          mime: item.mime,
          size: item.size,
        });
      }
    } catch (err) {
      await removeFiles(ctx, storage, files);
      if (err instanceof AppError && input.files.length > 1) {
        const index = files.length;
        throw new AppError(err.code, err.message, { ...(err.details as object), field: `files.${index}` });
      }
      throw err;
    }
    let previous: SubmittedFile[] = [];
    try {
      const saved = await inTenant(ctx, async (tx, out) => {
        await lockCourseOf(tx, ctx.accountId, input.courseId, ctx.userId);
        const replaceable = async () => {
          const row = await ownRowLocked(tx, ctx, a.id);
          if (row && row.status >= SUBMISSION_STATUS.evaluated) {
            throw new AppError("conflict", "This assignment was evaluated; ask the instructor to reset it");
          }
          previous = row?.files ?? [];
          return row;
        };
        const values = {
          courseId: input.courseId,
          content,
          files,
          status: SUBMISSION_STATUS.submitted,
          marks: null,
          submittedAt: now,
          updatedAt: now,
        };
        const update = () =>
          tx
            .update(assignmentSubmissions)
            .set(values)
            .where(ownWhere(ctx, a.id, ctx.userId))
            .returning();
        let [saved] = (await replaceable())
          ? await update()
          : await tx
              .insert(assignmentSubmissions)
              .values({ accountId: ctx.accountId, assignmentId: a.id, studentId: ctx.userId, ...values })
              .onConflictDoNothing()
              .returning();
        // Handed in at the same moment from another course: that hand-in is replaced like any other.
        if (!saved && (await replaceable())) [saved] = await update();
        if (!saved) throw new AppError("conflict", "Your hand-in changed meanwhile; hand it in again");
        const payload = { courseId: input.courseId, assignmentId: a.id, studentId: ctx.userId, submissionId: saved.id };
        out.push(await events.emit(tx, ctx.accountId, "assignment_submitted", payload, ctx.userId));
        return saved;
      });
      await removeFiles(ctx, storage, previous);
      return view(saved);
    } catch (err) {
      await removeFiles(ctx, storage, files);
      throw err;
    }
  },

  list(ctx: LearningCtx, assignmentId: string, q: { status?: QueueFilter }) {
    return inTenant(ctx, async (tx) => {
      const a = await loadAssignment(tx, ctx.accountId, assignmentId);
      const scope = await evaluatorScope(tx, ctx, a);
      const status: SQL | undefined =
        q.status === "pending"
          ? eq(assignmentSubmissions.status, SUBMISSION_STATUS.submitted)
          : q.status === "evaluated"
            ? gte(assignmentSubmissions.status, SUBMISSION_STATUS.evaluated)
            : undefined;
      const rows = await tx
        .select()
        .from(assignmentSubmissions)
        .where(
          and(eq(assignmentSubmissions.accountId, ctx.accountId), eq(assignmentSubmissions.assignmentId, a.id), status),
        )
        .orderBy(desc(assignmentSubmissions.submittedAt));
      const visible = rows.filter((r) => inScope(scope, r.courseId));
      const names = await memberNames(tx, ctx.accountId, [...new Set(visible.map((r) => r.studentId))]);
      return {
        assignment: assignmentInfo(a),
        items: visible.map((r) => ({ ...view(r), studentName: names.get(r.studentId) ?? "" })),
      };
    });
  },

  evaluate(ctx: LearningCtx, submissionId: string, input: { marks: number; feedback?: string }) {
    const now = new Date();
    return inTenant(ctx, async (tx, out) => {
      const { a, row } = await loadForEvaluator(tx, ctx, submissionId);
      const max = maxMarksOf(a.settings);
      if (!Number.isInteger(input.marks) || input.marks < 0 || input.marks > max) {
        throw fieldError("validation_failed", "marks", `Give between 0 and ${max} marks`);
      }
      const feedback = input.feedback?.trim() || null;
      // The same marks and feedback again (a double click, a second tab) change nothing and tell nobody.
      if (row.status >= SUBMISSION_STATUS.evaluated && row.marks === input.marks && row.feedback === feedback) {
        return view(row);
      }
      const [updated] = await tx
        .update(assignmentSubmissions)
        .set({
          marks: input.marks,
          feedback,
          status: SUBMISSION_STATUS.evaluated,
          evaluatedAt: now,
          updatedAt: now,
        })
        .where(and(eq(assignmentSubmissions.accountId, ctx.accountId), eq(assignmentSubmissions.id, row.id)))
        .returning();
      const payload = {
        courseId: row.courseId,
        assignmentId: a.id,
        studentId: row.studentId,
        submissionId: row.id,
        marks: input.marks,
      };
      out.push(await events.emit(tx, ctx.accountId, "assignment_evaluated", payload, ctx.userId));
      await syncItemCompletion(
        tx,
        ctx.accountId,
        { courseId: row.courseId, studentId: row.studentId, itemId: a.id, complete: true, now },
        out,
      );
      return view(updated);
    });
  },

  async reset(ctx: LearningCtx, storage: StorageAdapter, assignmentId: string, input: { studentId: string }) {
    const removed = await inTenant(ctx, async (tx, out) => {
      const a = await loadAssignment(tx, ctx.accountId, assignmentId);
      const scope = await evaluatorScope(tx, ctx, a);
      const [found] = await tx
        .select()
        .from(assignmentSubmissions)
        .where(ownWhere(ctx, a.id, input.studentId));
      if (!found) throw notFound("Submission");
      requireInScope(scope, found.courseId);
      await lockCourseOf(tx, ctx.accountId, found.courseId, input.studentId);
      // Deleted under the lock: of two resets at once, the second finds nothing and says so.
      const [row] = await tx
        .delete(assignmentSubmissions)
        .where(ownWhere(ctx, a.id, input.studentId))
        .returning();
      if (!row) throw notFound("Submission");
      await syncItemCompletion(
        tx,
        ctx.accountId,
        { courseId: row.courseId, studentId: row.studentId, itemId: a.id, complete: false, now: new Date() },
        out,
      );
      const payload = { courseId: row.courseId, assignmentId: a.id, studentId: input.studentId };
      out.push(await events.emit(tx, ctx.accountId, "assignment_reset", payload, ctx.userId));
      return row.files;
    });
    await removeFiles(ctx, storage, removed);
    return { deleted: 1 };
  },
};

/** Where a handed-in file is read: only by its student and the assignment's evaluators. */
export const submittedFileUrl = (mediaId: string) => `/api/v1/assignment-files/${mediaId}`;

/**
 * A handed-in file for its student or for someone who may evaluate the submission; anyone else
 * (another student, another site) gets 404, as if it did not exist.
 */
export async function submittedFile(ctx: LearningCtx, storage: StorageAdapter, mediaId: string) {
  if (!isUuid(mediaId)) throw notFound("File");
  await inTenant(ctx, async (tx) => {
    const [row] = await tx
      .select()
      .from(assignmentSubmissions)
      .where(
        and(
          eq(assignmentSubmissions.accountId, ctx.accountId),
          sql`${assignmentSubmissions.files} @> ${JSON.stringify([{ mediaId }])}::jsonb`,
        ),
      );
    if (!row) throw notFound("File");
    if (row.studentId === ctx.userId) return;
    const a = await loadAssignment(tx, ctx.accountId, row.assignmentId);
    const allowed = await evaluatorScope(tx, ctx, a)
      .then((scope) => inScope(scope, row.courseId))
      .catch(() => false);
    if (!allowed) throw notFound("File");
  });
  return mediaLibrary.privateFile(ctx.db, storage, ctx.accountId, mediaId);
}

/** A submission the acting member may evaluate, read again under the locks (enrolment first) for the change. */
async function loadForEvaluator(tx: Tx, ctx: LearningCtx, id: string) {
  if (!isUuid(id)) throw notFound("Submission");
  const where = and(eq(assignmentSubmissions.accountId, ctx.accountId), eq(assignmentSubmissions.id, id));
  const [found] = await tx.select().from(assignmentSubmissions).where(where);
  if (!found) throw notFound("Submission");
  const a = await loadAssignment(tx, ctx.accountId, found.assignmentId);
  requireInScope(await evaluatorScope(tx, ctx, a), found.courseId);
  await lockCourseOf(tx, ctx.accountId, found.courseId, found.studentId);
  const [row] = await tx.select().from(assignmentSubmissions).where(where).for("update");
  if (!row) throw notFound("Submission");
  return { a, row };
}
