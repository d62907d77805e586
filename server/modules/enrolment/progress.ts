// The student's side of an enrolment that every learning screen shares: opening an item (checked
// on the server against expiry, unit lock and drip) and completing or un-completing it (progress,
// and at 100% the certificate). Callers pass their transaction and collect the emitted events, then
// publish them after commit.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isExpired } from "../../../core/course-duration";
import {
  type CurriculumItem,
  courseProgress,
  countedItems,
  isItemComplete,
  isUnlockedByLock,
  markItem,
  markStarted,
} from "../../../core/curriculum";
import { dripAvailableAt } from "../../../core/drip-feed";
import type { Tx } from "../../db/client";
import { commitWith } from "../../db/tenant";
import { certificates, courseStudents, courses, members } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { addonSwitchedOff } from "../addons";
import { type CourseRecord, courseRecordColumns, courseRecordOf, isUuid, loadCourse } from "../courses";
import { type Emitted, events } from "../events";

export type { Emitted } from "../events";
export type EnrolmentRow = typeof courseStudents.$inferSelect;

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

export async function findEnrolment(
  tx: Tx,
  accountId: string,
  courseId: string,
  studentId: string,
  opts: { lock?: boolean } = {},
): Promise<EnrolmentRow | null> {
  const query = tx
    .select()
    .from(courseStudents)
    .where(
      and(
        eq(courseStudents.accountId, accountId),
        eq(courseStudents.courseId, courseId),
        eq(courseStudents.studentId, studentId),
      ),
    );
  const [row] = await (opts.lock ? query.for("update") : query);
  return row ?? null;
}

/**
 * The enrolment, locked until the transaction ends. Every change to a student's record in a course
 * (progress, status, marks, expiry, and their submissions there) takes this lock first, so two
 * requests at once queue instead of overwriting each other's curriculum_data, and each sees what
 * the other did before it decides which events a change causes.
 */
export const lockEnrolment = (tx: Tx, accountId: string, courseId: string, studentId: string) =>
  findEnrolment(tx, accountId, courseId, studentId, { lock: true });

/** Where an item stands for this student: open, or locked with the reason and (for drip) when it opens. */
export type ItemAccess = { open: true } | { open: false; reason: "lock" | "drip"; opensAt: number | null };

/** The enrolment start drip counts from: the first opening, else the enrolment itself. */
export const enrolmentStartSeconds = (e: EnrolmentRow) => nowSeconds(e.startAt ?? e.createdAt);

export function itemAccess(record: CourseRecord, enrolment: EnrolmentRow, itemId: string, now: Date): ItemAccess {
  const { course, curriculum } = record;
  const data = enrolment.curriculumData;
  if (!isUnlockedByLock(curriculum, data, itemId, course.settings.unitLock)) {
    return { open: false, reason: "lock", opensAt: null };
  }
  if (course.settings.dripfeed) {
    const at = dripAvailableAt(curriculum, data, course.settings, itemId, enrolmentStartSeconds(enrolment));
    if (at == null || at > nowSeconds(now)) return { open: false, reason: "drip", opensAt: at };
  }
  return { open: true };
}

function curriculumItem(record: CourseRecord, itemId: string): CurriculumItem & { id: string } {
  const item = countedItems(record.curriculum).find((i) => i.id === itemId);
  if (!item) throw notFound("Curriculum item");
  return item;
}

/** The student's enrolment, locked for a change; refused when missing (404) or expired. */
export async function requireActiveEnrolment(
  tx: Tx,
  accountId: string,
  courseId: string,
  studentId: string,
  now: Date,
): Promise<EnrolmentRow> {
  const enrolment = await lockEnrolment(tx, accountId, courseId, studentId);
  if (!enrolment) throw notFound("Enrolment");
  return requireActive(enrolment, now);
}

function requireActive(enrolment: EnrolmentRow, now: Date): EnrolmentRow {
  if (isExpired(enrolment.expiry.getTime(), now.getTime())) {
    throw new AppError("enrolment_expired", "This enrolment has expired; ask the instructor to extend it");
  }
  return enrolment;
}

/**
 * The course and the student's enrolment in it, the enrolment locked as requireActiveEnrolment
 * does, in one statement (the player's write path); 404 for a missing course or enrolment.
 */
