// Assessments in the browser: a student takes a quiz (single choice and true/false) and sees the
// automatic mark, hands in an assignment as text; the instructor evaluates it in the queue; the
// student then sees the marks.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { quizzes } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const a = en.assessments;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

describe("assessments", () => {
  it("student takes a quiz and hands in an assignment; the instructor evaluates it", async () => {
    const { site, origin } = await e2e.newSite("assess", { sitetitle: "Quiz School" });
    const teacher = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("teacher"), name: "Tess Teacher" });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("student"), name: "Sam Student" });
    await buildMember(e2e.t.database.db, site, teacher, "instructor");
    await buildMember(e2e.t.database.db, site, student, "student");
    const { course, itemIds } = await buildCourse(e2e.t.database.db, site, teacher, {
      title: "Basics",
      curriculum: [
        {
          quiz: "Warm-up",
          questions: [
            { id: "s1", type: "single", prompt: "Two plus two?", marks: 1, options: ["3", "4", "5"], answer: 1 },
            { id: "t1", type: "truefalse", prompt: "Water is wet", marks: 1, answer: true },
          ],
          settings: { passMark: 50, retake: true, attempts: 2 },
        },
        {
          assignment: "Short essay",
          content: "<p>Describe your town.</p>",
          settings: { maxMarks: 10, submissionType: "text" },
        },
      ],
    });
    const [quizId, assignmentId] = itemIds;
    await buildEnrolment(e2e.t.database.db, site, course.id, student.id);

    // The quiz.
    const page = await e2e.signedIn(origin, student.email, student.password);
    await open(page, `${origin}/dashboard/courses/quiz/${quizId}?course=${course.id}`);
    await page.getByRole("heading", { level: 1, name: "Warm-up" }).waitFor();
    await page.getByText(fill(a.quiz.questions, { count: 2 })).waitFor();
    await page.getByRole("button", { name: a.quiz.start }).click();
    await page.getByRole("radio", { name: "4", exact: true }).check();
    await page.getByRole("radio", { name: a.take.true, exact: true }).check();
    await page.getByRole("button", { name: a.take.submit }).click();
    await page.getByRole("dialog").getByRole("button", { name: a.take.confirmSubmit, exact: true }).click();
    const result = page.getByTestId("quiz-result");
    await result.getByText(fill(a.result.marks_other, { marks: 2, count: 2 }), { exact: false }).waitFor();
    await result.getByText(a.result.passed, { exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/assessments-quiz-result-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The assignment.
    await open(page, `${origin}/dashboard/courses/assignments/${assignmentId}?course=${course.id}`);
    await page.getByText("Describe your town.").waitFor();
    await page.getByText(a.assignment.none).waitFor();
    await page.getByLabel(a.assignment.answer).fill("My town has a river and a bridge.");
    await page.getByRole("button", { name: a.assignment.submit, exact: true }).click();
    await page.getByText(a.assignment.handedIn).waitFor();
    await page.getByTestId("assignment-submission").getByText(a.status.pending).waitFor();

    // The instructor's queue.
    const teach = await e2e.signedIn(origin, teacher.email, teacher.password);
    await open(teach, `${origin}/dashboard/instructor/submissions/assignments`);
    await teach.getByRole("link", { name: "Short essay" }).click();
    await teach.getByRole("cell", { name: "Sam Student" }).waitFor();
    await teach.getByRole("link", { name: a.queue.evaluate, exact: true }).click();
    const drawer = teach.getByRole("dialog");
    await drawer.getByText("My town has a river and a bridge.").waitFor();
    await drawer.getByLabel(fill(a.queue.marksFor, { max: 10 })).fill("8");
    await drawer.getByLabel(a.result.feedback).fill("Vivid description.");
    await drawer.getByRole("button", { name: a.queue.saveEvaluation }).click();
    await teach.getByRole("dialog").waitFor({ state: "detached" });
    await open(teach, `${origin}/dashboard/instructor/submissions/assignments?id=${assignmentId}&status=evaluated`);
    await teach.getByRole("cell", { name: "8/10" }).waitFor();
    await teach.screenshot({ path: "/tmp/assessments-queue.png", fullPage: true });

    // The student sees the marks.
    await open(page, `${origin}/dashboard/courses/assignments/${assignmentId}?course=${course.id}`);
    const mine = page.getByTestId("assignment-submission");
    await mine.getByText(fill(a.result.marks_other, { marks: 8, count: 10 })).waitFor();
    await mine.getByText("Vivid description.").waitFor();
    expect(await mine.getByText(a.status.evaluated).count()).toBe(1);
  });

  it("an instructor assigns a quiz; the student answers every kind of question and waits for the essay's marks", async () => {
    const { site, origin } = await e2e.newSite("assign", { sitetitle: "Mixed School" });
    const teacher = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("teacher"), name: "Tia Teacher" });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("student"), name: "Max Student" });
    await buildMember(e2e.t.database.db, site, teacher, "instructor");
    await buildMember(e2e.t.database.db, site, student, "student");
    await withTenant(e2e.t.database.db, site.accountId, (tx) =>
      tx.insert(quizzes).values({
        accountId: site.accountId,
        authorId: teacher.id,
        title: "Mixed",
        settings: { passMark: 50 },
        questions: [
          { id: "m", type: "multiple", prompt: "Even numbers", marks: 2, options: ["2", "3", "4"], answer: [0, 2] },
          { id: "f", type: "fillblank", prompt: "Capital of France", marks: 1, answer: ["Paris"] },
          { id: "n", type: "numeric", prompt: "Five halves", marks: 1, answer: 2.5 },
          { id: "p", type: "matching", prompt: "Match the numbers", marks: 2, left: ["1", "2"], right: ["one", "two"] },
          { id: "o", type: "sorting", prompt: "Put in order", marks: 2, items: ["alpha", "beta", "gamma"] },
          { id: "e", type: "essay", prompt: "Why?", marks: 3 },
        ],
      }),
    );
    const listPath = `${origin}/dashboard/courses/quizzes/${student.id}`;

    const teach = await e2e.signedIn(origin, teacher.email, teacher.password);
    await open(teach, listPath);
    await teach.getByText(a.assigned.empty).waitFor();
    await teach.getByLabel(a.assigned.quiz).selectOption({ label: "Mixed" });
    await teach.getByRole("button", { name: a.assigned.assign, exact: true }).click();
    await teach.getByRole("cell", { name: "Mixed" }).waitFor();

    const page = await e2e.signedIn(origin, student.email, student.password);
    await open(page, listPath);
    await page.getByRole("heading", { level: 1, name: a.assigned.mine }).waitFor();
    await page.getByRole("link", { name: a.assigned.take, exact: true }).click();
    await page.getByRole("button", { name: a.quiz.start }).click();
    await page.getByRole("checkbox", { name: "2", exact: true }).check();
    await page.getByRole("checkbox", { name: "4", exact: true }).check();
    await page.getByLabel("Capital of France").fill("paris");
    await page.getByLabel("Five halves").fill("2.5");
    await page.getByRole("combobox", { name: "1", exact: true }).selectOption("one");
    await page.getByRole("combobox", { name: "2", exact: true }).selectOption("two");
    // Sorting with the keyboard-reachable buttons: bring each item up to its place.
    const target = ["alpha", "beta", "gamma"];
    for (let i = 0; i < target.length; i++) {
      const order = await page.getByTestId("sortable-item").allInnerTexts();
      const at = order.findIndex((text) => text.trim() === target[i]);
      for (let k = at; k > i; k--) {
        await page.getByRole("button", { name: fill(a.take.moveUp, { item: target[i] }) }).click();
      }
    }
    expect((await page.getByTestId("sortable-item").allInnerTexts()).map((x) => x.trim())).toEqual(target);
    await page.getByLabel("Why?").fill("Because order matters.");
    await page.getByText(a.take.saved).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/assessments-mixed-taking-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: a.take.submit }).click();
    await page.getByRole("dialog").getByRole("button", { name: a.take.confirmSubmit, exact: true }).click();
    const result = page.getByTestId("quiz-result");
    await result.getByText(fill(a.result.marks_other, { marks: 8, count: 11 }), { exact: false }).waitFor();
    await result.getByText(a.result.awaiting, { exact: true }).waitFor();
    await page.screenshot({ path: "/tmp/assessments-mixed-result.png", fullPage: true });

    await open(page, listPath);
    await page.getByRole("cell", { name: /8\/11/ }).waitFor();
  });
});
