// A student's attempts at a quiz: start (or resume the open one), autosave answers, submit. The
// server's clock decides the time limit; a submit after the deadline marks what was saved, so an
// attempt is never lost. Answers only reach the student after submission.
import { and, desc, eq } from "drizzle-orm";
import {
  attemptDeadline,
  canStartAttempt,
  type Answers,
  isPassed,
  markQuiz,
  SUBMISSION_STATUS,
} from "../../../core/quiz";
import type { Tx } from "../../db/client";
import { quizSubmissions } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { LearningCtx } from "../courses";
import { isUuid } from "../courses";
import type { Emitted } from "../enrolment";
import { events } from "../events";
import {
  inTenant,
  loadQuiz,
  lockAttempts,
  lockCourseOf,
  openForStudent,
  type QuizRow,
  syncItemCompletion,
} from "./access";
import { attemptView, type SubmissionRow } from "./quiz-view";

async function attemptsOf(tx: Tx, accountId: string, quizId: string, studentId: string) {
  return tx
    .select()
    .from(quizSubmissions)
    .where(
      and(
        eq(quizSubmissions.accountId, accountId),
        eq(quizSubmissions.quizId, quizId),
        eq(quizSubmissions.studentId, studentId),
      ),
    )
    .orderBy(desc(quizSubmissions.attempt));
}

const isOver = (row: SubmissionRow, now: Date) => row.deadlineAt != null && now.getTime() > row.deadlineAt.getTime();

/** Keeps only answers to this quiz's questions. */
function onlyQuestions(quiz: QuizRow, answers: Answers): Answers {
  const ids = new Set(quiz.questions.map((q) => q.id));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => ids.has(id)));
}

/**
 * Marks an attempt with the answers it holds: status 3 when everything marks itself, else 2 (an
 * essay waits for the instructor). At 3 the course item completes.
 */
export async function finishAttempt(
  tx: Tx,
  ctx: LearningCtx,
  quiz: QuizRow,
  row: SubmissionRow,
  answers: Answers,
  now: Date,
  out: Emitted,
): Promise<SubmissionRow | null> {
  const marking = markQuiz(quiz.questions, answers);
  const status = marking.needsEvaluation ? SUBMISSION_STATUS.submitted : SUBMISSION_STATUS.evaluated;
  const [done] = await tx
    .update(quizSubmissions)
    .set({
      answers,
      marking,
      marks: marking.marks,
      maxMarks: marking.maxMarks,
      status,
      submittedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(quizSubmissions.accountId, ctx.accountId),
        eq(quizSubmissions.id, row.id),
        // Only an attempt still open is marked: one that another request finished meanwhile stays as it is.
        eq(quizSubmissions.status, SUBMISSION_STATUS.started),
      ),
    )
    .returning();
  if (!done) return null;
  const payload = {
    courseId: row.courseId,
    quizId: quiz.id,
    studentId: row.studentId,
    submissionId: row.id,
    marks: marking.marks,
    // Known only once marked: an attempt waiting for an instructor's marks passes with quiz_evaluated.
    passed: status >= SUBMISSION_STATUS.evaluated && isPassed(marking.marks, marking.maxMarks, quiz.settings.passMark),
  };
  out.push(await events.emit(tx, ctx.accountId, "quiz_submitted", payload, ctx.userId));
  if (status >= SUBMISSION_STATUS.evaluated) {
    const item = { courseId: row.courseId, studentId: row.studentId, itemId: quiz.id, complete: true, now };
    await syncItemCompletion(tx, ctx.accountId, item, out);
  }
  return done;
}

