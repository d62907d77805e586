// Course notifications and e-mails (spec §4, §7, §8): each event reaches the right people once, as
// a bell notification with the spec's data shape and an e-mail with absolute links; a switched-off
// touchpoint sends nothing; a member who cannot be found gets no e-mail.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, members, notifications } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { enrolStudent, type Emitted } from "../../server/modules/enrolment";
import { events } from "../../server/modules/events";
import { options } from "../../server/modules/options";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, TEST_BASE, type TestPlatform } from "../support/platform";
import { memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let teacher: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "cn-a");
  teacher = await memberOf(t, A.site, "instructor", "cn-teacher");
});
afterAll(async () => {
  await t?.close();
});

const mailsTo = (to: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.accountId, A.site.accountId), eq(mailOutbox.toAddress, to))),
  );
const bellOf = (userId: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, A.site.accountId), eq(notifications.userId, userId))),
  );
const emit = async (type: string, payload: Record<string, unknown>, actorId: string | null = null) => {
  await withTenant(t.database.db, A.site.accountId, (tx) => events.emit(tx, A.site.accountId, type, payload, actorId));
  await events.drain(t.database.db, A.site.accountId);
};
const newCourse = () =>
  buildCourse(t.database.db, A.site, teacher.user, {
    title: `Maths ${uid()}`,
    curriculum: [{ unit: "U" }, { quiz: "Algebra" }],
  });

