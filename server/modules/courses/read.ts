// Reading a course with its meta, shared by authoring, enrolment, assessments and the public pages.
// Every query names the account, so another site's course is simply not found.
import { and, eq, sql } from "drizzle-orm";
import type { Duration } from "../../../core/curriculum";
import type { CurriculumItem } from "../../../core/curriculum";
import type { Tx } from "../../db/client";
import { courseAuthor, courseMeta, courses } from "../../db/schema";
import { notFound } from "../../errors";
import { isUuid } from "../../../core/uuid";

export { isUuid };

export type CourseRow = typeof courses.$inferSelect;
export type CourseRecord = { course: CourseRow; curriculum: CurriculumItem[]; duration: Duration | null };

export const META_CURRICULUM = "curriculum";
export const META_DURATION = "courseDuration";

/** A course_meta value of the course row in the same statement (null when absent). */
const metaOf = (key: string) =>
  sql<unknown>`(select ${courseMeta.metaValue} from ${courseMeta} where ${courseMeta.accountId} = ${courses.accountId} and ${courseMeta.courseId} = ${courses.id} and ${courseMeta.metaKey} = ${key})`;

/** The course with its curriculum and duration, in one statement; 404 when it is not this site's. */
/** The columns of a course record, for a select that reads more beside it (see courseRecordOf). */
export const courseRecordColumns = () => ({
  course: courses,
  curriculum: metaOf(META_CURRICULUM),
  duration: metaOf(META_DURATION),
});

/** The course record from a row selected with courseRecordColumns. */
export const courseRecordOf = (row: { course: CourseRow; curriculum: unknown; duration: unknown }): CourseRecord => ({
  course: row.course,
  curriculum: (row.curriculum as CurriculumItem[] | null) ?? [],
  duration: (row.duration as Duration | null) ?? null,
});

export async function loadCourse(tx: Tx, accountId: string, courseId: string): Promise<CourseRecord> {
  if (!isUuid(courseId)) throw notFound("Course");
  const [row] = await tx
    .select(courseRecordColumns())
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.id, courseId)));
  if (!row) throw notFound("Course");
  return courseRecordOf(row);
}

/** Writes one course_meta value (insert or replace). */
export async function setCourseMeta(tx: Tx, accountId: string, courseId: string, key: string, value: unknown) {
  await tx
    .insert(courseMeta)
    .values({ accountId, courseId, metaKey: key, metaValue: value })
    .onConflictDoUpdate({
      target: [courseMeta.accountId, courseMeta.courseId, courseMeta.metaKey],
      set: { metaValue: value },
    });
}

/** The course-instructor lookup (spec §4): the author and every course_author, as users ids. */
export async function courseInstructors(tx: Tx, accountId: string, courseId: string): Promise<string[]> {
  const [course] = await tx
    .select({ authorId: courses.authorId })
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.id, courseId)));
  const rows = await tx
    .select({ authorId: courseAuthor.authorId })
    .from(courseAuthor)
    .where(and(eq(courseAuthor.accountId, accountId), eq(courseAuthor.courseId, courseId)));
  return [...new Set([...(course ? [course.authorId] : []), ...rows.map((r) => r.authorId)])];
}

/** Whether a member teaches this course (author or co-author). */
export async function teachesCourse(tx: Tx, accountId: string, courseId: string, userId: string): Promise<boolean> {
  return (await courseInstructors(tx, accountId, courseId)).includes(userId);
}