export const quizAttempts = {
  /** Starts an attempt, or returns the open one while its time lasts. */
  start(ctx: LearningCtx, quizId: string, input: { courseId?: string | null; now?: Date }) {
    const now = input.now ?? new Date();
    const courseId = input.courseId ?? null;
    return inTenant(ctx, async (tx, out) => {
      const quiz = await loadQuiz(tx, ctx.accountId, quizId);
      await openForStudent(tx, ctx, { itemId: quiz.id, courseId, assignable: true, now }, out);
      await lockAttempts(tx, ctx.accountId, quiz.id, ctx.userId);
      const previous = await attemptsOf(tx, ctx.accountId, quiz.id, ctx.userId);
      for (const open of previous.filter((p) => p.status === SUBMISSION_STATUS.started)) {
        if (open.courseId !== courseId) continue;
        if (!isOver(open, now)) return attemptView(quiz, open, now);
        // A timed attempt left open past its deadline is marked with what was saved.
        await finishAttempt(tx, ctx, quiz, open, open.answers, now, out);
      }
      if (!canStartAttempt(quiz.settings, previous.length)) {
        throw new AppError("conflict", "No attempts left", { attemptsUsed: previous.length });
      }
      const attempt = (previous[0]?.attempt ?? 0) + 1;
      const [row] = await tx
        .insert(quizSubmissions)
        .values({
          accountId: ctx.accountId,
          quizId: quiz.id,
          courseId,
          studentId: ctx.userId,
          attempt,
          status: SUBMISSION_STATUS.started,
          startedAt: now,
          deadlineAt: (() => {
            const at = attemptDeadline(now.getTime(), quiz.settings.timeLimit);
            return at == null ? null : new Date(at);
          })(),
        })
        .returning();
      if (attempt > 1) {
        const payload = { courseId, quizId: quiz.id, studentId: ctx.userId, submissionId: row.id, attempt };
        out.push(await events.emit(tx, ctx.accountId, "quiz_retake", payload, ctx.userId));
      }
      return attemptView(quiz, row, now);
    });
  },

  /** One of the student's own attempts. */
  get(ctx: LearningCtx, attemptId: string, now = new Date()) {
    return inTenant(ctx, async (tx) => {
      const { quiz, row } = await ownAttempt(tx, ctx, attemptId);
      return attemptView(quiz, row, now);
    });
  },

  /** Autosave: merges answers into the open attempt; refused after the deadline. */
  saveAnswers(ctx: LearningCtx, attemptId: string, answers: Answers, now = new Date()) {
    return inTenant(ctx, async (tx) => {
      const { quiz, row } = await ownAttempt(tx, ctx, attemptId, { lock: true });
      if (row.status !== SUBMISSION_STATUS.started) throw new AppError("conflict", "This attempt was submitted");
      if (isOver(row, now)) throw new AppError("time_limit", "The time for this attempt is over; submit it");
      const merged = { ...row.answers, ...onlyQuestions(quiz, answers) };
      const [saved] = await tx
        .update(quizSubmissions)
        .set({ answers: merged, updatedAt: now })
        .where(and(eq(quizSubmissions.accountId, ctx.accountId), eq(quizSubmissions.id, row.id)))
        .returning();
      return attemptView(quiz, saved, now);
    });
  },

  /** Submits and marks; after the deadline the answers sent now are ignored and the saved ones count. */
  submit(ctx: LearningCtx, attemptId: string, answers: Answers | undefined, now = new Date()) {
    return inTenant(ctx, async (tx, out) => {
      const { quiz, row } = await ownAttempt(tx, ctx, attemptId, { lock: true });
      if (row.status !== SUBMISSION_STATUS.started) throw new AppError("conflict", "This attempt was submitted");
      const final = isOver(row, now) ? row.answers : { ...row.answers, ...onlyQuestions(quiz, answers ?? {}) };
      const done = await finishAttempt(tx, ctx, quiz, row, final, now, out);
      if (!done) throw new AppError("conflict", "This attempt was submitted");
      return attemptView(quiz, done, now);
    });
  },

  /**
   * The intro screen: instructions, counts, attempts left and previous results. Opening it opens the
   * item (the same access rules as starting).
   */
  intro(ctx: LearningCtx, quizId: string, courseId: string | null, now = new Date()) {
    return inTenant(ctx, async (tx, out) => {
      const quiz = await loadQuiz(tx, ctx.accountId, quizId);
      await openForStudent(tx, ctx, { itemId: quiz.id, courseId, assignable: true, now }, out);
      const rows = await attemptsOf(tx, ctx.accountId, quiz.id, ctx.userId);
      const open = rows.find(
        (r) => r.status === SUBMISSION_STATUS.started && !isOver(r, now) && r.courseId === courseId,
      );
      const limit = quiz.settings.attempts ?? 0;
      const retake = Boolean(quiz.settings.retake);
      return {
        id: quiz.id,
        title: quiz.title,
        content: quiz.content,
        courseId,
        questionCount: quiz.questions.length,
        timeLimit: quiz.settings.timeLimit ?? null,
        passMark: quiz.settings.passMark ?? 0,
        attemptsUsed: rows.length,
        /** null = unlimited. */
        attemptsLeft:
          rows.length === 0
            ? retake && limit
              ? limit
              : 1
            : !retake
              ? 0
              : limit
                ? Math.max(0, limit - rows.length)
                : null,
        canStart: Boolean(open) || canStartAttempt(quiz.settings, rows.length),
        openAttemptId: open?.id ?? null,
        previous: rows
          .filter((r) => r.status >= SUBMISSION_STATUS.submitted)
          .map((r) => {
            const result = attemptView(quiz, r, now).result;
            return {
              id: r.id,
              attempt: r.attempt,
              status: r.status,
              marks: result?.marks ?? 0,
              maxMarks: result?.maxMarks ?? 0,
              percent: result?.percent ?? 0,
              passed: result?.passed ?? false,
              submittedAt: r.submittedAt?.toISOString() ?? null,
            };
          }),
      };
    });
  },
};

/**
 * One of the acting student's attempts. For a change it is read again under the locks, enrolment
 * first (see lockCourseOf), so a second submit at once sees the first one's result.
 */
async function ownAttempt(tx: Tx, ctx: LearningCtx, attemptId: string, opts: { lock?: boolean } = {}) {
  if (!isUuid(attemptId)) throw notFound("Attempt");
  const where = and(
    eq(quizSubmissions.accountId, ctx.accountId),
    eq(quizSubmissions.id, attemptId),
    eq(quizSubmissions.studentId, ctx.userId),
  );
  let [row] = await tx.select().from(quizSubmissions).where(where);
  if (row && opts.lock) {
    await lockCourseOf(tx, ctx.accountId, row.courseId, row.studentId);
    [row] = await tx.select().from(quizSubmissions).where(where).for("update");
  }
  if (!row) throw notFound("Attempt");
  return { quiz: await loadQuiz(tx, ctx.accountId, row.quizId), row };
}
