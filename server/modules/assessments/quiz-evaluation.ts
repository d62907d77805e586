// The instructor's side of quizzes: the submissions queue, one submission with the correct
// answers, evaluating essay questions, and resetting a student's attempts.
import { and, desc, eq, gte, isNull, type SQL } from "drizzle-orm";
import { isPassed, SUBMISSION_STATUS } from "../../../core/quiz";
import { quizSubmissions } from "../../db/schema";
import { AppError, fieldError, notFound } from "../../errors";
import type { LearningCtx } from "../courses";
import { isUuid } from "../courses";
import { events } from "../events";
import {
  evaluatorScope,
  inScope,
  inTenant,
  loadQuiz,
  lockCourseOf,
  memberNames,
  requireInScope,
  syncItemCompletion,
} from "./access";
import { attemptResult } from "./quiz-view";

export type QueueFilter = "pending" | "evaluated" | "all";

const statusWhere = (status: QueueFilter): SQL | undefined =>
  status === "pending"
    ? eq(quizSubmissions.status, SUBMISSION_STATUS.submitted)
    : status === "evaluated"
      ? gte(quizSubmissions.status, SUBMISSION_STATUS.evaluated)
      : gte(quizSubmissions.status, SUBMISSION_STATUS.started);

export const quizEvaluation = {
  list(ctx: LearningCtx, quizId: string, q: { courseId?: string; status?: QueueFilter }) {
    return inTenant(ctx, async (tx) => {
      const quiz = await loadQuiz(tx, ctx.accountId, quizId);
      const scope = await evaluatorScope(tx, ctx, quiz);
      if (q.courseId && !isUuid(q.courseId)) throw fieldError("validation_failed", "courseId", "Not a course id");
      const rows = await tx
        .select()
        .from(quizSubmissions)
        .where(
          and(
            eq(quizSubmissions.accountId, ctx.accountId),
            eq(quizSubmissions.quizId, quiz.id),
            q.courseId ? eq(quizSubmissions.courseId, q.courseId) : undefined,
            statusWhere(q.status ?? "all"),
          ),
        )
        .orderBy(desc(quizSubmissions.submittedAt), desc(quizSubmissions.startedAt));
      const visible = rows.filter((r) => inScope(scope, r.courseId));
      const names = await memberNames(tx, ctx.accountId, [...new Set(visible.map((r) => r.studentId))]);
      return {
        quiz: { id: quiz.id, title: quiz.title },
        items: visible.map((r) => ({
          id: r.id,
          studentId: r.studentId,
          studentName: names.get(r.studentId) ?? "",
          courseId: r.courseId,
          attempt: r.attempt,
          status: r.status,
          marks: r.marks,
          maxMarks: r.maxMarks,
          submittedAt: r.submittedAt?.toISOString() ?? null,
        })),
      };
    });
  },

  get(ctx: LearningCtx, submissionId: string) {
    return inTenant(ctx, async (tx) => {
      const { quiz, row } = await loadSubmission(tx, ctx, submissionId);
      const names = await memberNames(tx, ctx.accountId, [row.studentId]);
      return {
        id: row.id,
        quiz: { id: quiz.id, title: quiz.title },
        questions: quiz.questions,
        studentId: row.studentId,
        studentName: names.get(row.studentId) ?? "",
        courseId: row.courseId,
        attempt: row.attempt,
        status: row.status,
        answers: row.answers,
        submittedAt: row.submittedAt?.toISOString() ?? null,
        result: attemptResult(quiz, row),
      };
    });
  },

  /** Marks the essay questions (0..their marks); the total is the automatic marks plus these. */
  evaluate(ctx: LearningCtx, submissionId: string, input: { marks: Record<string, number>; feedback?: string }) {
    const now = new Date();
    return inTenant(ctx, async (tx, out) => {
      const { quiz, row } = await loadSubmission(tx, ctx, submissionId, { lock: true });
      if (row.status < SUBMISSION_STATUS.submitted || !row.marking) {
        throw new AppError("conflict", "This attempt has not been submitted yet");
      }
      const results = row.marking.results.map((r) => {
        const q = quiz.questions.find((x) => x.id === r.id);
        if (q?.type !== "essay") return r;
        const given = input.marks[q.id] ?? r.marks ?? 0;
        if (!Number.isInteger(given) || given < 0 || given > q.marks) {
          throw fieldError("validation_failed", `marks.${q.id}`, `Give between 0 and ${q.marks} marks`);
        }
        return { ...r, marks: given, correct: given >= q.marks };
      });
      const marks = results.reduce((s, r) => s + r.marks, 0);
      const feedback = input.feedback?.trim() || null;
      // The same marks and feedback again (a double click, a second tab) change nothing and tell nobody.
      if (row.status >= SUBMISSION_STATUS.evaluated && row.marks === marks && row.feedback === feedback) {
        return { id: row.id, status: row.status, marks, result: attemptResult(quiz, row) };
      }
      const [updated] = await tx
        .update(quizSubmissions)
        .set({
          marking: { ...row.marking, results, marks, needsEvaluation: false },
          marks,
          status: SUBMISSION_STATUS.evaluated,
          feedback,
          updatedAt: now,
        })
        .where(and(eq(quizSubmissions.accountId, ctx.accountId), eq(quizSubmissions.id, row.id)))
        .returning();
      const payload = {
        courseId: row.courseId,
        quizId: quiz.id,
        studentId: row.studentId,
        submissionId: row.id,
        marks,
        passed: isPassed(marks, row.maxMarks ?? 0, quiz.settings.passMark),
      };
      out.push(await events.emit(tx, ctx.accountId, "quiz_evaluated", payload, ctx.userId));
      await syncItemCompletion(
        tx,
        ctx.accountId,
        { courseId: row.courseId, studentId: row.studentId, itemId: quiz.id, complete: true, now },
        out,
      );
      return { id: updated.id, status: updated.status, marks, result: attemptResult(quiz, updated) };
    });
  },

  /** Deletes one student's attempts (of one course when given) and un-completes the item. */
  reset(ctx: LearningCtx, quizId: string, input: { studentId: string; courseId?: string | null }) {
    const courseId = input.courseId ?? null;
    return inTenant(ctx, async (tx, out) => {
      const quiz = await loadQuiz(tx, ctx.accountId, quizId);
      const scope = await evaluatorScope(tx, ctx, quiz);
      requireInScope(scope, courseId);
      if (courseId && !isUuid(courseId)) throw notFound("Course");
      await lockCourseOf(tx, ctx.accountId, courseId, input.studentId);
      const deleted = await tx
        .delete(quizSubmissions)
        .where(
          and(
            eq(quizSubmissions.accountId, ctx.accountId),
            eq(quizSubmissions.quizId, quiz.id),
            eq(quizSubmissions.studentId, input.studentId),
            courseId ? eq(quizSubmissions.courseId, courseId) : isNull(quizSubmissions.courseId),
          ),
        )
        .returning({ id: quizSubmissions.id });
      await syncItemCompletion(
        tx,
        ctx.accountId,
        { courseId, studentId: input.studentId, itemId: quiz.id, complete: false, now: new Date() },
        out,
      );
      // A reset that found nothing to delete (already reset, perhaps by a request a moment ago) is no change.
      if (deleted.length) {
        const payload = { courseId, quizId: quiz.id, studentId: input.studentId, deleted: deleted.length };
        out.push(await events.emit(tx, ctx.accountId, "quiz_reset", payload, ctx.userId));
      }
      return { deleted: deleted.length };
    });
  },
};

/** A submission the acting member may evaluate; for a change, read again under the locks (enrolment first). */
async function loadSubmission(
  tx: Parameters<Parameters<typeof inTenant>[1]>[0],
  ctx: LearningCtx,
  id: string,
  opts: { lock?: boolean } = {},
) {
  if (!isUuid(id)) throw notFound("Submission");
  const where = and(eq(quizSubmissions.accountId, ctx.accountId), eq(quizSubmissions.id, id));
  let [row] = await tx.select().from(quizSubmissions).where(where);
  if (!row) throw notFound("Submission");
  const quiz = await loadQuiz(tx, ctx.accountId, row.quizId);
  requireInScope(await evaluatorScope(tx, ctx, quiz), row.courseId);
  if (opts.lock) {
    await lockCourseOf(tx, ctx.accountId, row.courseId, row.studentId);
    [row] = await tx.select().from(quizSubmissions).where(where).for("update");
    if (!row) throw notFound("Submission");
  }
  return { quiz, row };
}
