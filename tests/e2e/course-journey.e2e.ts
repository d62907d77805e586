// The whole learning journey in one browser session: a student enrols from the course page, is kept
// out of the second unit until the first is done, takes the quiz and gets an automatic mark, hands
// in the assignment; the instructor evaluates it; the student reaches 100 %, opens the certificate
// and downloads its PDF; the notifications and e-mails of the way arrive. (The instructor building
// such a course through the editor is course-authoring.e2e.ts.)
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { mailOutbox, notifications } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const l = en.learning;
const a = en.assessments;
const c = en.catalog;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

const notificationsOf = (accountId: string, userId: string) =>
  withPlatform(e2e.t.database.db, (tx) =>
    tx
      .select({ title: notifications.title, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.userId, userId))),
  );
const mailKinds = (accountId: string, to: string) =>
  withPlatform(e2e.t.database.db, (tx) =>
    tx
      .select({ kind: mailOutbox.kind, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.accountId, accountId), eq(mailOutbox.toAddress, to))),
  );

describe("course journey", () => {
  it("enrol, locked unit, quiz, assignment, evaluation, 100 % and a certificate, with notifications", async () => {
    const { site, origin } = await e2e.newSite("journey", { sitetitle: "Journey School" });
    const teacher = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("teacher"), name: "Tara Teacher" });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("student"), name: "Stan Student" });
    await buildMember(e2e.t.database.db, site, teacher, "instructor");
    await buildMember(e2e.t.database.db, site, student, "student");
    const { course, itemIds } = await buildCourse(e2e.t.database.db, site, teacher, {
      title: "Bread Baking",
      settings: { unitLock: true },
      certificate: { enabled: true, title: "Baker's Certificate", body: "{{student}} completed {{course}}" },
      curriculum: [
        { section: "Dough" },
        { unit: "Flour and water", content: "<p>Mix flour and water.</p>" },
        { unit: "Kneading", content: "<p>Knead for ten minutes.</p>" },
        {
          quiz: "Dough check",
          questions: [
            { id: "q1", type: "single", prompt: "Knead for how long?", marks: 1, options: ["1", "10"], answer: 1 },
          ],
          settings: { passMark: 50 },
        },
        {
          assignment: "Bake a loaf",
          content: "<p>Describe your loaf.</p>",
          // The hand-in setting never touched: text-only, as the editor shows it.
          settings: { maxMarks: 10 },
        },
      ],
    });
    const [, , quizId, assignmentId] = itemIds;

    // Enrol from the course page.
    const page = await e2e.signedIn(origin, student.email, student.password);
    await page.goto(`${origin}/course/${course.slug}`);
    await page.getByRole("button", { name: c.enrol, exact: true }).click();
    await waitForPath(page, `/dashboard/courses/${course.id}`);

    // The second unit stays locked until the first is complete.
    await page.getByText("Mix flour and water.").waitFor();
    const outline = page.getByRole("navigation", { name: l.outline });
    const second = outline.getByTestId("outline-item").filter({ hasText: "Kneading" });
    expect(await second.getAttribute("data-state")).toBe("locked");
    const refused = await page.evaluate(
      async ([courseId, itemId]) =>
        (await fetch(`/api/v1/courses/${courseId}/items/${itemId}/open`, { method: "POST" })).status,
      [course.id, itemIds[1]],
    );
    expect(refused).toBe(403);
    await page.getByRole("button", { name: l.markComplete }).click();
    await expect.poll(() => second.getAttribute("data-state")).toBe("open");
    await page.getByRole("link", { name: l.next }).click();
    await page.getByText("Knead for ten minutes.").waitFor();
    await page.getByRole("button", { name: l.markComplete }).click();
    await page
      .getByTestId("course-progress")
      .getByText(fill(l.percentComplete, { progress: 50 }))
      .waitFor();

    // The quiz: an automatic mark.
    await open(page, `${origin}/dashboard/courses/quiz/${quizId}?course=${course.id}`);
    await page.getByRole("button", { name: a.quiz.start }).click();
    await page.getByRole("radio", { name: "10", exact: true }).check();
    await page.getByRole("button", { name: a.take.submit }).click();
    await page.getByRole("dialog").getByRole("button", { name: a.take.confirmSubmit, exact: true }).click();
    const result = page.getByTestId("quiz-result");
    await result.getByText(fill(a.result.marks_one, { marks: 1, count: 1 }), { exact: false }).waitFor();
    await result.getByText(a.result.passed, { exact: true }).waitFor();

    // The assignment.
    await open(page, `${origin}/dashboard/courses/assignments/${assignmentId}?course=${course.id}`);
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    await page.getByLabel(a.assignment.answer).fill("A crusty sourdough loaf.");
    await page.getByRole("button", { name: a.assignment.submit, exact: true }).click();
    await page.getByText(a.assignment.handedIn).waitFor();

    // The instructor evaluates it.
    const teach = await e2e.signedIn(origin, teacher.email, teacher.password);
    await open(teach, `${origin}/dashboard/instructor/submissions/assignments?id=${assignmentId}`);
    await teach.getByRole("cell", { name: "Stan Student" }).waitFor();
    await teach.getByRole("link", { name: a.queue.evaluate, exact: true }).click();
    const drawer = teach.getByRole("dialog");
    await drawer.getByText("A crusty sourdough loaf.").waitFor();
    await drawer.getByLabel(fill(a.queue.marksFor, { max: 10 })).fill("9");
    await drawer.getByRole("button", { name: a.queue.saveEvaluation }).click();
    await teach.getByRole("dialog").waitFor({ state: "detached" });

    // 100 % and the certificate.
    await open(page, `${origin}/dashboard/courses/${course.id}`);
    await page
      .getByTestId("course-progress")
      .getByText(fill(l.percentComplete, { progress: 100 }))
      .waitFor();
    await page.getByRole("link", { name: l.viewCertificate }).click();
    await page.getByTestId("certificate-card").getByText(c.verified).waitFor();
    const href = await page.getByRole("link", { name: c.downloadPdf }).getAttribute("href");
    const pdf = await e2e.t.request(site.slug, href ?? "");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "docs/screenshots/course-certificate.png" });

    // Notifications and e-mails: the instructor heard of the enrolment and the hand-in; the student
    // of the evaluation and the certificate, each with a link to the spec's routes.
    await expect
      .poll(async () => (await notificationsOf(site.accountId, student.id)).map((n) => n.data.event), {
        timeout: 20_000,
      })
      .toEqual(expect.arrayContaining(["assignment_evaluated", "certificate_earned"]));
    await expect
      .poll(async () => (await mailKinds(site.accountId, student.email)).map((m) => m.kind), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(["assignment_evaluated", "certificate_earned"]));
    await expect
      .poll(async () => (await mailKinds(site.accountId, teacher.email)).map((m) => m.kind), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(["course_subscribed", "assignment_submitted"]));
    const certificateMail = (await mailKinds(site.accountId, student.email)).find(
      (m) => m.kind === "certificate_earned",
    );
    expect(certificateMail?.text).toMatch(/\/certificate\/[A-Z0-9]{12}/);
    // The notifications page shows them to the student, worded once.
    await open(page, `${origin}/dashboard/notifications`);
    const evaluated = fill(en.notifications.course.assignment_evaluated, { assignment: "Bake a loaf", marks: 9 });
    await page.getByText(evaluated, { exact: true }).first().waitFor();
    expect(await page.getByText("Bake a loaf was evaluated", { exact: true }).count()).toBe(0);
  });
});