export async function courseAndLockedEnrolment(
  tx: Tx,
  accountId: string,
  courseId: string,
  studentId: string,
): Promise<{ record: CourseRecord; enrolment: EnrolmentRow }> {
  if (!isUuid(courseId)) throw notFound("Course");
  const [found] = await tx
    .select({ ...courseRecordColumns(), enrolment: courseStudents })
    .from(courses)
    .innerJoin(
      courseStudents,
      and(
        eq(courseStudents.accountId, courses.accountId),
        eq(courseStudents.courseId, courses.id),
        eq(courseStudents.studentId, studentId),
      ),
    )
    .where(and(eq(courses.accountId, accountId), eq(courses.id, courseId)))
    .for("update", { of: courseStudents });
  if (!found) {
    await loadCourse(tx, accountId, courseId); // 404 Course when it is the course that is missing
    throw notFound("Enrolment");
  }
  return { record: courseRecordOf(found), enrolment: found.enrolment };
}

function requireOpen(record: CourseRecord, enrolment: EnrolmentRow, itemId: string, now: Date) {
  const access = itemAccess(record, enrolment, itemId, now);
  if (!access.open) {
    throw new AppError(
      "item_locked",
      access.reason === "lock" ? "Complete the previous item first" : "This item is not available yet",
      { reason: access.reason, opensAt: access.opensAt },
    );
  }
}

type ItemInput = {
  courseId: string;
  studentId: string;
  itemId: string;
  now?: Date;
  record?: CourseRecord;
  /** The enrolment, already locked in this transaction (courseAndLockedEnrolment). */
  locked?: EnrolmentRow;
};
type EventDraft = { type: string; payload: Record<string, unknown> };

/** The course start that opening `item` causes, if it is the student's first opening (spec §4). */
function started(enrolment: EnrolmentRow, now: Date, drafts: EventDraft[]) {
  if (enrolment.startAt != null) return {};
  const payload = { courseId: enrolment.courseId, studentId: enrolment.studentId };
  drafts.push({ type: "course_started", payload }, { type: "instructor_start_course", payload });
  return { startAt: now, status: enrolment.status === 1 ? 2 : enrolment.status };
}

const enrolmentWhere = (accountId: string, courseId: string, studentId: string) =>
  and(
    eq(courseStudents.accountId, accountId),
    eq(courseStudents.courseId, courseId),
    eq(courseStudents.studentId, studentId),
  );

/**
 * Opens a curriculum item for its student: checks expiry, unit lock and drip on the server, records
 * the item's start and, on the very first item, the course start (status 2, startAt; course_started
 * and instructor_start_course events).
 */
