// Who hears about which course event (spec §4, §7): the recipient side, the action label, the link
// the notification opens, and the e-mail subject and body with the §7 tokens. Pure, so the whole
// table is tested with plain payloads.
//
// Duplicate pairs: course_subscribed and instructor_course_subscribed are emitted together, as are
// course_started and instructor_start_course. The spec's touchpoint names (course_subscribed,
// course_started) are the ones that notify the instructors, so switching that touchpoint off silences
// them; the instructor_* twins only stay in the outbox for automations.

export type CourseEventPayload = {
  courseId?: string;
  studentId?: string;
  quizId?: string;
  assignmentId?: string;
  submissionId?: string;
  marks?: number;
  status?: number;
  code?: string;
  review?: { rating?: number; title?: string; review?: string };
};

export type Audience = "student" | "instructors";

export type CourseEventRule = {
  audience: Audience;
  /** The touchpoint (options.touchpoints key) that switches this event's notification and e-mail. */
  touchpoint: string;
  /** Action label shown in the bell (spec data.action.label). */
  label: string;
  subject: string;
  /** Plain text with {{tokens}}; links are absolute by the time they are rendered. */
  body: string;
  link: (p: CourseEventPayload) => string;
};

const course = (p: CourseEventPayload) => `/dashboard/courses/${p.courseId ?? ""}`;
const quiz = (p: CourseEventPayload) => `/dashboard/courses/quiz/${p.quizId ?? ""}`;
const assignment = (p: CourseEventPayload) => `/dashboard/courses/assignments/${p.assignmentId ?? ""}`;
const manage = (p: CourseEventPayload) =>
  `/dashboard/instructor/course/${p.courseId ?? ""}/manage?student=${p.studentId ?? ""}`;
const quizQueue = (p: CourseEventPayload) => `/dashboard/instructor/submissions/quizzes/?id=${p.quizId ?? ""}`;
const assignmentQueue = (p: CourseEventPayload) =>
  `/dashboard/instructor/submissions/assignments/?id=${p.assignmentId ?? ""}`;
const certificate = (p: CourseEventPayload) => `/certificate/${p.code ?? ""}`;

const toStudent = (
  touchpoint: string,
  label: string,
  subject: string,
  body: string,
  link: CourseEventRule["link"],
): CourseEventRule => ({ audience: "student", touchpoint, label, subject, body, link });
const toInstructors = (
  touchpoint: string,
  label: string,
  subject: string,
  body: string,
  link: CourseEventRule["link"],
): CourseEventRule => ({ audience: "instructors", touchpoint, label, subject, body, link });

