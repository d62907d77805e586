// The course assistant in the browser: an instructor drafts a description and an outline from a
// brief, renames a unit and removes another, accepts, and after a reload the curriculum builder
// shows exactly that outline; in the unit editor, "Rewrite" proposes a text and "Replace" puts it
// into the editor, saved with the unit. A draft that fails says why in the instructor's language.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import de from "../../app/i18n/locales/de/translation.json" with { type: "json" };
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { type AiProvider, aiProviderFor, localProvider } from "../../server/ai";
import { courses, units } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { aiTasks } from "../../server/modules/ai";
import { storageFor } from "../../server/modules/storage";
import { buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { hydrated, open, setupE2E } from "./fixtures";

const e2e = setupE2E();
const i = en.instructor;
const a = en.ai.assistant;

describe("course assistant", () => {
  it("drafts, edits and accepts an outline; rewrites a unit's text", async () => {
    const { owner, origin } = await e2e.newSite("ai-assist", { sitetitle: "Bread School" });
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    await open(page, `${origin}/dashboard/instructor/new`);
    await page.getByLabel(i.newPage.courseTitle).fill("Sourdough at home");
    await page.getByRole("button", { name: i.newPage.create }).click();
    await page.waitForURL(/\/dashboard\/instructor\/course\/[0-9a-f-]{36}$/);
    const courseId = new URL(page.url()).pathname.split("/").pop() as string;

    await page.getByRole("button", { name: a.open }).click();
    const drawer = page.getByRole("dialog", { name: a.drawerTitle });
    await expect.poll(() => drawer.getByLabel(a.courseTitle).inputValue()).toBe("Sourdough at home");
    await drawer
      .getByLabel(a.brief)
      .fill("Baking sourdough bread at home: feeding the starter, kneading the dough, shaping loaves.");
    await drawer.getByRole("button", { name: a.draft }).click();
    await drawer.getByTestId("ai-outline").waitFor({ timeout: 30_000 });

    // Rename the first unit of the first section, remove its second unit.
    const first = drawer.getByTestId("ai-outline-section").first();
    await first.getByTestId("ai-outline-unit-title").first().fill("Why sourdough works");
    const second = await first.getByTestId("ai-outline-unit-title").nth(1).inputValue();
    await first.getByRole("button", { name: a.remove.replace("{{title}}", second) }).click();
    const unitTitles = () =>
      first.getByTestId("ai-outline-unit-title").evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    await expect.poll(unitTitles).not.toContain(second);

    const outline: string[] = [];
    const sections = drawer.getByTestId("ai-outline-section");
    for (let s = 0; s < (await sections.count()); s++) {
      const section = sections.nth(s);
      outline.push(await section.getByTestId("ai-outline-section-title").inputValue());
      const titles = section.getByTestId("ai-outline-unit-title");
      for (let u = 0; u < (await titles.count()); u++) outline.push(await titles.nth(u).inputValue());
    }
    expect(outline).toContain("Why sourdough works");
    expect(outline).not.toContain(second);
    expect(outline.length).toBeGreaterThan(3);

    await drawer.getByRole("button", { name: a.accept }).click();
    await page.getByText(i.saved, { exact: true }).first().waitFor();

    await page.reload();
    await page.getByRole("tab", { name: i.editor.tabs.curriculum }).click();
    const order = () =>
      page.getByTestId("curriculum-item").evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.title));
    await expect.poll(order).toEqual(outline);
    const [course] = await withPlatform(e2e.t.database.db, (tx) =>
      tx.select().from(courses).where(eq(courses.id, courseId)),
    );
    expect(course.description).toMatch(/^<h2>What you(’|'|&#39;|&#x27;)ll learn<\/h2><ul>/);

    // The renamed unit's editor: Rewrite → proposal → Replace → saved with the unit.
    await page.getByRole("link", { name: "Why sourdough works" }).click();
    await page.waitForURL(/\/dashboard\/instructor\/unit\/[0-9a-f-]{36}\?course=/);
    await hydrated(page);
    await page.getByRole("button", { name: a.rewrite }).click();
    const proposal = page.getByTestId("ai-proposal");
    await proposal.waitFor({ timeout: 30_000 });
    const proposed = await proposal.innerText();
    expect(proposed).toContain("In short");
    await page.getByRole("button", { name: a.replace }).click();
    await expect.poll(() => page.locator(".ProseMirror").first().innerText()).toContain("In short");
    await page.getByRole("button", { name: i.save }).first().click();
    await page.getByText(i.saved, { exact: true }).first().waitFor();
    const unitId = new URL(page.url()).pathname.split("/").pop() as string;
    const [unit] = await withPlatform(e2e.t.database.db, (tx) => tx.select().from(units).where(eq(units.id, unitId)));
    expect(unit.content).toContain("In short, this is the idea to keep in mind.");
  });

  it("shows staff the AI set-up beside the scheduled jobs", async () => {
    const staff = await buildUser(e2e.t.platform.auth, { email: "staff@atrium.test", name: "Sam Staff" });
    const desk = await e2e.signedIn(e2e.t.origin(), staff.email, staff.password);
    await open(desk, `${e2e.t.origin()}/dashboard/maintenance/crons`);
    const card = desk.getByTestId("ai-setup");
    await card.getByText(a.setup.configured, { exact: true }).waitFor();
    await card.getByText(a.setup.providers.local, { exact: true }).waitFor();
    await card.getByText("atrium-local", { exact: true }).waitFor();
  });

  it("says why a draft failed in the instructor's language, not the server's English", async () => {
    const { site, owner, origin } = await e2e.newSite("ai-fail-de", { sitetitle: "Brotschule" });
    const { course } = await buildCourse(e2e.t.database.db, site, owner, { title: "Sauerteig zu Hause" });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    const chose = await page.evaluate(async () => {
      const res = await fetch("/api/v1/me/preferences", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ language: "de" }),
      });
      return res.status;
    });
    expect(chose).toBe(200);

    // A model that chats instead of answering with an outline.
    const chatty: AiProvider = {
      ...localProvider(),
      async generate() {
        return { text: "Gern! Hier sind ein paar Ideen.", inputTokens: 50, outputTokens: 10, model: "x" };
      },
    };
    const { cfg } = e2e.t.platform;
    aiTasks.configure(e2e.t.database.db, chatty, storageFor(cfg));
    try {
      await open(page, `${origin}/dashboard/instructor/course/${course.id}`);
      await page.waitForFunction(() => document.documentElement.lang === "de");
      await page.getByRole("button", { name: de.ai.assistant.open }).click();
      const drawer = page.getByRole("dialog", { name: de.ai.assistant.drawerTitle });
      await expect.poll(() => drawer.getByLabel(de.ai.assistant.courseTitle).inputValue()).toBe("Sauerteig zu Hause");
      await drawer.getByLabel(de.ai.assistant.brief).fill("Sauerteigbrot backen: Anstellgut füttern, kneten, formen.");
      await drawer.getByRole("button", { name: de.ai.assistant.draft }).click();
      const error = drawer.getByTestId("ai-error");
      await error.waitFor({ timeout: 30_000 });
      expect(await error.innerText()).toBe(de.ai.failures.outline_unreadable);
      expect(de.ai.failures.outline_unreadable).not.toBe(en.ai.failures.outline_unreadable);
    } finally {
      aiTasks.configure(e2e.t.database.db, aiProviderFor(cfg), storageFor(cfg));
    }
  });
});
