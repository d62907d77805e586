import { describe, expect, it } from "vitest";
import {
  COURSE_EVENT_TYPES,
  type CourseEventPayload,
  courseEventRule,
  eventLinks,
  notificationLink,
  renderTokens,
  touchpointOn,
} from "./course-events";

const p = { courseId: "c1", studentId: "s1", quizId: "q1", assignmentId: "a1", code: "ABC" };

describe("course event recipients and links", () => {
  it("sends evaluations, resets, certificates, status changes and the welcome to the student", () => {
    for (const type of [
      "quiz_evaluated",
      "assignment_evaluated",
      "course_evaluated",
      "quiz_reset",
      "assignment_reset",
      "course_reset",
      "certificate_earned",
      "course_status_changed",
      "student_course_subscribed",
    ]) {
      expect(courseEventRule(type)?.audience, type).toBe("student");
    }
  });

  it("sends enrolments, starts, submissions, retakes and reviews to the instructors", () => {
    for (const type of [
      "course_subscribed",
      "course_started",
      "quiz_submitted",
      "assignment_submitted",
      "course_submitted",
      "course_reviewed",
      "quiz_retake",
    ]) {
      expect(courseEventRule(type)?.audience, type).toBe("instructors");
    }
  });

  it("keeps the instructor_* twins silent so instructors are not notified twice", () => {
    expect(courseEventRule("instructor_course_subscribed")).toBeNull();
    expect(courseEventRule("instructor_start_course")).toBeNull();
    expect(courseEventRule("lesson_completed")).toBeNull();
    expect(COURSE_EVENT_TYPES).toContain("instructor_start_course");
  });

  it("links each recipient to a page of theirs, with the course a student's quiz or assignment needs", () => {
    const link = (type: string, payload: CourseEventPayload = p) => {
      const rule = courseEventRule(type);
      return rule ? notificationLink(rule, payload, { courseSlug: "maths" }) : null;
    };
    expect(link("course_subscribed")).toBe("/dashboard/instructor/course/c1/manage?student=s1");
    expect(link("quiz_submitted", { ...p, submissionId: "x1" })).toBe(
      "/dashboard/instructor/submissions/quizzes/?id=q1&status=all&submission=x1",
    );
    expect(link("assignment_submitted")).toBe("/dashboard/instructor/submissions/assignments/?id=a1&status=all");
    expect(link("quiz_evaluated")).toBe("/dashboard/courses/quiz/q1?course=c1");
    // A quiz assigned outside any course opens without one.
    expect(link("quiz_reset", { studentId: "s1", quizId: "q1" })).toBe("/dashboard/courses/quiz/q1");
    expect(link("assignment_reset")).toBe("/dashboard/courses/assignments/a1?course=c1");
    expect(link("certificate_earned")).toBe("/certificate/ABC");
    expect(link("course_reset")).toBe("/dashboard/courses/c1");
    // Instructors are not enrolled: a review takes them to the course page where reviews show.
    expect(link("course_reviewed")).toBe("/course/maths");
  });

  it("gives e-mails the same pages per side", () => {
    expect(eventLinks("student", p)).toMatchObject({
      course: "/dashboard/courses/c1",
      quiz: "/dashboard/courses/quiz/q1?course=c1",
      student: null,
    });
    expect(eventLinks("instructors", p)).toMatchObject({
      course: "/dashboard/instructor/course/c1",
      quiz: "/dashboard/instructor/submissions/quizzes/?id=q1&status=all",
      student: "/dashboard/instructor/course/c1/manage?student=s1",
    });
  });

  it("gates both sides of an enrolment by the course_subscribed touchpoint", () => {
    expect(courseEventRule("student_course_subscribed")?.touchpoint).toBe("course_subscribed");
    expect(touchpointOn({ course_subscribed: false }, "course_subscribed")).toBe(false);
    expect(touchpointOn({ course_started: false }, "course_subscribed")).toBe(true);
    expect(touchpointOn(null, "quiz_reset")).toBe(true);
  });
});

describe("renderTokens", () => {
  it("fills §7 tokens and blanks unknown ones", () => {
    expect(
      renderTokens("Hi {{user}}, {{student.marks}} in {{course.titlelink}} {{nope}}.", {
        user: "Ana",
        "student.marks": 7,
        "course.titlelink": "Maths (https://x/course/maths)",
      }),
    ).toBe("Hi Ana, 7 in Maths (https://x/course/maths) .");
  });
});
