// The student's side (spec §2 /dashboard/courses, the course player): my courses, a course's
// outline with where each item stands, opening an item (its unit content, or a link to the quiz or
// assignment screen) and completing units. Events are published after each transaction commits.
import { and, desc, eq } from "drizzle-orm";
import { isExpired } from "../../../core/course-duration";
import { withoutEmptySections } from "../../../core/course-template";
import { countedItems, type CurriculumItem, isItemComplete } from "../../../core/curriculum";
import type { Tx } from "../../db/client";
import { certificates, courseStudents, courses, units } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import { type CourseRecord, type LearningCtx, loadCourse } from "../courses";
import { events } from "../events";
import { sanitizeRichHtml } from "../html";
import { transcriptsService } from "../transcripts";
import {
  courseAndLockedEnrolment,
  type Emitted,
  type EnrolmentRow,
  findEnrolment,
  itemAccess,
  openItem,
  setItemComplete,
} from "./progress";

export type OutlineItem = {
  id: string | null;
  postType: CurriculumItem["post_type"];
  title: string;
  complete: boolean;
  /** Unix seconds of completion. */
  completedAt: number | null;
  open: boolean;
  reason: "lock" | "drip" | null;
  /** Unix seconds when a drip item opens. */
  opensAt: number | null;
};

export type EnrolmentView = {
  status: number;
  progress: number;
  startAt: number | null;
  expiry: string;
  expired: boolean;
};

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

const enrolmentView = (e: EnrolmentRow, now: Date): EnrolmentView => ({
  status: e.status,
  progress: e.progress,
  startAt: seconds(e.startAt),
  expiry: e.expiry.toISOString(),
  expired: isExpired(e.expiry.getTime(), now.getTime()),
});

async function certificateCode(tx: Tx, accountId: string, courseId: string, studentId: string) {
  const [c] = await tx
    .select({ code: certificates.code })
    .from(certificates)
    .where(
      and(
        eq(certificates.accountId, accountId),
        eq(certificates.courseId, courseId),
        eq(certificates.studentId, studentId),
      ),
    );
  return c?.code ?? null;
}

/** Where a quiz or assignment item is taken (screens of the assessments area). */
export function itemLink(courseId: string, item: { id: string; post_type: string }): string | null {
  if (item.post_type === "quiz") return `/dashboard/courses/quiz/${item.id}?course=${courseId}`;
  if (item.post_type === "assignments") return `/dashboard/courses/assignments/${item.id}?course=${courseId}`;
  return null;
}

const publishAfter = <T>(ctx: LearningCtx, fn: (tx: Tx, out: Emitted) => Promise<T>): Promise<T> =>
  events.transaction(ctx.db, ctx.accountId, fn);

/** The outline of `record` for the enrolment `e`, with the certificate's code when there is one. */
async function outlineOf(tx: Tx, ctx: LearningCtx, record: CourseRecord, e: EnrolmentRow, now: Date) {
  const items: OutlineItem[] = record.curriculum.map((item) => {
    if (!item.id || item.post_type === "section") {
      return {
        id: null,
        postType: "section",
        title: item.title,
        complete: false,
        completedAt: null,
        open: true,
        reason: null,
        opensAt: null,
      };
    }
    const access = itemAccess(record, e, item.id, now);
    return {
      id: item.id,
      postType: item.post_type,
      title: item.title,
      complete: isItemComplete(e.curriculumData, item.id),
      completedAt: e.curriculumData.find((d) => d.id === item.id)?.complete ?? null,
      open: access.open,
      reason: access.open ? null : access.reason,
      opensAt: access.open ? null : access.opensAt,
    };
  });
  return {
    course: {
      id: record.course.id,
      title: record.course.title,
      slug: record.course.slug,
      image: record.course.featuredImage.image ?? null,
    },
    enrolment: enrolmentView(e, now),
    items,
    certificateCode: await certificateCode(tx, ctx.accountId, record.course.id, ctx.userId),
  };
}

/** Opens an item (openItem's checks and start marks) and reads what the player shows of it. */
async function openAndRead(
  tx: Tx,
  ctx: LearningCtx,
  courseId: string,
  itemId: string,
  out: Emitted,
  known: { record?: CourseRecord; locked?: EnrolmentRow; now?: Date } = {},
) {
  const { item } = await openItem(tx, ctx.accountId, { courseId, studentId: ctx.userId, itemId, ...known }, out);
  if (item.post_type !== "unit") {
    return { id: item.id, postType: item.post_type, title: item.title, link: itemLink(courseId, item), unit: null };
  }
  const [unit] = await tx
    .select({
      title: units.title,
      content: units.content,
      video: units.video,
      downloads: units.downloads,
      duration: units.duration,
    })
    .from(units)
    .where(and(eq(units.accountId, ctx.accountId), eq(units.id, item.id)));
  if (!unit) throw notFound("Unit");
  // Rendered as HTML in the player: sanitised again on the way out, whoever wrote it, and
  // without the template's sections the author left empty.
  // The recording's transcript, under the player and as the video's captions.
  const transcript = await transcriptsService.forVideo(tx, ctx.accountId, unit.video);
  const safe = { ...unit, content: withoutEmptySections(sanitizeRichHtml(unit.content)), transcript };
  return { id: item.id, postType: item.post_type, title: item.title, link: null, unit: safe };
}
type OpenedItem = Awaited<ReturnType<typeof openAndRead>>;

