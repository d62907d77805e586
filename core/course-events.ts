// Who hears about which course event (spec §4, §7): the recipient side, the action label, the page
// the notification opens, the bell's English fallback title, and the link lines of the e-mail (its
// words come from the catalogue in the recipient's language). Every link is the
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
  /** The English fallback title of the bell notification, with {{tokens}}. */
  subject: string;
  /**
   * What the e-mail shows under its sentence (mail.notice.*, in the reader's language): the review's
   * own words, and the links of the recipient's pages, in this order.
   */
  lines: MailLine[];
  target: LinkTarget;
};

/** A line of a course event's e-mail: the student's review, or the link to one of the recipient's pages. */
export type MailLine = "review" | "quiz" | "assignment" | "course" | "student" | "instructor" | "certificate";

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
  lines: MailLine[],
  target: LinkTarget,
): CourseEventRule => ({ audience: "student", touchpoint, label, subject, lines, target });
const toInstructors = (
  touchpoint: string,
  label: string,
  subject: string,
  lines: MailLine[],
  target: LinkTarget,
): CourseEventRule => ({ audience: "instructors", touchpoint, label, subject, lines, target });

const RULES: Record<string, CourseEventRule> = {
  course_subscribed: toInstructors(
    "course_subscribed",
    "subscribed to",
    "New student in {{course.title}}",
    ["course", "student"],
    "student",
  ),
  student_course_subscribed: toStudent(
    "course_subscribed",
    "you are enrolled in",
    "Welcome to {{course.title}}",
    ["course"],
    "course",
  ),
  course_started: toInstructors(
    "course_started",
    "started",
    "{{student.name}} started {{course.title}}",
    ["course", "student"],
    "student",
  ),
  certificate_earned: toStudent(
    "certificate_earned",
    "earned the certificate of",
    "Your certificate for {{course.title}}",
    ["course", "certificate"],
    "certificate",
  ),
  course_reset: toStudent(
    "course_reset",
    "reset your progress in",
    "Your progress in {{course.title}} was reset",
    ["course", "instructor"],
    "course",
  ),
  course_status_changed: toStudent(
    "course_status_changed",
    "changed your status in",
    "Your status in {{course.title}} changed",
    ["course"],
    "course",
  ),
  course_submitted: toInstructors(
    "course_submitted",
    "submitted",
    "{{student.name}} submitted {{course.title}}",
    ["course", "student"],
    "student",
  ),
  course_evaluated: toStudent("course_evaluated", "evaluated", "{{course.title}} was evaluated", ["course"], "course"),
  course_reviewed: toInstructors(
    "course_reviewed",
    "reviewed",
    "New review of {{course.title}}",
    ["review", "course"],
    "coursePage",
  ),
  quiz_submitted: toInstructors(
    "quiz_submitted",
    "submitted the quiz",
    "{{student.name}} submitted {{quiz.title}}",
    ["quiz", "course"],
    "quiz",
  ),
  quiz_evaluated: toStudent("quiz_evaluated", "evaluated the quiz", "{{quiz.title}} was evaluated", ["quiz"], "quiz"),
  quiz_reset: toStudent("quiz_reset", "reset the quiz", "{{quiz.title}} was reset", ["quiz"], "quiz"),
  quiz_retake: toInstructors(
    "quiz_retake",
    "is retaking the quiz",
    "{{student.name}} is retaking {{quiz.title}}",
    ["quiz"],
    "quiz",
  ),
  assignment_submitted: toInstructors(
    "assignment_submitted",
    "submitted the assignment",
    "{{student.name}} submitted {{assignment.title}}",
    ["assignment", "course"],
    "assignment",
  ),
  assignment_evaluated: toStudent(
    "assignment_evaluated",
    "evaluated the assignment",
    "{{assignment.title}} was evaluated",
    ["assignment"],
    "assignment",
  ),
  assignment_reset: toStudent(
    "assignment_reset",
    "reset the assignment",
    "{{assignment.title}} was reset",
    ["assignment"],
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
