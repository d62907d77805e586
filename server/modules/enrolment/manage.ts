// The instructor's side of enrolment (spec §4): the students of a course, their status, expiry,
// reset and removal, and enrolling a member by e-mail. Allowed with manage_students on a course the
// member teaches, or with manage_options on any course of the site.
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { extendExpiry, isExpired } from "../../../core/course-duration";
import type { Duration } from "../../../core/curriculum";
import { ENROLMENT_STATUS_VALUES, isEnrolmentStatus } from "../../../core/enrolment-status";
import { hasCap } from "../../../core/roles";
import type { Tx } from "../../db/client";
import { assignmentSubmissions, courseStudents, members, quizSubmissions } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import type { LearningCtx } from "../courses";
import { loadCourse, teachesCourse } from "../courses";
import { events } from "../events";
import { enrolStudent, unenrolStudent } from "./enrol";
import { type Emitted, type EnrolmentRow, findEnrolment, lockEnrolment } from "./progress";
import { escapeLike } from "../../db/like";

export type StudentView = {
  studentId: string;
  name: string;
  email: string;
  avatar: string;
  status: number;
  progress: number;
  marks: number;
  /** Unix seconds of the first opening, or null. */
  startAt: number | null;
  expiry: string;
  expired: boolean;
  enrolledAt: string;
  curriculumData: EnrolmentRow["curriculumData"];
};

export const avatarUrl = (userId: string) => `/avatars/${userId}/avatar.jpg`;

/** Refuses (403) unless the acting member may manage this course's students; 404 for another site's course. */
export async function requireCourseManager(tx: Tx, ctx: LearningCtx, courseId: string, cap = "manage_students") {
  const record = await loadCourse(tx, ctx.accountId, courseId);
  const manager = hasCap(ctx.caps, "manage_options");
  if (
    !manager &&
    !(hasCap(ctx.caps, cap as "manage_students") && (await teachesCourse(tx, ctx.accountId, courseId, ctx.userId)))
  ) {
    throw new AppError("forbidden", `This needs the ${cap} permission on a course you teach`);
  }
  return record;
}

function studentView(
  e: EnrolmentRow,
  m: { name: string | null; email: string | null } | undefined,
  now: Date,
): StudentView {
  return {
    studentId: e.studentId,
    name: m?.name ?? "",
    email: m?.email ?? "",
    avatar: avatarUrl(e.studentId),
    status: e.status,
    progress: e.progress,
    marks: e.marks,
    startAt: e.startAt ? Math.floor(e.startAt.getTime() / 1000) : null,
    expiry: e.expiry.toISOString(),
    expired: isExpired(e.expiry.getTime(), now.getTime()),
    enrolledAt: e.createdAt.toISOString(),
    curriculumData: e.curriculumData,
  };
}

const studentWhere = (accountId: string, courseId: string, studentId: string) =>
  and(
    eq(courseStudents.accountId, accountId),
    eq(courseStudents.courseId, courseId),
    eq(courseStudents.studentId, studentId),
  );

async function oneStudent(tx: Tx, accountId: string, courseId: string, studentId: string, now: Date) {
  const e = await findEnrolment(tx, accountId, courseId, studentId);
  if (!e) throw notFound("Student");
  const [m] = await tx
    .select({ name: members.name, email: members.email })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, studentId)));
  return studentView(e, m, now);
}

const run = <T>(ctx: LearningCtx, fn: (tx: Tx, out: Emitted) => Promise<T>): Promise<T> =>
  events.transaction(ctx.db, ctx.accountId, fn);

