// Enrolment status (spec §3 course_students.status, §4): 1 and 2 are the spec's own (enrolled,
// started when the first item is opened); 3 to 5 are ours, for the instructor to record how a
// student ended the course. None of them opens or closes anything: access follows expiry, unit
// lock and drip alone. Screens show the name through `learning.statuses.<name>`.
export const ENROLMENT_STATUSES = {
  1: "enrolled",
  2: "started",
  3: "completed",
  4: "passed",
  5: "failed",
} as const;

export type EnrolmentStatus = keyof typeof ENROLMENT_STATUSES;
export type EnrolmentStatusName = (typeof ENROLMENT_STATUSES)[EnrolmentStatus];

/** The values an instructor may set, in the order a picker lists them. */
export const ENROLMENT_STATUS_VALUES = Object.keys(ENROLMENT_STATUSES).map(Number) as EnrolmentStatus[];

export const isEnrolmentStatus = (n: unknown): n is EnrolmentStatus =>
  typeof n === "number" && Object.hasOwn(ENROLMENT_STATUSES, n);

/**
 * The name of a status, or null for a value outside the list (one stored before the list existed),
 * which a screen shows as its number.
 */
export const enrolmentStatusName = (n: number): EnrolmentStatusName | null =>
  isEnrolmentStatus(n) ? ENROLMENT_STATUSES[n] : null;
