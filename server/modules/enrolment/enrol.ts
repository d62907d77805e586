// Enrolling a member in a course (spec §3 course_students, §4, §8): for a course with a seat limit,
// one seat check under the course row lock, so concurrent enrolments never pass the limit. Exported for the shop, which calls
// it inside its own transaction when an order for a course is paid.
import { and, eq, sql } from "drizzle-orm";
import { enrolmentExpiry } from "../../../core/course-duration";
import type { Tx } from "../../db/client";
import { courseStudents, courses, members } from "../../db/schema";
import { AppError, fieldError, notFound } from "../../errors";
import { type LearningCtx, loadCourse } from "../courses";
import { events } from "../events";
import { type Emitted, type EnrolmentRow, enrolmentCount, findEnrolment } from "./progress";

export type EnrolBy = "self" | "instructor" | "system";

/**
 * Enrols `studentId` (a member of the site). Idempotent: an existing enrolment comes back unchanged
 * with `created: false` and no event. Self-enrolment needs a published, free course.
 */
export async function enrolStudent(
  tx: Tx,
  accountId: string,
  input: { courseId: string; studentId: string; by: EnrolBy; actorId?: string | null; now?: Date },
  out: Emitted,
): Promise<{ enrolment: EnrolmentRow; created: boolean }> {
  const now = input.now ?? new Date();
  const record = await loadCourse(tx, accountId, input.courseId);
  const { course } = record;
  // A course with a seat limit serialises its enrolments with the course's row lock, so the count
  // below cannot change under us. Without a limit nothing needs counting: enrolments of one course
  // only meet at the student count, updated last (so its row lock is held the shortest time), and
  // two enrolments of one student meet at the enrolment's key.
  const limited = course.seats != null;
  if (limited) {
    await tx.execute(
      sql`select 1 from ${courses} where ${courses.accountId} = ${accountId} and ${courses.id} = ${input.courseId} for no key update`,
    );
  }
  const existing = await findEnrolment(tx, accountId, input.courseId, input.studentId);
  if (existing) return { enrolment: existing, created: false };
  if (input.by === "self") {
    if (course.status !== "published") throw notFound("Course");
    if (course.access !== "free") throw new AppError("forbidden", "This course is private");
  }
  const [member] = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, input.studentId)));
  if (!member) throw fieldError("validation_failed", "studentId", "The student is not a member of this site");
  if (limited) {
    const [fresh] = await tx
      .select({ seats: courses.seats })
      .from(courses)
      .where(and(eq(courses.accountId, accountId), eq(courses.id, input.courseId)));
    if (fresh.seats != null && (await enrolmentCount(tx, accountId, input.courseId)) >= fresh.seats) {
      throw new AppError("seats", "Seats Error");
    }
  }
  const [enrolment] = await tx
    .insert(courseStudents)
    .values({
      accountId,
      courseId: input.courseId,
      studentId: input.studentId,
      status: 1,
      expiry: new Date(enrolmentExpiry(now.getTime(), record.duration)),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!enrolment) {
    // The same student was enrolled by a request that committed meanwhile: theirs stands.
    const theirs = await findEnrolment(tx, accountId, input.courseId, input.studentId);
    if (theirs) return { enrolment: theirs, created: false };
    throw new AppError("conflict", "The enrolment changed meanwhile; try again");
  }
  const payload = { courseId: input.courseId, studentId: input.studentId, userId: input.studentId };
  const actor = input.actorId ?? (input.by === "self" ? input.studentId : null);
  const types = ["course_subscribed", "student_course_subscribed", "instructor_course_subscribed"];
  out.push(
    ...(await events.emitAll(
      tx,
      accountId,
      types.map((type) => ({ type, payload })),
      actor,
    )),
  );
  await tx
    .update(courses)
    .set({ studentCount: sql`${courses.studentCount} + 1` })
    .where(and(eq(courses.accountId, accountId), eq(courses.id, input.courseId)));
  return { enrolment, created: true };
}

/**
 * Takes a student out of a course (the instructor's remove, a refund, an ended membership): the
 * enrolment goes and the seat frees up. False when there was no enrolment.
 */
export async function unenrolStudent(tx: Tx, accountId: string, courseId: string, studentId: string): Promise<boolean> {
  const deleted = await tx
    .delete(courseStudents)
    .where(
      and(
        eq(courseStudents.accountId, accountId),
        eq(courseStudents.courseId, courseId),
        eq(courseStudents.studentId, studentId),
      ),
    )
    .returning({ id: courseStudents.studentId });
  if (!deleted.length) return false;
  await tx
    .update(courses)
    .set({ studentCount: sql`greatest(${courses.studentCount} - 1, 0)` })
    .where(and(eq(courses.accountId, accountId), eq(courses.id, courseId)));
  return true;
}

/** The signed-in member enrols themself (the course page, POST /courses/{id}/enrol); events published after commit. */
export function selfEnrol(ctx: LearningCtx, courseId: string) {
  return events.transaction(ctx.db, ctx.accountId, (tx, out) =>
    enrolStudent(tx, ctx.accountId, { courseId, studentId: ctx.userId, by: "self" }, out),
  );
}
