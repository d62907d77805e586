// The student's dashboard home: each enrolment with its progress and the next item to open, the
// certificates earned, and what opens or ends soon. Two statements whatever the number of courses:
// the enrolments with their courses' curricula, then the certificates.
import { and, desc, eq } from "drizzle-orm";
import { isExpired } from "../../../core/course-duration";
import { countedItems, type CurriculumItem, isItemComplete } from "../../../core/curriculum";
import { certificates, courseStudents, courses } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { type LearningCtx, courseRecordColumns, courseRecordOf } from "../courses";
import { itemAccess } from "./progress";

/** How far ahead "soon" looks: drip items opening and access ending within this many days. */
export const UPCOMING_DAYS = 14;
const DAY_MS = 86_400_000;

export type NextItem = {
  id: string;
  title: string;
  postType: CurriculumItem["post_type"];
  /** Open now; otherwise locked behind the previous item or dripping (opensAt, unix seconds). */
  open: boolean;
  opensAt: number | null;
};

export type HomeCourse = {
  courseId: string;
  title: string;
  slug: string;
  image: string | null;
  progress: number;
  status: number;
  expiry: string;
  expired: boolean;
  /** The first item not yet complete, in curriculum order; null when every item is. */
  next: NextItem | null;
};

export type UpcomingItem =
  | { kind: "drip"; courseId: string; course: string; itemId: string; title: string; at: string }
  | { kind: "expiry"; courseId: string; course: string; at: string };

export type LearnerHome = {
  courses: HomeCourse[];
  certificates: { code: string; courseId: string; course: string; issuedAt: string }[];
  upcoming: UpcomingItem[];
};

export async function learnerHome(ctx: LearningCtx, now: Date = new Date()): Promise<LearnerHome> {
  return withTenant(ctx.db, ctx.accountId, async (tx) => {
    const rows = await tx
      .select({ ...courseRecordColumns(), enrolment: courseStudents })
      .from(courseStudents)
      .innerJoin(courses, and(eq(courses.accountId, courseStudents.accountId), eq(courses.id, courseStudents.courseId)))
      .where(and(eq(courseStudents.accountId, ctx.accountId), eq(courseStudents.studentId, ctx.userId)))
      .orderBy(desc(courseStudents.updatedAt));
    const earned = await tx
      .select({
        code: certificates.code,
        courseId: certificates.courseId,
        course: certificates.courseTitle,
        issuedAt: certificates.issuedAt,
      })
      .from(certificates)
      .where(and(eq(certificates.accountId, ctx.accountId), eq(certificates.studentId, ctx.userId)))
      .orderBy(desc(certificates.issuedAt));

    const horizon = now.getTime() + UPCOMING_DAYS * DAY_MS;
    const upcoming: UpcomingItem[] = [];
    const list = rows.map(({ enrolment: e, ...row }) => {
      const record = courseRecordOf(row);
      const { course } = record;
      const expired = isExpired(e.expiry.getTime(), now.getTime());
      const pending = countedItems(record.curriculum).filter((i) => !isItemComplete(e.curriculumData, i.id));
      let next: NextItem | null = null;
      if (pending.length) {
        const item = pending[0];
        const access = itemAccess(record, e, item.id, now);
        next = {
          id: item.id,
          title: item.title,
          postType: item.post_type,
          open: access.open,
          opensAt: access.open ? null : (access.opensAt ?? null),
        };
      }
      if (!expired) {
        // Dripping items that open within the horizon (the first few of each course).
        for (const item of pending) {
          const access = itemAccess(record, e, item.id, now);
          if (access.open || access.reason !== "drip" || access.opensAt == null) continue;
          const at = access.opensAt * 1000;
          if (at > horizon) continue;
          upcoming.push({
            kind: "drip",
            courseId: course.id,
            course: course.title,
            itemId: item.id,
            title: item.title,
            at: new Date(at).toISOString(),
          });
        }
        if (e.expiry.getTime() <= horizon) {
          upcoming.push({ kind: "expiry", courseId: course.id, course: course.title, at: e.expiry.toISOString() });
        }
      }
      return {
        courseId: course.id,
        title: course.title,
        slug: course.slug,
        image: course.featuredImage.image ?? null,
        progress: e.progress,
        status: e.status,
        expiry: e.expiry.toISOString(),
        expired,
        next,
      };
    });
    upcoming.sort((a, b) => a.at.localeCompare(b.at));
    return {
      courses: list,
      certificates: earned.map((c) => ({ ...c, issuedAt: c.issuedAt.toISOString() })),
      upcoming: upcoming.slice(0, 10),
    };
  });
}
