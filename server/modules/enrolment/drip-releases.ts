// drip_lesson_available (spec §9): a scheduled job finds the dripped items that have opened for
// each active student of a drip-fed course and announces each (enrolment, item) once; the release
// is recorded under a unique key in the transaction of its event, so a rerun or a second worker
// announces nothing twice.
import { and, eq, gt, sql } from "drizzle-orm";
import { drippedOpen } from "../../../core/drip-feed";
import type { Db } from "../../db/client";
import { courseStudents, courses, dripReleases } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { courseRecordColumns, courseRecordOf } from "../courses";
import { events } from "../events";
import { enrolmentStartSeconds } from "./progress";

/** Announces every dripped item newly open at `now`; answers how many were announced. */
export async function releaseDrippedItems(db: Db, now = new Date()): Promise<number> {
  const dripCourses = await withPlatform(db, (tx) =>
    tx
      .select(courseRecordColumns())
      .from(courses)
      .where(and(eq(courses.status, "published"), sql`(${courses.settings}->>'dripfeed')::boolean is true`)),
  );
  let announced = 0;
  for (const row of dripCourses) {
    const record = courseRecordOf(row);
    const { accountId, id: courseId } = record.course;
    announced += await events.transaction(db, accountId, async (tx, out) => {
      const students = await tx
        .select()
        .from(courseStudents)
        .where(
          and(
            eq(courseStudents.accountId, accountId),
            eq(courseStudents.courseId, courseId),
            gt(courseStudents.expiry, now),
          ),
        );
      const due = students.flatMap((s) =>
        drippedOpen(
          record.curriculum,
          s.curriculumData,
          record.course.settings,
          enrolmentStartSeconds(s),
          Math.floor(now.getTime() / 1000),
        ).map((itemId) => ({ accountId, courseId, studentId: s.studentId, itemId })),
      );
      if (due.length === 0) return 0;
      const fresh = await tx
        .insert(dripReleases)
        .values(due)
        .onConflictDoNothing()
        .returning({ studentId: dripReleases.studentId, itemId: dripReleases.itemId });
      out.push(
        ...(await events.emitAll(
          tx,
          accountId,
          fresh.map((r) => ({
            type: "drip_lesson_available",
            payload: { courseId, userId: r.studentId, studentId: r.studentId, itemId: r.itemId, lessonId: r.itemId },
          })),
        )),
      );
      return fresh.length;
    });
  }
  return announced;
}

const DRIP = "enrolment.drip-releases";
jobs.define(DRIP, async (db) => void (await releaseDrippedItems(db)), { retryLimit: 0 });
jobs.schedule(DRIP, "*/5 * * * *");
