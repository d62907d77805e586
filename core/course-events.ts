// Who hears about which course event (spec §4, §7): the recipient side, the action label, the page
// the notification opens, and the e-mail subject and body with the §7 tokens. Every link is the
// page that works for its recipient: a student's quiz or assignment carries its course (the student
// screens need it), an instructor's goes to the submissions queue. Pure, so the whole table is
// tested with plain payloads.
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

/** Which of the recipient's pages a notification opens (see eventLinks). */
export type LinkTarget = "course" | "coursePage" | "quiz" | "assignment" | "student" | "certificate";

export type CourseEventRule = {
  audience: Audience;
  /** The touchpoint (options.touchpoints key) that switches this event's notification and e-mail. */
  touchpoint: string;
  /** Action label shown in the bell (spec data.action.label). */
  label: string;
  subject: string;
  /** Plain text with {{tokens}}; links are absolute by the time they are rendered. */
  body: string;
  target: LinkTarget;
};

/** What a link needs beyond the payload. */
export type LinkContext = { courseSlug?: string | null };

export type EventLinks = Record<LinkTarget, string | null>;

const query = (params: Record<string, string | null | undefined>) => {
  const entries = Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]));
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : "";
};

/**
 * The pages of an event for one side, as site-relative paths (null where the payload has nothing to
 * link). Students reach the course player and the quiz and assignment screens of that course;
 * instructors the course editor, the submissions queues (opened on the submission) and the student
 * in the course's student list.
 */
export function eventLinks(audience: Audience, p: CourseEventPayload, ctx: LinkContext = {}): EventLinks {
  const toStudent = audience === "student";
  const course = !p.courseId
    ? null
    : toStudent
      ? `/dashboard/courses/${p.courseId}`
      : `/dashboard/instructor/course/${p.courseId}`;
  const queue = (kind: "quizzes" | "assignments", id: string) =>
    `/dashboard/instructor/submissions/${kind}/${query({ id, status: "all", submission: p.submissionId })}`;
  const quiz = !p.quizId
    ? null
    : toStudent
      ? `/dashboard/courses/quiz/${p.quizId}${query({ course: p.courseId })}`
      : queue("quizzes", p.quizId);
  // An assignment is only ever taken inside a course: without one there is no student page.
  const assignment = !p.assignmentId
    ? null
    : !toStudent
      ? queue("assignments", p.assignmentId)
      : p.courseId
        ? `/dashboard/courses/assignments/${p.assignmentId}${query({ course: p.courseId })}`
        : null;
  return {
    course,
    coursePage: ctx.courseSlug ? `/course/${encodeURIComponent(ctx.courseSlug)}` : course,
    quiz,
    assignment,
    student:
      !toStudent && p.courseId && p.studentId
        ? `/dashboard/instructor/course/${p.courseId}/manage${query({ student: p.studentId })}`
        : null,
    certificate: p.code ? `/certificate/${encodeURIComponent(p.code)}` : null,
  };
}

/** The page a notification of this event opens for its recipient. */
export function notificationLink(rule: CourseEventRule, p: CourseEventPayload, ctx: LinkContext = {}): string | null {
  return eventLinks(rule.audience, p, ctx)[rule.target];
}

const toStudent = (
  touchpoint: string,
  label: string,
  subject: string,
  body: string,
  target: LinkTarget,
): CourseEventRule => ({ audience: "student", touchpoint, label, subject, body, target });
const toInstructors = (
  touchpoint: string,
  label: string,
  subject: string,
  body: string,
  target: LinkTarget,
): CourseEventRule => ({ audience: "instructors", touchpoint, label, subject, body, target });