export const students = {
  /** A page of the course's students, by name; `q` matches name or e-mail. */
  list: (ctx: LearningCtx, courseId: string, opts: { q?: string; page?: number; perPage?: number } = {}) =>
    withTenant(ctx.db, ctx.accountId, async (tx) => {
      const { course } = await requireCourseManager(tx, ctx, courseId);
      const page = Math.max(1, opts.page ?? 1);
      const perPage = Math.min(100, Math.max(1, opts.perPage ?? 20));
      const q = opts.q?.trim();
      const where = and(
        eq(courseStudents.accountId, ctx.accountId),
        eq(courseStudents.courseId, courseId),
        q ? or(ilike(members.name, `%${escapeLike(q)}%`), ilike(members.email, `%${escapeLike(q)}%`)) : undefined,
      );
      const join = and(eq(members.accountId, courseStudents.accountId), eq(members.userId, courseStudents.studentId));
      const rows = await tx
        .select({ e: courseStudents, name: members.name, email: members.email })
        .from(courseStudents)
        .leftJoin(members, join)
        .where(where)
        .orderBy(asc(members.name), asc(courseStudents.studentId))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [total] = await tx.select({ n: count() }).from(courseStudents).leftJoin(members, join).where(where);
      const now = new Date();
      return {
        items: rows.map((r) => studentView(r.e, { name: r.name, email: r.email }, now)),
        total: Number(total.n),
        page,
        perPage,
        course: { id: course.id, title: course.title },
      };
    }),

  get: (ctx: LearningCtx, courseId: string, studentId: string) =>
    withTenant(ctx.db, ctx.accountId, async (tx) => {
      await requireCourseManager(tx, ctx, courseId);
      return oneStudent(tx, ctx.accountId, courseId, studentId, new Date());
    }),

  /** One student with every curriculum item and when they started and completed it (unix seconds). */
  detail: (ctx: LearningCtx, courseId: string, studentId: string) =>
    withTenant(ctx.db, ctx.accountId, async (tx) => {
      const record = await requireCourseManager(tx, ctx, courseId);
      const student = await oneStudent(tx, ctx.accountId, courseId, studentId, new Date());
      const items = record.curriculum
        .filter((i): i is typeof i & { id: string } => Boolean(i.id) && i.post_type !== "section")
        .map((i) => {
          const d = student.curriculumData.find((x) => x.id === i.id);
          return {
            id: i.id,
            postType: i.post_type,
            title: i.title,
            start: d?.start ?? null,
            complete: d?.complete ?? null,
          };
        });
      return { student, items };
    }),

  /** Enrols a member found by user id or e-mail (by "instructor"). */
  add: (ctx: LearningCtx, courseId: string, who: { userId?: string; email?: string }) =>
    run(ctx, async (tx, out) => {
      await requireCourseManager(tx, ctx, courseId);
      const [m] = await tx
        .select({ userId: members.userId })
        .from(members)
        .where(
          and(
            eq(members.accountId, ctx.accountId),
            who.userId
              ? eq(members.userId, who.userId)
              : sql`lower(${members.email}) = ${(who.email ?? "").trim().toLowerCase()}`,
          ),
        );
      const field = who.userId ? "userId" : "email";
      if (!m) throw fieldError("validation_failed", field, "No member of this site has that e-mail address");
      const { created } = await enrolStudent(
        tx,
        ctx.accountId,
        { courseId, studentId: m.userId, by: "instructor", actorId: ctx.userId },
        out,
      );
      return { created, student: await oneStudent(tx, ctx.accountId, courseId, m.userId, new Date()) };
    }),

  /** Sets the enrolment status; emits course_status_changed when it really changes. */
  setStatus: (ctx: LearningCtx, courseId: string, studentId: string, status: number) =>
    run(ctx, async (tx, out) => {
      await requireCourseManager(tx, ctx, courseId);
      if (!isEnrolmentStatus(status)) {
        throw fieldError("validation_failed", "status", `status is one of ${ENROLMENT_STATUS_VALUES.join(", ")}`);
      }
      const e = await lockEnrolment(tx, ctx.accountId, courseId, studentId);
      if (!e) throw notFound("Student");
      if (e.status !== status) {
        await tx
          .update(courseStudents)
          .set({ status, updatedAt: new Date() })
          .where(studentWhere(ctx.accountId, courseId, studentId));
        const payload = { courseId, studentId, status };
        out.push(await events.emit(tx, ctx.accountId, "course_status_changed", payload, ctx.userId));
      }
      return oneStudent(tx, ctx.accountId, courseId, studentId, new Date());
    }),

  /** Spec §4 "course evaluated": the instructor's marks for the whole course (0–100); emits course_evaluated. */
  setMarks: (ctx: LearningCtx, courseId: string, studentId: string, marks: number) =>
    run(ctx, async (tx, out) => {
      await requireCourseManager(tx, ctx, courseId);
      if (!Number.isInteger(marks) || marks < 0 || marks > 100) {
        throw fieldError("validation_failed", "marks", "marks is a whole number from 0 to 100");
      }
      const e = await lockEnrolment(tx, ctx.accountId, courseId, studentId);
      if (!e) throw notFound("Student");
      if (e.marks !== marks) {
        await tx
          .update(courseStudents)
          .set({ marks, updatedAt: new Date() })
          .where(studentWhere(ctx.accountId, courseId, studentId));
        out.push(await events.emit(tx, ctx.accountId, "course_evaluated", { courseId, studentId, marks }, ctx.userId));
      }
      return oneStudent(tx, ctx.accountId, courseId, studentId, new Date());
    }),

  /** Extends the expiry by value × parameter (from the current expiry while ahead, else from now). */
  extend: (ctx: LearningCtx, courseId: string, studentId: string, extension: Duration) =>
    run(ctx, async (tx) => {
      await requireCourseManager(tx, ctx, courseId);
      // Read under the lock: two extensions at once both count.
      const e = await lockEnrolment(tx, ctx.accountId, courseId, studentId);
      if (!e) throw notFound("Student");
      const now = new Date();
      const expiry = new Date(extendExpiry(e.expiry.getTime(), now.getTime(), extension));
      await tx
        .update(courseStudents)
        .set({ expiry, updatedAt: now })
        .where(studentWhere(ctx.accountId, courseId, studentId));
      return oneStudent(tx, ctx.accountId, courseId, studentId, now);
    }),

  /**
   * Spec §4 reset: back to status 1 with no progress, and exactly this student's quiz and assignment
   * submissions of this course deleted (other courses and other students keep theirs). Resetting what
   * is already as new (a second click) tells nobody.
   */
  reset: (ctx: LearningCtx, courseId: string, studentId: string) =>
    run(ctx, async (tx, out) => {
      await requireCourseManager(tx, ctx, courseId);
      const e = await lockEnrolment(tx, ctx.accountId, courseId, studentId);
      if (!e) throw notFound("Student");
      await tx
        .update(courseStudents)
        .set({ status: 1, curriculumData: [], progress: 0, startAt: null, marks: 0, updatedAt: new Date() })
        .where(studentWhere(ctx.accountId, courseId, studentId));
      const quizzes = await tx
        .delete(quizSubmissions)
        .where(
          and(
            eq(quizSubmissions.accountId, ctx.accountId),
            eq(quizSubmissions.courseId, courseId),
            eq(quizSubmissions.studentId, studentId),
          ),
        )
        .returning({ id: quizSubmissions.id });
      const handIns = await tx
        .delete(assignmentSubmissions)
        .where(
          and(
            eq(assignmentSubmissions.accountId, ctx.accountId),
            eq(assignmentSubmissions.courseId, courseId),
            eq(assignmentSubmissions.studentId, studentId),
          ),
        )
        .returning({ id: assignmentSubmissions.id });
      const asNew =
        e.status === 1 && e.curriculumData.length === 0 && e.progress === 0 && e.startAt == null && e.marks === 0;
      if (!asNew || quizzes.length || handIns.length) {
        out.push(await events.emit(tx, ctx.accountId, "course_reset", { courseId, studentId }, ctx.userId));
      }
      return oneStudent(tx, ctx.accountId, courseId, studentId, new Date());
    }),

  /** Removes the enrolment and gives the seat back. */
  remove: (ctx: LearningCtx, courseId: string, studentId: string) =>
    run(ctx, async (tx) => {
      await requireCourseManager(tx, ctx, courseId);
      if (!(await unenrolStudent(tx, ctx.accountId, courseId, studentId))) throw notFound("Student");
    }),
};
