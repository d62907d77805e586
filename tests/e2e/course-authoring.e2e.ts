// An instructor (the site owner) builds a course in the browser: a section, two units (one with
// typed text), a quiz with a single-choice question and an assignment, reorders an item with the
// keyboard, turns on unit lock and publishes. The saved curriculum keeps that order. A builder
// session left without saving leaves no quiz or assignment behind in any list. An empty description
// or unit opens with the §9 template in its author's language.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import es from "../../app/i18n/locales/es/translation.json" with { type: "json" };
import { assignments, courseMeta, courses, members, quizzes, units } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildCourse } from "../../server/seed/course-builders";
import { open, setupE2E, waitForPath } from "./fixtures";

const e2e = setupE2E();
const i = en.instructor;

describe("course authoring", () => {
  it("builds, reorders and publishes a course", async () => {
    const { site, owner, origin } = await e2e.newSite("authoring", { sitetitle: "Paint School" });
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    await open(page, `${origin}/dashboard/instructor`);
    await page.getByText(i.empty).waitFor();
    await page.getByRole("link", { name: i.newCourse }).click();
    await waitForPath(page, "/dashboard/instructor/new");
    await page.getByLabel(i.newPage.courseTitle).fill("Watercolour basics");
    await page.getByRole("button", { name: i.newPage.create }).click();
    await page.waitForURL(/\/dashboard\/instructor\/course\/[0-9a-f-]{36}$/);
    const courseId = new URL(page.url()).pathname.split("/").pop() as string;

    await page.getByRole("tab", { name: i.editor.tabs.curriculum }).click();
    await page.getByText(i.curriculum.empty).waitFor();
    const list = page.getByTestId("curriculum-list");
    const add = async (button: string, title: string) => {
      await page.getByRole("button", { name: button, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(i.curriculum.titleLabel).fill(title);
      await dialog.getByRole("button", { name: i.add }).click();
      await list.getByText(title, { exact: true }).waitFor();
    };
    await add(i.curriculum.addSection, "Getting started");
    await add(i.curriculum.addUnit, "Welcome");
    await add(i.curriculum.addUnit, "Brushes");
    await add(i.curriculum.addQuiz, "Check-in");
    await add(i.curriculum.addAssignment, "First painting");

    // Keyboard reorder: Brushes goes above Welcome.
    const handle = page.getByRole("button", { name: i.curriculum.dragHandle.replace("{{title}}", "Brushes") });
    await handle.focus();
    // dnd-kit measures the list after the pick-up, so each key waits for the frame before it.
    for (const key of ["Space", "ArrowUp", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    const order = () =>
      page.getByTestId("curriculum-item").evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.title));
    await expect.poll(order).toEqual(["Getting started", "Brushes", "Welcome", "Check-in", "First painting"]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/course-curriculum-390.png", fullPage: true });
    await page.getByRole("tab", { name: i.editor.tabs.settings }).click();
    await page.getByLabel(i.editor.settings.unitLock).check();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.getByRole("button", { name: i.editor.publish }).click();
    await page.getByText(i.editor.published, { exact: true }).first().waitFor();
    await page.getByRole("button", { name: i.editor.unpublish }).waitFor();

    const [course] = await withPlatform(e2e.t.database.db, (tx) =>
      tx.select().from(courses).where(eq(courses.id, courseId)),
    );
    expect(course).toMatchObject({ status: "published", settings: { unitLock: true }, accountId: site.accountId });
    const [meta] = await withPlatform(e2e.t.database.db, (tx) =>
      tx
        .select()
        .from(courseMeta)
        .where(and(eq(courseMeta.courseId, courseId), eq(courseMeta.metaKey, "curriculum"))),
    );
    const saved = meta.metaValue as { id?: string; post_type: string; title: string }[];
    expect(saved.map((x) => [x.post_type, x.title])).toEqual([
      ["section", "Getting started"],
      ["unit", "Brushes"],
      ["unit", "Welcome"],
      ["quiz", "Check-in"],
      ["assignments", "First painting"],
    ]);

    // Text typed into a unit.
    await page.getByRole("tab", { name: i.editor.tabs.curriculum }).click();
    await list.getByRole("link", { name: "Welcome" }).click();
    await page.waitForURL(/\/dashboard\/instructor\/unit\//);
    const content = page.getByRole("textbox", { name: i.item.content });
    await content.click();
    await page.keyboard.type("Gather paper, paints and water.");
    await page.getByRole("button", { name: i.save }).first().click();
    await page.getByText(i.saved, { exact: true }).waitFor();
    const welcomeId = saved[2].id as string;
    await expect
      .poll(
        async () =>
          (await withPlatform(e2e.t.database.db, (tx) => tx.select().from(units).where(eq(units.id, welcomeId))))[0]
            .content,
      )
      .toContain("Gather paper, paints and water.");

    // A single-choice question in the quiz.
    await page.getByRole("link", { name: i.backToCourse }).click();
    await page.waitForURL(/\/dashboard\/instructor\/course\//);
    await page.getByRole("tab", { name: i.editor.tabs.curriculum }).click();
    await list.getByRole("link", { name: "Check-in" }).click();
    await page.waitForURL(/\/dashboard\/instructor\/quiz\//);
    await page.getByRole("button", { name: i.quiz.addQuestion }).click();
    const question = page.getByTestId("question");
    await question.getByRole("textbox", { name: i.quiz.prompt }).fill("Which colour is primary?");
    await question.getByLabel(i.quiz.option.replace("{{n}}", "1"), { exact: true }).fill("Green");
    await question.getByLabel(i.quiz.option.replace("{{n}}", "2"), { exact: true }).fill("Blue");
    await question.getByRole("radio").nth(1).check();
    await page.getByRole("button", { name: i.save }).first().click();
    await page.getByText(i.saved, { exact: true }).waitFor();
    const quizId = saved[3].id as string;
    const [quiz] = await withPlatform(e2e.t.database.db, (tx) =>
      tx.select().from(quizzes).where(eq(quizzes.id, quizId)),
    );
    expect(quiz.questions).toEqual([
      expect.objectContaining({
        type: "single",
        prompt: "Which colour is primary?",
        options: ["Green", "Blue"],
        answer: 1,
      }),
    ]);

    // The public course page answers.
    const visitor = await e2e.newPage();
    const res = await visitor.goto(`${origin}/course/${course.slug}`);
    expect(res?.status()).toBe(200);
  });

  it("leaves nothing behind when the builder is left without saving", async () => {
    const { owner, origin } = await e2e.newSite("unsaved", { sitetitle: "Clay School" });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/instructor/new`);
    await page.getByLabel(i.newPage.courseTitle).fill("Throwing pots");
    await page.getByRole("button", { name: i.newPage.create }).click();
    await page.waitForURL(/\/dashboard\/instructor\/course\/[0-9a-f-]{36}$/);

    await page.getByRole("tab", { name: i.editor.tabs.curriculum }).click();
    const list = page.getByTestId("curriculum-list");
    for (const [button, title] of [
      [i.curriculum.addQuiz, "Abandoned quiz"],
      [i.curriculum.addAssignment, "Abandoned task"],
    ]) {
      await page.getByRole("button", { name: button, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(i.curriculum.titleLabel).fill(title);
      await dialog.getByRole("button", { name: i.add }).click();
      await list.getByText(title, { exact: true }).waitFor();
    }
    await expect(list.getByTestId("curriculum-item-new").count()).resolves.toBe(2);

    // Leave, confirming the unsaved-changes dialog.
    await page.getByRole("link", { name: i.backToCourses }).click();
    await page.getByRole("dialog").getByRole("button", { name: i.leave }).click();
    await waitForPath(page, "/dashboard/instructor");

    for (const path of [
      "/dashboard/instructor/quizzes",
      "/dashboard/instructor/submissions/quizzes",
      "/dashboard/instructor/submissions/assignments",
    ]) {
      await open(page, `${origin}${path}`);
      await page.locator("main").waitFor();
      expect(await page.getByText(/Abandoned (quiz|task)/).count(), path).toBe(0);
    }
    const leftover = async () =>
      [
        ...(await withPlatform(e2e.t.database.db, (tx) =>
          tx.select({ title: quizzes.title }).from(quizzes).where(eq(quizzes.title, "Abandoned quiz")),
        )),
        ...(await withPlatform(e2e.t.database.db, (tx) =>
          tx.select({ title: assignments.title }).from(assignments).where(eq(assignments.title, "Abandoned task")),
        )),
      ].length;
    expect(await leftover()).toBe(0);
  });

  it("opens an empty description and a new unit with the template's headings in the author's language", async () => {
    const { site, owner, origin } = await e2e.newSite("plantilla", { sitetitle: "Escuela" });
    await withPlatform(e2e.t.database.db, (tx) =>
      tx
        .update(members)
        .set({ language: "es" })
        .where(and(eq(members.accountId, site.accountId), eq(members.userId, owner.id))),
    );
    const built = await buildCourse(e2e.t.database.db, site, owner, {
      title: "Cerámica",
      status: "draft",
      curriculum: [{ unit: "Primera clase", content: "" }],
    });
    const headings = [
      es.instructor.template.learn,
      es.instructor.template.requirements,
      es.instructor.template.description,
    ];
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/instructor/course/${built.course.id}`);
    const description = page.getByRole("textbox", { name: es.instructor.editor.fields.description });
    await expect.poll(() => description.locator("h2").allTextContents()).toEqual(headings);
    await open(page, `${origin}/dashboard/instructor/unit/${built.itemIds[0]}?course=${built.course.id}`);
    const content = page.getByRole("textbox", { name: es.instructor.item.content });
    await expect.poll(() => content.locator("h2").allTextContents()).toEqual(headings);
  });
});
