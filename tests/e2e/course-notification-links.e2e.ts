// Every course event a student and an instructor can cause, then every link its bell notification
// and its e-mail carry, followed as the person who received it: each must open a working page of
// the real build (spec §2's student and instructor routes), never a 404; links sent before they
// carried their course still find it. Then the student, reading in Spanish, sees the notifications
// worded in Spanish, once each, and opens one from the bell.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import es from "../../app/i18n/locales/es/translation.json" with { type: "json" };
import { COURSE_EVENT_TYPES, courseEventRule } from "../../core/course-events";
import { mailOutbox, members, notifications } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { events } from "../../server/modules/events";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { signIn } from "../support/platform";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const NOTIFYING = COURSE_EVENT_TYPES.filter((type) => courseEventRule(type));

describe("course notification links", () => {
  it("open a working page for their recipient, for every course event", async () => {
    const { site, origin } = await e2e.newSite("links", { sitetitle: "Link School" });
    const db = e2e.t.database.db;
    const teacher = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("teacher"), name: "Tess Teacher" });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("student"), name: "Sam Student" });
    await buildMember(db, site, teacher, "instructor");
    await buildMember(db, site, student, "student");
    const { course, itemIds } = await buildCourse(db, site, teacher, {
      title: "Pottery",
      certificate: { enabled: true, title: "Potter", body: "{{student}} completed {{course}}" },
      curriculum: [
        { unit: "Clay", content: "<p>Wedge the clay.</p>" },
        {
          quiz: "Kiln check",
          questions: [{ id: "e1", type: "essay", prompt: "Describe a kiln", marks: 5 }],
          settings: { passMark: 0, attempts: 5, retake: true },
        },
        { assignment: "First bowl", settings: { maxMarks: 10, submissionType: "text" } },
      ],
    });
    const [unitId, quizId, assignmentId] = itemIds;
    const cookies = {
      [student.id]: await signIn(e2e.t, site.slug, student.email, student.password),
      [teacher.id]: await signIn(e2e.t, site.slug, teacher.email, teacher.password),
    };
    const call = async (who: string, method: string, path: string, json?: unknown) => {
      const res = await e2e.t.request(site.slug, `/api/v1${path}`, { method, cookie: cookies[who], json });
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return res.json();
    };
    const asStudent = (method: string, path: string, json?: unknown) => call(student.id, method, path, json);
    const asTeacher = (method: string, path: string, json?: unknown) => call(teacher.id, method, path, json);
    const handIn = (text: string) => {
      const form = new FormData();
      form.set("courseId", course.id);
      form.set("content", text);
      return e2e.t
        .request(site.slug, `/api/v1/assignments/${assignmentId}/submission`, {
          method: "POST",
          body: form,
          cookie: cookies[student.id],
        })
        .then((r) => r.json());
    };
    const takeQuiz = async () => {
      const attempt = await asStudent("POST", `/quizzes/${quizId}/attempts`, { courseId: course.id });
      await asStudent("POST", `/quiz-attempts/${attempt.id}/submit`, { answers: { e1: "Hot." } });
      return attempt.id as string;
    };

    await asStudent("POST", `/courses/${course.id}/enrol`);
    await asStudent("POST", `/courses/${course.id}/items/${unitId}/open`);
    await asStudent("PUT", `/courses/${course.id}/items/${unitId}/complete`);
    await asTeacher("POST", `/quiz-submissions/${await takeQuiz()}/evaluate`, { marks: { e1: 4 } });
    await takeQuiz(); // a retake
    await asTeacher("POST", `/quizzes/${quizId}/reset`, { studentId: student.id, courseId: course.id });
    const firstHandIn = await handIn("A wobbly bowl.");
    await asTeacher("POST", `/assignment-submissions/${firstHandIn.id}/evaluate`, { marks: 5 });
    await asTeacher("POST", `/assignments/${assignmentId}/reset`, { studentId: student.id });
    await asTeacher("POST", `/assignment-submissions/${(await handIn("A round bowl.")).id}/evaluate`, { marks: 9 });
    // The last item completes the course: submitted to the instructors, the certificate to the student.
    await asTeacher("POST", `/quiz-submissions/${await takeQuiz()}/evaluate`, { marks: { e1: 5 } });
    await asStudent("PUT", `/courses/${course.id}/review`, { rating: 5, title: "Lovely", review: "Muddy fun" });
    await asTeacher("PATCH", `/courses/${course.id}/students/${student.id}`, { status: 4 });
    await asTeacher("PATCH", `/courses/${course.id}/students/${student.id}`, { marks: 88 });
    await asTeacher("POST", `/courses/${course.id}/students/${student.id}/reset`);
    await events.drain(db, site.accountId);

    const received = () =>
      withPlatform(db, (tx) =>
        tx
          .select({ userId: notifications.userId, data: notifications.data })
          .from(notifications)
          .where(eq(notifications.accountId, site.accountId)),
      );
    await expect
      .poll(async () => new Set((await received()).map((n) => n.data.event as string)), { timeout: 20_000 })
      .toEqual(new Set(NOTIFYING));
    const mails = await withPlatform(db, (tx) =>
      tx
        .select({ to: mailOutbox.toAddress, kind: mailOutbox.kind, html: mailOutbox.html })
        .from(mailOutbox)
        .where(eq(mailOutbox.accountId, site.accountId)),
    );
    const emailOf = { [student.id]: student.email, [teacher.id]: teacher.email };
    const byEmail = { [student.email]: student.id, [teacher.email]: teacher.id };

    // Every link once per recipient: the bell's (site-relative) and the e-mails' (absolute, this site).
    const links = new Map<string, { who: string; from: string }>();
    for (const n of await received()) {
      const link = (n.data.object as { link?: string | null }).link;
      expect(link, `${n.data.event}`).toMatch(/^\//);
      links.set(`${n.userId} ${link}`, { who: n.userId, from: `bell ${n.data.event}` });
      expect(emailOf[n.userId]).toBeTruthy();
    }
    expect(new Set(mails.map((m) => m.kind))).toEqual(new Set(NOTIFYING));
    for (const m of mails) {
      const hrefs = [...(m.html ?? "").matchAll(/href="([^"]+)"/g)].map((h) => h[1]);
      expect(hrefs.length, `${m.kind} has links`).toBeGreaterThan(0);
      for (const href of hrefs) {
        const url = new URL(href.replace(/&amp;/g, "&"));
        expect(url.origin, `${m.kind} ${href}`).toBe(origin);
        links.set(`${byEmail[m.to]} ${url.pathname}${url.search}`, { who: byEmail[m.to], from: `e-mail ${m.kind}` });
      }
    }
    const broken: string[] = [];
    for (const [key, { who, from }] of links) {
      const path = key.slice(key.indexOf(" ") + 1);
      const res = await e2e.t.request(site.slug, path, { cookie: cookies[who] });
      if (res.status !== 200) broken.push(`${from} → ${path} answered ${res.status}`);
    }
    expect(broken).toEqual([]);

    // Links sent before they carried their course still find the student's course.
    for (const old of [`/dashboard/courses/quiz/${quizId}`, `/dashboard/courses/assignments/${assignmentId}`]) {
      const res = await e2e.t.request(site.slug, old, { cookie: cookies[student.id] });
      expect(res.status, old).toBe(302);
      const to = res.headers.get("location") ?? "";
      expect(to).toBe(`${old}?course=${course.id}`);
      expect((await e2e.t.request(site.slug, to, { cookie: cookies[student.id] })).status).toBe(200);
    }

    // The student reads in Spanish: each notification worded in Spanish, once, and the bell opens one.
    await withPlatform(db, (tx) =>
      tx
        .update(members)
        .set({ language: "es" })
        .where(and(eq(members.accountId, site.accountId), eq(members.userId, student.id))),
    );
    const page = await e2e.signedIn(origin, student.email, student.password);
    await open(page, `${origin}/dashboard/notifications`);
    const spanish = es.notifications.course.certificate_earned.replace("{{course}}", "Pottery");
    await page.getByText(spanish, { exact: true }).waitFor();
    expect(await page.getByText(spanish, { exact: true }).count()).toBe(1);
    expect(await page.getByText("Your certificate for Pottery").count()).toBe(0);
    const reset = es.notifications.course.course_reset.replace("{{course}}", "Pottery");
    const bellName = new RegExp(`^${es.notifications.bell_other.split("{{shown}}")[0]}\\d`);
    await page.getByRole("button", { name: bellName }).click();
    await page
      .getByRole("menuitem", { name: new RegExp(reset) })
      .first()
      .click();
    await page.waitForURL(`${origin}/dashboard/courses/${course.id}`);
    await page.getByText("Wedge the clay.").waitFor();
  });
});