export async function openItem(
  tx: Tx,
  accountId: string,
  input: ItemInput,
  out: Emitted,
): Promise<{ record: CourseRecord; enrolment: EnrolmentRow; item: CurriculumItem & { id: string } }> {
  const now = input.now ?? new Date();
  const record = input.record ?? (await loadCourse(tx, accountId, input.courseId));
  const enrolment = input.locked
    ? requireActive(input.locked, now)
    : await requireActiveEnrolment(tx, accountId, input.courseId, input.studentId, now);
  const item = curriculumItem(record, input.itemId);
  requireOpen(record, enrolment, item.id, now);
  const drafts: EventDraft[] = [];
  const [updated] = await tx
    .update(courseStudents)
    .set({
      curriculumData: markStarted(enrolment.curriculumData, item, nowSeconds(now)),
      ...started(enrolment, now, drafts),
      updatedAt: now,
    })
    .where(enrolmentWhere(accountId, input.courseId, input.studentId))
    .returning();
  out.push(...(await events.emitAll(tx, accountId, drafts, input.studentId)));
  return { record, enrolment: updated, item };
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** A public certificate code: 12 characters without look-alikes (about 60 bits). */
export function newCertificateCode(): string {
  return [...randomBytes(12)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/**
 * Completes (or un-completes) an item and recalculates progress, under the enrolment's lock, in one
 * update. Events follow what really changed: lesson_completed only for an item that was not complete,
 * course_completed and course_submitted only when progress reaches 100 % from below, and at that
 * moment the certificate, issued once (certificate_earned). The item must be open to be completed;
 * un-completing is always allowed. A request that changes nothing writes nothing.
 */
export async function setItemComplete(
  tx: Tx,
  accountId: string,
  /** `last`: nothing follows in the transaction, so the change may commit with its last statement. */
  input: ItemInput & { complete: boolean; last?: boolean },
  out: Emitted,
): Promise<{ enrolment: EnrolmentRow; progress: number; certificateCode: string | null }> {
  const now = input.now ?? new Date();
  const record = input.record ?? (await loadCourse(tx, accountId, input.courseId));
  const enrolment = input.locked
    ? requireActive(input.locked, now)
    : await requireActiveEnrolment(tx, accountId, input.courseId, input.studentId, now);
  const item = curriculumItem(record, input.itemId);
  if (input.complete) requireOpen(record, enrolment, item.id, now);
  const drafts: EventDraft[] = [];
  const start = input.complete ? started(enrolment, now, drafts) : {};
  const before = enrolment.curriculumData;
  const opened = input.complete ? markStarted(before, item, nowSeconds(now)) : before;
  const data = markItem(opened, item, input.complete, nowSeconds(now));
  const progress = courseProgress(record.curriculum, data);
  const wasComplete = isItemComplete(before, item.id);
  const base = {
    courseId: input.courseId,
    studentId: input.studentId,
    userId: input.studentId,
    itemId: item.id,
    lessonId: item.id,
    postType: item.post_type,
  };
  if (input.complete && !wasComplete) drafts.push({ type: "lesson_completed", payload: base });
  const finished = progress === 100 && enrolment.progress < 100;
  if (finished) {
    // Finishing every item submits the course to its instructors for evaluation (spec §4 "course submitted").
    drafts.push({ type: "course_completed", payload: base }, { type: "course_submitted", payload: base });
  }
  const unchanged =
    progress === enrolment.progress && !("startAt" in start) && JSON.stringify(data) === JSON.stringify(before);
  if (unchanged) return { enrolment, progress, certificateCode: null };
  const change = { curriculumData: data, progress, ...start, updatedAt: now };
  const update = tx
    .update(courseStudents)
    .set(change)
    .where(enrolmentWhere(accountId, input.courseId, input.studentId));
  // Issued only while the site's certificates addon is on (decision 0033); read only at the finish.
  const certify =
    finished && Boolean(record.course.certificate?.enabled) && !(await addonSwitchedOff(tx, accountId, "certificates"));
  if (input.last && !certify) {
    // The common case ends the transaction: the update, its events and the commit in one message,
    // so the enrolment's lock is released without another round trip (commitWith).
    const inserted = events.insertOf(tx, accountId, drafts, input.studentId);
    await commitWith(tx, inserted.statement ? [update, inserted.statement] : [update]);
    out.push(...inserted.emitted);
    return { enrolment: { ...enrolment, ...change }, progress, certificateCode: null };
  }
  const [updated] = await update.returning();
  out.push(...(await events.emitAll(tx, accountId, drafts, input.studentId)));
  const certificateCode = certify ? await issueCertificate(tx, accountId, record, input.studentId, out) : null;
  return { enrolment: updated, progress, certificateCode };
}

/** Issues the course certificate to a student once; returns its code (the existing one if issued). */
export async function issueCertificate(
  tx: Tx,
  accountId: string,
  record: CourseRecord,
  studentId: string,
  out: Emitted,
): Promise<string> {
  const [student] = await tx
    .select({ name: members.name })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, studentId)));
  const [row] = await tx
    .insert(certificates)
    .values({
      accountId,
      code: newCertificateCode(),
      courseId: record.course.id,
      studentId,
      studentName: student?.name ?? "",
      courseTitle: record.course.title,
    })
    .onConflictDoNothing({ target: [certificates.accountId, certificates.courseId, certificates.studentId] })
    .returning({ code: certificates.code });
  if (row) {
    out.push(
      await events.emit(
        tx,
        accountId,
        "certificate_earned",
        { courseId: record.course.id, studentId, code: row.code },
        studentId,
      ),
    );
    return row.code;
  }
  const [existing] = await tx
    .select({ code: certificates.code })
    .from(certificates)
    .where(
      and(
        eq(certificates.accountId, accountId),
        eq(certificates.courseId, record.course.id),
        eq(certificates.studentId, studentId),
      ),
    );
  return existing.code;
}

/** Count of enrolments (for a seat check under the course row lock). */
export const enrolmentCount = (tx: Tx, accountId: string, courseId: string) =>
  tx
    .select({ n: sql<number>`count(*)::int` })
    .from(courseStudents)
    .where(and(eq(courseStudents.accountId, accountId), eq(courseStudents.courseId, courseId)))
    .then((r) => r[0]?.n ?? 0);
