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
  isUnlockedByLock,
  markItem,
  markStarted,
} from "../../../core/curriculum";
import { dripAvailableAt } from "../../../core/drip-feed";
import type { Tx } from "../../db/client";
import { certificates, courseStudents, members } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { type CourseRecord, loadCourse } from "../courses";
import { type Emitted, events } from "../events";

export type { Emitted } from "../events";
export type EnrolmentRow = typeof courseStudents.$inferSelect;

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

export async function findEnrolment(
  tx: Tx,
  accountId: string,
  courseId: string,
  studentId: string,
): Promise<EnrolmentRow | null> {
  const [row] = await tx
    .select()
    .from(courseStudents)
    .where(
      and(
        eq(courseStudents.accountId, accountId),
        eq(courseStudents.courseId, courseId),
        eq(courseStudents.studentId, studentId),
      ),
    );
  return row ?? null;
}

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

/** The student's enrolment, refused when missing (404) or expired. */
export async function requireActiveEnrolment(
  tx: Tx,
  accountId: string,
  courseId: string,
  studentId: string,
  now: Date,
): Promise<EnrolmentRow> {
  const enrolment = await findEnrolment(tx, accountId, courseId, studentId);
  if (!enrolment) throw notFound("Enrolment");
  if (isExpired(enrolment.expiry.getTime(), now.getTime())) {
    throw new AppError("enrolment_expired", "This enrolment has expired; ask the instructor to extend it");
  }
  return enrolment;
}

/**
 * Opens a curriculum item for its student: checks expiry, unit lock and drip on the server, records
 * the item's start and, on the very first item, the course start (status 2, startAt; course_started
 * and instructor_start_course events).
 */
export async function openItem(
  tx: Tx,
  accountId: string,
  input: { courseId: string; studentId: string; itemId: string; now?: Date },
  out: Emitted,
): Promise<{ record: CourseRecord; enrolment: EnrolmentRow; item: CurriculumItem & { id: string } }> {
  const now = input.now ?? new Date();
  const record = await loadCourse(tx, accountId, input.courseId);
  const enrolment = await requireActiveEnrolment(tx, accountId, input.courseId, input.studentId, now);
  const item = curriculumItem(record, input.itemId);
  const access = itemAccess(record, enrolment, item.id, now);
  if (!access.open) {
    throw new AppError(
      "item_locked",
      access.reason === "lock" ? "Complete the previous item first" : "This item is not available yet",
      { reason: access.reason, opensAt: access.opensAt },
    );
  }
  const firstStart = enrolment.startAt == null;
  const data = markStarted(enrolment.curriculumData, item, nowSeconds(now));
  const [updated] = await tx
    .update(courseStudents)
    .set({
      curriculumData: data,
      ...(firstStart ? { startAt: now, status: enrolment.status === 1 ? 2 : enrolment.status } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(courseStudents.accountId, accountId),
        eq(courseStudents.courseId, input.courseId),
        eq(courseStudents.studentId, input.studentId),
      ),
    )
    .returning();
  if (firstStart) {
    const payload = { courseId: input.courseId, studentId: input.studentId };
    out.push(await events.emit(tx, accountId, "course_started", payload, input.studentId));
    out.push(await events.emit(tx, accountId, "instructor_start_course", payload, input.studentId));
  }
  return { record, enrolment: updated, item };
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** A public certificate code: 12 characters without look-alikes (about 60 bits). */
export function newCertificateCode(): string {
  return [...randomBytes(12)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/**
 * Completes (or un-completes) an item and recalculates progress. Reaching 100% emits
 * course_completed and, when the course has a certificate template, issues the certificate once
 * (certificate_earned). The item must be open to be completed; un-completing is always allowed.
 */
export async function setItemComplete(
  tx: Tx,
  accountId: string,
  input: { courseId: string; studentId: string; itemId: string; complete: boolean; now?: Date },
  out: Emitted,
): Promise<{ enrolment: EnrolmentRow; progress: number; certificateCode: string | null }> {
  const now = input.now ?? new Date();
  let record: CourseRecord;
  let enrolment: EnrolmentRow;
  if (input.complete) {
    ({ record, enrolment } = await openItem(tx, accountId, { ...input, now }, out));
  } else {
    record = await loadCourse(tx, accountId, input.courseId);
    enrolment = await requireActiveEnrolment(tx, accountId, input.courseId, input.studentId, now);
  }
  const item = curriculumItem(record, input.itemId);
  const data = markItem(enrolment.curriculumData, item, input.complete, nowSeconds(now));
  const progress = courseProgress(record.curriculum, data);
  const [updated] = await tx
    .update(courseStudents)
    .set({ curriculumData: data, progress, updatedAt: now })
    .where(
      and(
        eq(courseStudents.accountId, accountId),
        eq(courseStudents.courseId, input.courseId),
        eq(courseStudents.studentId, input.studentId),
      ),
    )
    .returning();
  const base = { courseId: input.courseId, studentId: input.studentId, itemId: item.id, postType: item.post_type };
  if (input.complete && !enrolment.curriculumData.some((d) => d.id === item.id && d.complete)) {
    out.push(await events.emit(tx, accountId, "lesson_completed", base, input.studentId));
  }
  let certificateCode: string | null = null;
  if (progress === 100 && enrolment.progress < 100) {
    out.push(await events.emit(tx, accountId, "course_completed", base, input.studentId));
    // Finishing every item submits the course to its instructors for evaluation (spec §4 "course submitted").
    out.push(await events.emit(tx, accountId, "course_submitted", base, input.studentId));
    if (record.course.certificate?.enabled) {
      certificateCode = await issueCertificate(tx, accountId, record, input.studentId, out);
    }
  }
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
