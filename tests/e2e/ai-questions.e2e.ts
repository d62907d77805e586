// An instructor has the AI assistant suggest three questions from a unit of the quiz's course, edits
// one in the dialog, adds the three to the quiz, saves and reloads: the quiz keeps its own question
// and the three, the edit included. Nothing reaches the quiz before the instructor saves.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import type { Question } from "../../core/quiz";
import { quizzes } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const q = en.ai.questions;
const i = en.instructor;
const TEXT =
  "<p>Photosynthesis turns light into chemical energy. Plants take in carbon dioxide through their leaves.</p>" +
  "<p>Water rises from the roots to the leaves. Chlorophyll gives leaves their green colour.</p>";

const questionsOf = async (id: string) =>
  (await withPlatform(e2e.t.database.db, (tx) => tx.select().from(quizzes).where(eq(quizzes.id, id))))[0]
    .questions as Question[];

describe("questions suggested by the AI assistant", () => {
  it("an instructor generates three from a unit, edits one, adds them and saves", async () => {
    const { site, origin } = await e2e.newSite("ai-questions");
    const teacher = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("teacher") });
    await buildMember(e2e.t.database.db, site, teacher, "instructor");
    const course = await buildCourse(e2e.t.database.db, site, teacher, {
      title: "Botany",
      curriculum: [
        { unit: "How plants eat", content: TEXT },
        {
          quiz: "Check",
          questions: [{ id: "q1", type: "truefalse", prompt: "Plants need light", marks: 1, answer: true }],
        },
      ],
    });
    const quizId = course.itemIds[1];
    const page = await e2e.signedIn(origin, teacher.email, teacher.password);
    await open(page, `${origin}/dashboard/instructor/quiz/${quizId}?course=${course.course.id}`);
    await expect.poll(() => page.getByTestId("question").count()).toBe(1);

    await page.getByRole("button", { name: q.button }).click();
    const dialog = page.getByRole("dialog", { name: q.title });
    await expect.poll(() => dialog.getByLabel(q.unit).inputValue()).toBe(course.itemIds[0]);
    await dialog.getByLabel(q.count).fill("3");
    // Single choice, true or false and essay only.
    for (const type of ["multiple", "fillblank", "matching", "sorting", "numeric"] as const) {
      await dialog.getByRole("checkbox", { name: i.quiz.types[type], exact: true }).uncheck();
    }
    await dialog.getByRole("button", { name: q.generate }).click();
    const proposals = dialog.getByTestId("ai-proposal");
    await expect.poll(() => proposals.count(), { timeout: 30_000 }).toBe(3);
    expect(await proposals.nth(0).textContent()).toContain(i.quiz.types.single);
    expect(await proposals.nth(2).textContent()).toContain(i.quiz.types.essay);
    expect(await questionsOf(quizId)).toHaveLength(1);

    // Edit the essay question in the dialog.
    await proposals.nth(2).getByRole("button", { name: q.edit }).click();
    const prompt = proposals.nth(2).getByRole("textbox", { name: i.quiz.prompt });
    await prompt.fill("Explain in your own words how a leaf makes food.");
    await proposals.nth(2).getByRole("button", { name: q.doneEditing }).click();
    await dialog.getByRole("button", { name: q.add_other.replace("{{count}}", "3") }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByTestId("question").count()).toBe(4);
    expect(await questionsOf(quizId)).toHaveLength(1);

    await page.getByRole("button", { name: i.save }).first().click();
    await page.getByText(i.saved, { exact: true }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId("question").count()).toBe(4);
    const reloaded = page.getByTestId("question").nth(3).getByRole("textbox", { name: i.quiz.prompt });
    expect(await reloaded.inputValue()).toBe("Explain in your own words how a leaf makes food.");
    const saved = await questionsOf(quizId);
    expect(saved.map((x) => x.type)).toEqual(["truefalse", "single", "truefalse", "essay"]);
    expect(saved[0].id).toBe("q1");
    expect(saved[3].prompt).toBe("Explain in your own words how a leaf makes food.");
    expect(new Set(saved.map((x) => x.id)).size).toBe(4);
  });
});
