// Quizzes assigned to a member outside any course (spec §3 member_meta "assigned_quiz"). A member
// sees their own; instructors and managers see anyone's on their site and assign or unassign.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isPassed, percentOf, SUBMISSION_STATUS } from "../../../core/quiz";
import type { Tx } from "../../db/client";
import { memberMeta, quizSubmissions, quizzes } from "../../db/schema";
import { notFound } from "../../errors";
import type { LearningCtx } from "../courses";
import { ASSIGNED_QUIZ, canAssignQuizzes, inTenant, loadQuiz, lockAssignment, requireMember } from "./access";

export type AssignedQuiz = {
  quizId: string;
  title: string;
  questionCount: number;
  attempts: number;
  best: { marks: number; maxMarks: number; percent: number; passed: boolean; status: number } | null;
};

/** Others' lists are for instructors and managers; to anyone else they do not exist. */
async function requireViewer(tx: Tx, ctx: LearningCtx, userId: string) {
  if (userId !== ctx.userId && !canAssignQuizzes(ctx)) throw notFound("Member");
  return requireMember(tx, ctx.accountId, userId);
}

const assignedWhere = (accountId: string, userId: string, quizId?: string) =>
  and(
    eq(memberMeta.accountId, accountId),
    eq(memberMeta.userId, userId),
    eq(memberMeta.metaKey, ASSIGNED_QUIZ),
    quizId ? sql`${memberMeta.metaValue} = to_jsonb(${quizId}::text)` : undefined,
  );

export const assignedQuizzes = {
  list(ctx: LearningCtx, userId: string) {
    return inTenant(ctx, async (tx) => {
      const member = await requireViewer(tx, ctx, userId);
      const meta = await tx.select().from(memberMeta).where(assignedWhere(ctx.accountId, userId));
      const ids = [...new Set(meta.map((m) => String(m.metaValue)))];
      const rows = ids.length
        ? await tx
            .select()
            .from(quizzes)
            .where(and(eq(quizzes.accountId, ctx.accountId), inArray(quizzes.id, ids)))
        : [];
      const subs = ids.length
        ? await tx
            .select()
            .from(quizSubmissions)
            .where(
              and(
                eq(quizSubmissions.accountId, ctx.accountId),
                eq(quizSubmissions.studentId, userId),
                inArray(quizSubmissions.quizId, ids),
                isNull(quizSubmissions.courseId),
              ),
            )
        : [];
      const items: AssignedQuiz[] = rows.map((q) => {
        const mine = subs.filter((s) => s.quizId === q.id);
        const marked = mine.filter((s) => s.status >= SUBMISSION_STATUS.submitted);
        const top = marked.sort(
          (a, b) => percentOf(b.marks ?? 0, b.maxMarks ?? 0) - percentOf(a.marks ?? 0, a.maxMarks ?? 0),
        )[0];
        return {
          quizId: q.id,
          title: q.title,
          questionCount: q.questions.length,
          attempts: mine.length,
          best: top
            ? {
                marks: top.marks ?? 0,
                maxMarks: top.maxMarks ?? 0,
                percent: percentOf(top.marks ?? 0, top.maxMarks ?? 0),
                passed: isPassed(top.marks ?? 0, top.maxMarks ?? 0, q.settings.passMark),
                status: top.status,
              }
            : null,
        };
      });
      return { member: { userId, name: member.name }, canAssign: canAssignQuizzes(ctx), items };
    });
  },

  assign(ctx: LearningCtx, userId: string, quizId: string) {
    return inTenant(ctx, async (tx) => {
      if (!canAssignQuizzes(ctx)) throw notFound("Member");
      await requireMember(tx, ctx.accountId, userId);
      const quiz = await loadQuiz(tx, ctx.accountId, quizId);
      await lockAssignment(tx, ctx.accountId, quiz.id, userId);
      const [existing] = await tx
        .select()
        .from(memberMeta)
        .where(assignedWhere(ctx.accountId, userId, quiz.id));
      if (!existing) {
        await tx
          .insert(memberMeta)
          .values({ accountId: ctx.accountId, userId, metaKey: ASSIGNED_QUIZ, metaValue: quiz.id });
      }
      return { quizId: quiz.id, assigned: true };
    });
  },

  unassign(ctx: LearningCtx, userId: string, quizId: string) {
    return inTenant(ctx, async (tx) => {
      if (!canAssignQuizzes(ctx)) throw notFound("Member");
      await requireMember(tx, ctx.accountId, userId);
      const removed = await tx
        .delete(memberMeta)
        .where(assignedWhere(ctx.accountId, userId, quizId))
        .returning();
      if (removed.length === 0) throw notFound("Assigned quiz");
      return { quizId, assigned: false };
    });
  },
};
