// Course statistics (spec §2 /dashboard/instructor/stats, manage_stats): enrolled, started,
// completed, average progress and certificates per course, and the totals over the courses the
// member may see (those they teach; every course for manage_options).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { hasCap } from "../../../core/roles";
import type { Tx } from "../../db/client";
import { certificates, courseAuthor, courseStudents, courses } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import type { LearningCtx } from "../courses";
import { requireCourseManager } from "./manage";

export type CourseStats = {
  courseId: string;
  title: string;
  enrolled: number;
  started: number;
  completed: number;
  averageProgress: number;
  certificates: number;
};

async function statsFor(tx: Tx, accountId: string, list: { id: string; title: string }[]): Promise<CourseStats[]> {
  if (!list.length) return [];
  const ids = list.map((c) => c.id);
  const enrolment = await tx
    .select({
      courseId: courseStudents.courseId,
      enrolled: sql<number>`count(*)::int`,
      started: sql<number>`count(*) filter (where ${courseStudents.status} >= 2)::int`,
      completed: sql<number>`count(*) filter (where ${courseStudents.progress} = 100)::int`,
      average: sql<number>`coalesce(avg(${courseStudents.progress}), 0)::float`,
    })
    .from(courseStudents)
    .where(and(eq(courseStudents.accountId, accountId), inArray(courseStudents.courseId, ids)))
    .groupBy(courseStudents.courseId);
  const certs = await tx
    .select({ courseId: certificates.courseId, n: sql<number>`count(*)::int` })
    .from(certificates)
    .where(and(eq(certificates.accountId, accountId), inArray(certificates.courseId, ids)))
    .groupBy(certificates.courseId);
  return list.map((c) => {
    const e = enrolment.find((r) => r.courseId === c.id);
    return {
      courseId: c.id,
      title: c.title,
      enrolled: Number(e?.enrolled ?? 0),
      started: Number(e?.started ?? 0),
      completed: Number(e?.completed ?? 0),
      averageProgress: Math.round(Number(e?.average ?? 0)),
      certificates: Number(certs.find((r) => r.courseId === c.id)?.n ?? 0),
    };
  });
}

export const stats = {
  course: (ctx: LearningCtx, courseId: string) =>
    withTenant(ctx.db, ctx.accountId, async (tx) => {
      const { course } = await requireCourseManager(tx, ctx, courseId, "manage_stats");
      const [s] = await statsFor(tx, ctx.accountId, [{ id: course.id, title: course.title }]);
      return s;
    }),

  /** Every course the member may see, with totals (students counted once per enrolment). */
  site: (ctx: LearningCtx) =>
    withTenant(ctx.db, ctx.accountId, async (tx) => {
      const manager = hasCap(ctx.caps, "manage_options");
      if (!manager && !hasCap(ctx.caps, "manage_stats")) {
        throw new AppError("forbidden", "This needs the manage_stats permission");
      }
      const taught = manager
        ? undefined
        : tx
            .select({ id: courseAuthor.courseId })
            .from(courseAuthor)
            .where(and(eq(courseAuthor.accountId, ctx.accountId), eq(courseAuthor.authorId, ctx.userId)));
      const list = await tx
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(and(eq(courses.accountId, ctx.accountId), taught ? inArray(courses.id, taught) : undefined))
        .orderBy(asc(courses.title));
      const items = await statsFor(tx, ctx.accountId, list);
      const sum = (k: keyof Omit<CourseStats, "courseId" | "title">) => items.reduce((n, s) => n + s[k], 0);
      const enrolled = sum("enrolled");
      const weighted = items.reduce((n, s) => n + s.averageProgress * s.enrolled, 0);
      return {
        items,
        totals: {
          courses: items.length,
          enrolled,
          started: sum("started"),
          completed: sum("completed"),
          certificates: sum("certificates"),
          averageProgress: enrolled ? Math.round(weighted / enrolled) : 0,
        },
      };
    }),
};
