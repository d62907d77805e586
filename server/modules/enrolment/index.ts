// Enrolment (spec §3 course_students, §4): who is in which course, with what status, expiry and
// progress. The shared student-side rules (open an item, complete it, issue the certificate) live
// in progress.ts; enrolling, the instructor's actions and the player build on them.
export * from "./progress";
export * from "./enrol";
export * from "./manage";
export * from "./player";
export * from "./stats";
export * from "./home";
export * from "./drip-releases";