export const player = {
  /** The signed-in member's enrolments, most recent first. */
  myCourses: (ctx: LearningCtx) =>
    withTenant(ctx.db, ctx.accountId, async (tx) => {
      const rows = await tx
        .select({ e: courseStudents, c: courses })
        .from(courseStudents)
        .innerJoin(
          courses,
          and(eq(courses.accountId, courseStudents.accountId), eq(courses.id, courseStudents.courseId)),
        )
        .where(and(eq(courseStudents.accountId, ctx.accountId), eq(courseStudents.studentId, ctx.userId)))
        .orderBy(desc(courseStudents.updatedAt));
      const now = new Date();
      return rows.map(({ e, c }) => ({
        courseId: c.id,
        title: c.title,
        slug: c.slug,
        image: c.featuredImage.image ?? null,
        ...enrolmentView(e, now),
      }));
    }),

  /** The course outline with each item's state for the signed-in student (404 when not enrolled). */
  outline: (ctx: LearningCtx, courseId: string) =>
    withTenant(ctx.db, ctx.accountId, async (tx) => {
      const record = await loadCourse(tx, ctx.accountId, courseId);
      const e = await findEnrolment(tx, ctx.accountId, courseId, ctx.userId);
      if (!e) throw notFound("Enrolment");
      return outlineOf(tx, ctx, record, e, new Date());
    }),

  /**
   * The player's page in one transaction: the outline, the item shown (`wanted` when it is in the
   * course, else the first open one not complete, else the first) opened as `open` does, or why it
   * is closed. The enrolment is read locked once, for the outline and the opening.
   */
  page: (ctx: LearningCtx, courseId: string, wanted: string | null) =>
    publishAfter(ctx, async (tx, out) => {
      const now = new Date();
      const { record, enrolment } = await courseAndLockedEnrolment(tx, ctx.accountId, courseId, ctx.userId);
      const outline = await outlineOf(tx, ctx, record, enrolment, now);
      const counted = outline.items.filter((i) => i.id);
      const current =
        counted.find((i) => i.id === wanted) ?? counted.find((i) => i.open && !i.complete) ?? counted[0] ?? null;
      let opened: OpenedItem | null = null;
      let closed: { reason: "lock" | "drip"; opensAt: number | null } | null = null;
      if (current?.id && !outline.enrolment.expired) {
        try {
          opened = await openAndRead(tx, ctx, courseId, current.id, out, { record, locked: enrolment, now });
        } catch (err) {
          // Opening is checked here (lock, drip); a refusal is shown on the page, not thrown.
          if (!(err instanceof AppError) || err.code !== "item_locked") throw err;
          const details = err.details as { reason?: "lock" | "drip"; opensAt?: number | null } | undefined;
          closed = { reason: details?.reason ?? "lock", opensAt: details?.opensAt ?? null };
        }
      }
      return { ...outline, currentId: current?.id ?? null, opened, closed };
    }),

  /** Opens an item (server-side expiry, lock and drip checks): a unit's content, or the link to take it. */
  open: (ctx: LearningCtx, courseId: string, itemId: string) =>
    publishAfter(ctx, (tx, out) => openAndRead(tx, ctx, courseId, itemId, out)),

  /** Completes or un-completes a unit; quizzes and assignments are completed by their grading. */
  setComplete: (ctx: LearningCtx, courseId: string, itemId: string, complete: boolean) =>
    publishAfter(ctx, async (tx, out) => {
      // The course and the locked enrolment in one statement: one round trip before the lock's last.
      const { record, enrolment } = await courseAndLockedEnrolment(tx, ctx.accountId, courseId, ctx.userId);
      const item = countedItems(record.curriculum).find((i) => i.id === itemId);
      if (!item) throw notFound("Curriculum item");
      if (item.post_type !== "unit") {
        throw new AppError("validation_failed", "Quizzes and assignments are completed when they are graded", [
          { field: "itemId", message: "Only units can be marked complete" },
        ]);
      }
      const r = await setItemComplete(
        tx,
        ctx.accountId,
        { courseId, studentId: ctx.userId, itemId, complete, record, locked: enrolment, last: true },
        out,
      );
      return {
        progress: r.progress,
        certificateCode: r.certificateCode,
        enrolment: enrolmentView(r.enrolment, new Date()),
      };
    }),
};
