// Enrolling oneself from the public course page: the enrolment module's enrolStudent decides
// access and seats (AppError "seats" when full); the page cache drops the changed seat count.
import type { Db } from "../../db/client";
import { enrolStudent } from "../enrolment";
import { events } from "../events";
import { refreshCoursePages } from "../courses";

export async function enrolSelf(db: Db, accountId: string, courseId: string, studentId: string) {
  const result = await events.transaction(db, accountId, (tx, out) =>
    enrolStudent(tx, accountId, { courseId, studentId, by: "self" }, out),
  );
  if (result.created) await refreshCoursePages(accountId);
  return { courseId, created: result.created };
}
