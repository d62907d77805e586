// The quizzes or assignments a member may evaluate, with how many hand-ins wait for them, so the
// submissions screens are useful straight from the menu.
import { and, eq, inArray } from "drizzle-orm";
import type { CurriculumItem } from "../../../core/curriculum";
import { hasCap } from "../../../core/roles";
import { SUBMISSION_STATUS } from "../../../core/quiz";
import { assignmentSubmissions, assignments, courseMeta, quizSubmissions, quizzes } from "../../db/schema";
import { AppError } from "../../errors";
import type { LearningCtx } from "../courses";
import { META_CURRICULUM } from "../courses";
import { inTenant, taughtCourses } from "./access";

export type EvaluableItem = { id: string; title: string; pending: number };

export function evaluableItems(ctx: LearningCtx, kind: "quiz" | "assignment"): Promise<EvaluableItem[]> {
  return inTenant(ctx, async (tx) => {
    const manager = hasCap(ctx.caps, "manage_options");
    if (!manager && !hasCap(ctx.caps, "manage_submissions")) {
      throw new AppError("forbidden", "This needs the manage_submissions capability on this site");
    }
    const table = kind === "quiz" ? quizzes : assignments;
    const items = await tx
      .select({ id: table.id, title: table.title, authorId: table.authorId })
      .from(table)
      .where(eq(table.accountId, ctx.accountId));
    // itemId → courses (that this member teaches) listing it; the author sees submissions outside courses.
    const taughtIds = manager ? [] : [...(await taughtCourses(tx, ctx.accountId, ctx.userId))];
    const curricula = taughtIds.length
      ? await tx
          .select({ courseId: courseMeta.courseId, value: courseMeta.metaValue })
          .from(courseMeta)
          .where(
            and(
              eq(courseMeta.accountId, ctx.accountId),
              eq(courseMeta.metaKey, META_CURRICULUM),
              inArray(courseMeta.courseId, taughtIds),
            ),
          )
      : [];
    const coursesOf = new Map<string, Set<string>>();
    for (const c of curricula) {
      for (const item of c.value as CurriculumItem[]) {
        if (!item.id) continue;
        const set = coursesOf.get(item.id) ?? new Set<string>();
        set.add(c.courseId);
        coursesOf.set(item.id, set);
      }
    }
    const visible = items.filter((i) => manager || i.authorId === ctx.userId || coursesOf.has(i.id));
    if (visible.length === 0) return [];
    const pendingRows =
      kind === "quiz"
        ? await tx
            .select({ itemId: quizSubmissions.quizId, courseId: quizSubmissions.courseId })
            .from(quizSubmissions)
            .where(
              and(
                eq(quizSubmissions.accountId, ctx.accountId),
                eq(quizSubmissions.status, SUBMISSION_STATUS.submitted),
              ),
            )
        : await tx
            .select({ itemId: assignmentSubmissions.assignmentId, courseId: assignmentSubmissions.courseId })
            .from(assignmentSubmissions)
            .where(
              and(
                eq(assignmentSubmissions.accountId, ctx.accountId),
                eq(assignmentSubmissions.status, SUBMISSION_STATUS.submitted),
              ),
            );
    const mayEvaluate = (item: { id: string; authorId: string }, courseId: string | null) =>
      manager || (courseId ? Boolean(coursesOf.get(item.id)?.has(courseId)) : item.authorId === ctx.userId);
    return visible
      .map((i) => ({
        id: i.id,
        title: i.title,
        pending: pendingRows.filter((r) => r.itemId === i.id && mayEvaluate(i, r.courseId)).length,
      }))
      .sort((a, b) => b.pending - a.pending || a.title.localeCompare(b.title));
  });
}
