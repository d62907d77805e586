// Automations in a real browser: the owner builds "course completed → only if the course progress is
// at least 100 → add the tag graduate and send an e-mail"; saving without the e-mail's message shows
// the error next to the message, saving with it makes the automation, which the list then shows.
// The screens pass axe and fit a phone. Then a student completes a course in the player: the same
// rule runs (tag added, e-mail queued) and the owner's run log shows it succeeded.
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { automationRuns, automations, mailingContacts, mailOutbox } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { axeCheck } from "./axe";
import { hydrated, open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const a = en.automations;

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function choose(page: Page, scope: Page | ReturnType<Page["getByTestId"]>, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("automations", () => {
  it("owner builds course completed → progress ≥ 100 → tag and e-mail, is told what is missing, and lists it", async () => {
    const { site, owner, origin } = await e2e.newSite("automations", { plan: PLAN_IDS.professional });
    const { course } = await buildCourse(e2e.t.database.db, site, owner, { title: "Pottery basics" });
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    await open(page, `${origin}/dashboard/manage/marketing/automations`);
    await page.getByText(a.list.empty).waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await page.getByRole("link", { name: a.list.createFirst }).click();
    await page.waitForURL(/\/automations\/new$/);
    await hydrated(page);

    await page.getByRole("textbox", { name: a.editor.name }).fill("Congratulate graduates");
    await choose(page, page, a.editor.trigger, a.triggers.course_completed);
    await choose(page, page, a.editor.add_condition, a.conditions.course_progress_percent);
    const condition = page.getByTestId("condition-0");
    await choose(page, condition, a.args.course_id, "Pottery basics");
    expect(await condition.getByRole("textbox", { name: a.args.percent }).inputValue()).toBe("100");

    await choose(page, page, a.editor.add_action, a.actions.add_tag);
    await page.getByTestId("action-0").getByRole("combobox", { name: a.args.tag }).fill("graduate");
    await page.keyboard.press("Escape");
    await choose(page, page, a.editor.add_action, a.actions.send_email);

    // Without the message: the error stands next to it, nothing is saved.
    await page.getByRole("button", { name: en.editorFrame.save }).click();
    const missing = page.getByTestId("actions.1.args.email_template-error");
    await missing.waitFor();
    expect(await missing.textContent()).toBe(a.errors.required);
    expect(page.url()).toMatch(/\/automations\/new$/);

    const message = page.getByTestId("action-1").getByRole("textbox", { name: a.args.email_template });
    await message.click();
    await page.keyboard.type("Well done , you finished the course!");
    // The first name goes where the cursor is: after "Well done".
    for (let i = 0; i < " , you finished the course!".length - 1; i++) await page.keyboard.press("ArrowLeft");
    await page.getByTestId("action-1").getByRole("button", { name: a.editor.insertToken }).click();
    await page.getByRole("menuitem", { name: "{{contact.first_name}}" }).click();
    await expect.poll(() => message.textContent()).toBe("Well done {{contact.first_name}}, you finished the course!");
    await page.getByRole("button", { name: en.editorFrame.save }).click();
    await page.waitForURL(/\/automations\/[0-9a-f-]{36}\?saved=1$/);
    await page.getByText(a.editor.saved).waitFor();
    expect(await axeCheck(page)).toEqual([]);

    const [saved] = await withPlatform(e2e.t.database.db, (tx) =>
      tx
        .select()
        .from(automations)
        .where(and(eq(automations.accountId, site.accountId), eq(automations.name, "Congratulate graduates"))),
    );
    expect(saved.trigger).toBe("course_completed");
    expect(saved.conditions).toEqual([
      { key: "course_progress_percent", args: { course_id: course.id, operator: "gte", percent: 100 } },
    ]);
    expect(saved.actions.map((x) => x.key)).toEqual(["add_tag", "send_email"]);
    expect(saved.actions[0].args).toEqual({ tag: "graduate" });
    expect((saved.actions[1].args as { email_template?: string }).email_template).toBe(
      "<p>Well done {{contact.first_name}}, you finished the course!</p>",
    );

    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.screenshot({ path: "docs/screenshots/automation-editor.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: "/tmp/automation-editor-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The run log: a skipped run says which condition did not hold and why; "Run again" runs it again.
    await withTenant(e2e.t.database.db, site.accountId, (tx) =>
      tx.insert(automationRuns).values({
        accountId: site.accountId,
        automationId: saved.id,
        dedupeKey: "event:first",
        trigger: "course_completed",
        payload: { userId: owner.id },
        userId: owner.id,
        status: "skipped",
        failedConditions: [{ index: 0, key: "course_progress_percent", reason: "progress" }],
        finishedAt: new Date(),
      }),
    );
    await page.getByRole("tab", { name: a.editor.tabRuns }).click();
    const runs = page.getByRole("table");
    await runs.getByText(a.runStatus.skipped, { exact: true }).waitFor();
    await page.getByRole("button", { name: a.log.details }).click();
    await page.getByText(`${a.conditions.course_progress_percent}: ${a.reasons.progress}`).waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await page.getByRole("button", { name: a.log.runAgain }).click();
    await expect.poll(() => page.getByRole("button", { name: a.log.runAgain }).count()).toBe(2);
    // The engine works the new run at once: its condition again does not hold.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("tab", { name: a.editor.tabRuns }).click();
          return runs.getByText(a.runStatus.skipped, { exact: true }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(2);

    await page.getByRole("link", { name: `← ${a.title}` }).click();
    await page.waitForURL(/\/automations$/);
    const row = page.getByRole("row", { name: /Congratulate graduates/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(a.triggers.course_completed);
    expect(await axeCheck(page)).toEqual([]);
  });

  it("runs when a student completes the course in the player, and the owner sees it succeed", async () => {
    const { site, owner, origin } = await e2e.newSite("automations-run", { plan: PLAN_IDS.professional });
    const { course } = await buildCourse(e2e.t.database.db, site, owner, {
      title: "Glazing",
      curriculum: [{ section: "Week 1" }, { unit: "Only unit", content: "<p>Dip and dry.</p>" }],
    });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("graduate"), name: "Gale Graduate" });
    await buildMember(e2e.t.database.db, site, student, "student");
    const [made] = await withTenant(e2e.t.database.db, site.accountId, (tx) =>
      tx
        .insert(automations)
        .values({
          accountId: site.accountId,
          name: "Congratulate graduates",
          trigger: "course_completed",
          conditions: [{ key: "course_progress_percent", args: { operator: "gte", percent: 100 } }],
          actions: [
            { key: "add_tag", args: { tag: "graduate" } },
            { key: "send_email", args: { email: "{{email}}", email_template: "<p>Well done!</p>" } },
          ],
        })
        .returning({ id: automations.id }),
    );

    const page = await e2e.signedIn(origin, student.email, student.password);
    const enrolled = await page.evaluate(
      async (id) => (await fetch(`/api/v1/courses/${id}/enrol`, { method: "POST" })).status,
      course.id,
    );
    expect(enrolled).toBe(200);
    await open(page, `${origin}/dashboard/courses/${course.id}`);
    await page.getByText("Dip and dry.").waitFor();
    await page.getByRole("button", { name: en.learning.markComplete }).click();
    await page.getByRole("button", { name: en.learning.markIncomplete }).waitFor();

    // The engine works the run in the background; then the owner's run log shows it.
    await expect
      .poll(
        async () =>
          (
            await withPlatform(e2e.t.database.db, (tx) =>
              tx
                .select({ status: automationRuns.status })
                .from(automationRuns)
                .where(and(eq(automationRuns.accountId, site.accountId), eq(automationRuns.automationId, made.id))),
            )
          ).map((r) => r.status),
        { timeout: 30_000 },
      )
      .toEqual(["succeeded"]);
    const ownerPage = await e2e.signedIn(origin, owner.email, owner.password);
    await open(ownerPage, `${origin}/dashboard/manage/marketing/automations/${made.id}`);
    await hydrated(ownerPage);
    await ownerPage.getByRole("tab", { name: a.editor.tabRuns }).click();
    await ownerPage.getByRole("table").getByText(a.runStatus.succeeded, { exact: true }).waitFor();
    const [contact] = await withPlatform(e2e.t.database.db, (tx) =>
      tx
        .select({ tags: mailingContacts.tags })
        .from(mailingContacts)
        .where(and(eq(mailingContacts.accountId, site.accountId), eq(mailingContacts.email, student.email))),
    );
    expect(contact.tags).toContain("graduate");
    const mails = await withPlatform(e2e.t.database.db, (tx) =>
      tx
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.accountId, site.accountId),
            eq(mailOutbox.toAddress, student.email),
            eq(mailOutbox.kind, "automation"),
          ),
        ),
    );
    expect(mails.map((m) => m.subject)).toEqual(["New mail"]);
  });
});