const RULES: Record<string, CourseEventRule> = {
  course_subscribed: toInstructors(
    "course_subscribed",
    "subscribed to",
    "New student in {{course.title}}",
    "Hello {{user}},\n\n{{student.name}} joined {{course.titlelink}}.\nStudent: {{student.link}}",
    manage,
  ),
  student_course_subscribed: toStudent(
    "course_subscribed",
    "you are enrolled in",
    "Welcome to {{course.title}}",
    "Hello {{user}},\n\nYou are enrolled in {{course.titlelink}}. Start learning whenever you are ready.",
    course,
  ),
  course_started: toInstructors(
    "course_started",
    "started",
    "{{student.name}} started {{course.title}}",
    "Hello {{user}},\n\n{{student.name}} started {{course.titlelink}}.\nStudent: {{student.link}}",
    manage,
  ),
  certificate_earned: toStudent(
    "certificate_earned",
    "earned the certificate of",
    "Your certificate for {{course.title}}",
    "Hello {{user}},\n\nCongratulations, you completed {{course.titlelink}}.\nYour certificate: {{certificate.link}}",
    certificate,
  ),
  course_reset: toStudent(
    "course_reset",
    "reset your progress in",
    "Your progress in {{course.title}} was reset",
    "Hello {{user}},\n\nYour instructor reset your progress in {{course.titlelink}}. Instructor: {{instructor.link}}",
    course,
  ),
  course_status_changed: toStudent(
    "course_status_changed",
    "changed your status in",
    "Your status in {{course.title}} changed",
    "Hello {{user}},\n\nYour status in {{course.titlelink}} was updated.",
    course,
  ),
  course_submitted: toInstructors(
    "course_submitted",
    "submitted",
    "{{student.name}} submitted {{course.title}}",
    "Hello {{user}},\n\n{{student.name}} submitted {{course.titlelink}} for evaluation.\nStudent: {{student.link}}",
    manage,
  ),
  course_evaluated: toStudent(
    "course_evaluated",
    "evaluated",
    "{{course.title}} was evaluated",
    "Hello {{user}},\n\nYour instructor evaluated {{course.titlelink}}. Marks: {{student.marks}}",
    course,
  ),
  course_reviewed: toInstructors(
    "course_reviewed",
    "reviewed",
    "New review of {{course.title}}",
    "Hello {{user}},\n\n{{student.name}} reviewed {{course.titlelink}}.\nRating: {{review.rating}}\n{{review.title}}\n{{review.review}}",
    course,
  ),
  quiz_submitted: toInstructors(
    "quiz_submitted",
    "submitted the quiz",
    "{{student.name}} submitted {{quiz.title}}",
    "Hello {{user}},\n\n{{student.name}} submitted {{quiz.titlelink}} in {{course.titlelink}}.",
    quizQueue,
  ),
  quiz_evaluated: toStudent(
    "quiz_evaluated",
    "evaluated the quiz",
    "{{quiz.title}} was evaluated",
    "Hello {{user}},\n\nYour quiz {{quiz.titlelink}} was evaluated. Marks: {{student.marks}}",
    quiz,
  ),
  quiz_reset: toStudent(
    "quiz_reset",
    "reset the quiz",
    "{{quiz.title}} was reset",
    "Hello {{user}},\n\nYour instructor reset {{quiz.titlelink}}; you can take it again.",
    quiz,
  ),
  quiz_retake: toInstructors(
    "quiz_retake",
    "is retaking the quiz",
    "{{student.name}} is retaking {{quiz.title}}",
    "Hello {{user}},\n\n{{student.name}} started another attempt at {{quiz.titlelink}}.",
    quizQueue,
  ),
  assignment_submitted: toInstructors(
    "assignment_submitted",
    "submitted the assignment",
    "{{student.name}} submitted {{assignment.title}}",
    "Hello {{user}},\n\n{{student.name}} submitted {{assignment.titlelink}} in {{course.titlelink}}.",
    assignmentQueue,
  ),
  assignment_evaluated: toStudent(
    "assignment_evaluated",
    "evaluated the assignment",
    "{{assignment.title}} was evaluated",
    "Hello {{user}},\n\nYour assignment {{assignment.titlelink}} was evaluated. Marks: {{student.marks}}",
    assignment,
  ),
  assignment_reset: toStudent(
    "assignment_reset",
    "reset the assignment",
    "{{assignment.title}} was reset",
    "Hello {{user}},\n\nYour instructor reset {{assignment.titlelink}}; you can submit it again.",
    assignment,
  ),
};

/** Every event type this module listens to, including the silent twins. */
export const COURSE_EVENT_TYPES = [
  ...Object.keys(RULES),
  "instructor_course_subscribed",
  "instructor_start_course",
] as const;

/** The rule of an event type, or null when it does not notify (the instructor_* twins, unknown types). */
export function courseEventRule(type: string): CourseEventRule | null {
  return RULES[type] ?? null;
}

/** Missing touchpoint entries are on; only an explicit false switches an event off. */
export function touchpointOn(touchpoints: unknown, touchpoint: string): boolean {
  if (!touchpoints || typeof touchpoints !== "object") return true;
  return (touchpoints as Record<string, unknown>)[touchpoint] !== false;
}

/** Replaces {{token}} with its value; unknown tokens become empty. */
export function renderTokens(template: string, tokens: Record<string, string | number | null | undefined>): string {
  return template.replace(/\{\{\s*([a-z.]+)\s*\}\}/gi, (_, key: string) => {
    const v = tokens[key];
    return v == null ? "" : String(v);
  });
}
