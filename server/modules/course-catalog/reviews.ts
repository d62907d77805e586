// Course reviews (spec §3 Review: rating, title, review): only an enrolled student may write one,
// one per student per course (writing again changes it); site managers may delete any. Each write
// that changes it emits course_reviewed in its own transaction and drops the course page from the page cache.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { courseReviews } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import { loadCourse } from "../courses";
import { findEnrolment } from "../enrolment";
import { events } from "../events";
import { refreshCoursePages } from "../courses";
import { filterFor, profanity } from "../profanity";

/** The review a student writes; the same schema checks the form in the browser. */
export const ZReviewInput = z.object({
  rating: z.number().int().min(1).max(5),
  title: z.string().trim().min(1).max(120),
  review: z.string().max(5000).default(""),
});
export type ReviewInput = z.input<typeof ZReviewInput>;

export type SavedReview = { id: string; courseId: string; rating: number; title: string; review: string };

function parseReview(input: unknown) {
  const parsed = ZReviewInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError("validation_failed", String(issue.path[0] ?? "review"), issue.message);
  }
  return parsed.data;
}

/** Writes (or rewrites) the student's review of a course; 404 for another site's course, 403 when not enrolled. */
export async function saveReview(
  db: Db,
  accountId: string,
  input: { courseId: string; studentId: string; review: unknown },
): Promise<SavedReview> {
  const written = parseReview(input.review);
  // Stored masked (spec §5 profanity filter), so every reader sees the same text.
  const filter = filterFor(await profanity.settings(db, accountId));
  const review = { ...written, title: filter.mask(written.title), review: filter.mask(written.review) };
  const { saved } = await events.transaction(db, accountId, async (tx, out) => {
    const { course } = await loadCourse(tx, accountId, input.courseId);
    if (course.status !== "published") throw notFound("Course");
    if (!(await findEnrolment(tx, accountId, course.id, input.studentId))) {
      throw new AppError("forbidden", "Only students enrolled in this course may review it");
    }
    const now = new Date();
    const target = [courseReviews.accountId, courseReviews.courseId, courseReviews.studentId];
    // The same review again (a second click, two tabs) changes nothing: no update, no course_reviewed.
    const [changed] = await tx
      .insert(courseReviews)
      .values({ accountId, courseId: course.id, studentId: input.studentId, ...review })
      .onConflictDoUpdate({
        target,
        set: { ...review, updatedAt: now },
        setWhere: sql`(${courseReviews.rating}, ${courseReviews.title}, ${courseReviews.review}) is distinct from (excluded.rating, excluded.title, excluded.review)`,
      })
      .returning();
    if (changed) {
      out.push(
        await events.emit(
          tx,
          accountId,
          "course_reviewed",
          { courseId: course.id, studentId: input.studentId, review },
          input.studentId,
        ),
      );
    }
    const [row] = changed
      ? [changed]
      : await tx
          .select()
          .from(courseReviews)
          .where(
            and(
              eq(courseReviews.accountId, accountId),
              eq(courseReviews.courseId, course.id),
              eq(courseReviews.studentId, input.studentId),
            ),
          );
    return { saved: row };
  });
  await refreshCoursePages(accountId);
  return { id: saved.id, courseId: saved.courseId, rating: saved.rating, title: saved.title, review: saved.review };
}

/** A manager removes a review; another site's review is not found. */
export async function deleteReview(db: Db, accountId: string, courseId: string, reviewId: string) {
  await withTenant(db, accountId, async (tx) => {
    const { course } = await loadCourse(tx, accountId, courseId);
    const [gone] = await tx
      .delete(courseReviews)
      .where(
        and(
          eq(courseReviews.accountId, accountId),
          eq(courseReviews.courseId, course.id),
          eq(courseReviews.id, reviewId),
        ),
      )
      .returning({ id: courseReviews.id });
    if (!gone) throw notFound("Review");
  });
  await refreshCoursePages(accountId);
}