const RULES: Record<string, CourseEventRule> = {
  course_subscribed: toInstructors(
    "course_subscribed",
    "subscribed to",
    "New student in {{course.title}}",
    "Hello {{user}},\n\n{{student.name}} joined {{course.titlelink}}.\nStudent: {{student.link}}",
    "student",
  ),
  student_course_subscribed: toStudent(
    "course_subscribed",
    "you are enrolled in",
    "Welcome to {{course.title}}",
    "Hello {{user}},\n\nYou are enrolled in {{course.titlelink}}. Start learning whenever you are ready.",
    "course",
  ),
  course_started: toInstructors(
    "course_started",
    "started",
    "{{student.name}} started {{course.title}}",
    "Hello {{user}},\n\n{{student.name}} started {{course.titlelink}}.\nStudent: {{student.link}}",
    "student",
  ),
  certificate_earned: toStudent(
    "certificate_earned",
    "earned the certificate of",
    "Your certificate for {{course.title}}",
    "Hello {{user}},\n\nCongratulations, you completed {{course.titlelink}}.\nYour certificate: {{certificate.link}}",
    "certificate",
  ),
  course_reset: toStudent(
    "course_reset",
    "reset your progress in",
    "Your progress in {{course.title}} was reset",
    "Hello {{user}},\n\nYour instructor reset your progress in {{course.titlelink}}. Instructor: {{instructor.link}}",
    "course",
  ),
  course_status_changed: toStudent(
    "course_status_changed",
    "changed your status in",
    "Your status in {{course.title}} changed",
    "Hello {{user}},\n\nYour status in {{course.titlelink}} was updated.",
    "course",
  ),
  course_submitted: toInstructors(
    "course_submitted",
    "submitted",
    "{{student.name}} submitted {{course.title}}",
    "Hello {{user}},\n\n{{student.name}} submitted {{course.titlelink}} for evaluation.\nStudent: {{student.link}}",
    "student",
  ),
  course_evaluated: toStudent(
    "course_evaluated",
    "evaluated",
    "{{course.title}} was evaluated",
    "Hello {{user}},\n\nYour instructor evaluated {{course.titlelink}}. Marks: {{student.marks}}",
    "course",
  ),
  course_reviewed: toInstructors(
    "course_reviewed",
    "reviewed",
    "New review of {{course.title}}",
    "Hello {{user}},\n\n{{student.name}} reviewed {{course.titlelink}}.\nRating: {{review.rating}}\n{{review.title}}\n{{review.review}}",
    "coursePage",
  ),
  quiz_submitted: toInstructors(
    "quiz_submitted",
    "submitted the quiz",
    "{{student.name}} submitted {{quiz.title}}",
    "Hello {{user}},\n\n{{student.name}} submitted {{quiz.titlelink}} in {{course.titlelink}}.",
    "quiz",
  ),
  quiz_evaluated: toStudent(
    "quiz_evaluated",
    "evaluated the quiz",
    "{{quiz.title}} was evaluated",
    "Hello {{user}},\n\nYour quiz {{quiz.titlelink}} was evaluated. Marks: {{student.marks}}",
    "quiz",
  ),
  quiz_reset: toStudent(
    "quiz_reset",
    "reset the quiz",
    "{{quiz.title}} was reset",
    "Hello {{user}},\n\nYour instructor reset {{quiz.titlelink}}; you can take it again.",
    "quiz",
  ),
  quiz_retake: toInstructors(
    "quiz_retake",
    "is retaking the quiz",
    "{{student.name}} is retaking {{quiz.title}}",
    "Hello {{user}},\n\n{{student.name}} started another attempt at {{quiz.titlelink}}.",
    "quiz",
  ),
  assignment_submitted: toInstructors(
    "assignment_submitted",
    "submitted the assignment",
    "{{student.name}} submitted {{assignment.title}}",
    "Hello {{user}},\n\n{{student.name}} submitted {{assignment.titlelink}} in {{course.titlelink}}.",
    "assignment",
  ),
  assignment_evaluated: toStudent(
    "assignment_evaluated",
    "evaluated the assignment",
    "{{assignment.title}} was evaluated",
    "Hello {{user}},\n\nYour assignment {{assignment.titlelink}} was evaluated. Marks: {{student.marks}}",
    "assignment",
  ),
  assignment_reset: toStudent(
    "assignment_reset",
    "reset the assignment",
    "{{assignment.title}} was reset",
    "Hello {{user}},\n\nYour instructor reset {{assignment.titlelink}}; you can submit it again.",
    "assignment",
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