describe("course event notifications", () => {
  it("an enrolment tells the instructor once and welcomes the student, with absolute links", async () => {
    const { course } = await newCourse();
    const student = await memberOf(t, A.site, "student", "cn-student");
    await withTenant(t.database.db, A.site.accountId, (tx) =>
      enrolStudent(
        tx,
        A.site.accountId,
        { courseId: course.id, studentId: student.user.id, by: "self" },
        [] as Emitted,
      ),
    );
    await events.drain(t.database.db, A.site.accountId);
    await events.drain(t.database.db, A.site.accountId);

    const forTeacher = (await bellOf(teacher.user.id)).filter((n) => n.data.event === "course_subscribed");
    expect(forTeacher).toHaveLength(1);
    expect(forTeacher[0]).toMatchObject({
      component: "course",
      read: false,
      data: {
        action: {
          actor: { id: student.user.id, name: student.user.name, email: student.user.email },
          label: ["subscribed to"],
        },
        object: {
          id: course.id,
          link: `/dashboard/instructor/course/${course.id}/manage?student=${student.user.id}`,
          name: course.title,
        },
      },
    });
    const teacherMail = (await mailsTo(teacher.user.email)).filter((m) => m.kind === "course_subscribed");
    expect(teacherMail).toHaveLength(1);
    // The mail says what the bell says, then the recipient's links.
    expect(teacherMail[0].subject).toBe(`${student.user.name} enrolled in ${course.title}`);
    const origin = `http://${A.site.slug}.${TEST_BASE}`;
    // The course links to the instructor's own page of it (a draft course has no public page yet).
    expect(teacherMail[0].text).toContain(`Course: ${origin}/dashboard/instructor/course/${course.id}`);
    expect(teacherMail[0].text).toContain(
      `Student: ${origin}/dashboard/instructor/course/${course.id}/manage?student=${student.user.id}`,
    );
    expect(teacherMail[0].html).toContain(`<a href="${origin}/dashboard/instructor/course/${course.id}">`);
    // The bell words it from the event and names in the reader's language; no message repeats the title.
    expect(forTeacher[0]).toMatchObject({
      message: "",
      data: { params: { student: student.user.name, course: course.title } },
    });

    const welcome = await bellOf(student.user.id);
    expect(welcome.map((n) => n.data.event)).toEqual(["student_course_subscribed"]);
    expect((await mailsTo(student.user.email)).map((m) => m.subject)).toEqual([`You are enrolled in ${course.title}`]);
  });

  it("quiz evaluation reaches the student with marks; submission reaches the instructors' queue link", async () => {
    const origin = `http://${A.site.slug}.${TEST_BASE}`;
    const { course, itemIds } = await newCourse();
    const student = await memberOf(t, A.site, "student", "cn-quiz");
    await buildEnrolment(t.database.db, A.site, course.id, student.user.id);
    await emit(
      "quiz_submitted",
      { courseId: course.id, studentId: student.user.id, quizId: itemIds[1] },
      student.user.id,
    );
    await emit(
      "quiz_evaluated",
      { courseId: course.id, studentId: student.user.id, quizId: itemIds[1], marks: 8 },
      teacher.user.id,
    );
    const queue = (await bellOf(teacher.user.id)).find((n) => n.data.event === "quiz_submitted");
    expect(queue?.data).toMatchObject({
      object: { link: `/dashboard/instructor/submissions/quizzes/?id=${itemIds[1]}&status=all`, name: "Algebra" },
    });
    const evaluated = (await mailsTo(student.user.email)).find((m) => m.kind === "quiz_evaluated");
    expect(evaluated?.subject).toBe("Your quiz Algebra was evaluated: 8 marks");
    expect(evaluated?.text).toContain("Your quiz Algebra was evaluated: 8 marks");
    expect(evaluated?.text).toContain(`${origin}/dashboard/courses/quiz/${itemIds[1]}?course=${course.id}`);
    expect((await bellOf(student.user.id)).find((n) => n.data.event === "quiz_evaluated")?.data).toMatchObject({
      object: { link: `/dashboard/courses/quiz/${itemIds[1]}?course=${course.id}` },
      action: { actor: { id: teacher.user.id } },
    });
  });

  it("the instructor_* twins notify nobody", async () => {
    const { course } = await newCourse();
    const student = await memberOf(t, A.site, "student", "cn-twin");
    const before = (await bellOf(teacher.user.id)).length;
    await emit("instructor_start_course", { courseId: course.id, studentId: student.user.id });
    await emit("instructor_course_subscribed", { courseId: course.id, studentId: student.user.id });
    expect(await bellOf(teacher.user.id)).toHaveLength(before);
  });

  it("a touchpoint switched off sends neither notification nor e-mail", async () => {
    const { course } = await newCourse();
    const student = await memberOf(t, A.site, "student", "cn-off");
    const current = (await options.get(t.database.db, A.site.accountId, "touchpoints").catch(() => ({}))) as Record<
      string,
      boolean
    >;
    await options.set(t.database.db, A.site.accountId, "touchpoints", { ...current, course_reset: false });
    try {
      await emit("course_reset", { courseId: course.id, studentId: student.user.id }, teacher.user.id);
      expect(await bellOf(student.user.id)).toHaveLength(0);
      expect(await mailsTo(student.user.email)).toHaveLength(0);
    } finally {
      await options.set(t.database.db, A.site.accountId, "touchpoints", { ...current, course_reset: true });
    }
    await emit("course_reset", { courseId: course.id, studentId: student.user.id }, teacher.user.id);
    expect(await bellOf(student.user.id)).toHaveLength(1);
    expect(await mailsTo(student.user.email)).toHaveLength(1);
  });

  it("a member who cannot be found gets no e-mail, and other recipients still do", async () => {
    const { course } = await newCourse();
    const gone = await memberOf(t, A.site, "student", "cn-gone");
    await withPlatform(t.database.db, (tx) =>
      tx.delete(members).where(and(eq(members.accountId, A.site.accountId), eq(members.userId, gone.user.id))),
    );
    await emit("certificate_earned", { courseId: course.id, studentId: gone.user.id, code: "XYZ" });
    expect(await mailsTo(gone.user.email)).toHaveLength(0);
    await emit("course_started", { courseId: course.id, studentId: gone.user.id }, gone.user.id);
    expect((await mailsTo(teacher.user.email)).filter((m) => m.kind === "course_started")).toHaveLength(1);
  });
});
