// Forms in a real browser: the owner builds a form (a select added, fields reordered with the
// keyboard), puts it on a page with the Form block, a visitor is told what is wrong per field and
// then sends it, and the owner finds the contact (REST) and the submission (the Submissions tab).
// The screens pass axe and fit a phone; a site without the plan feature is told which plan has it.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { axeCheck } from "./axe";
import { hydrated, open, setupE2E, uid } from "./fixtures";

const e2e = setupE2E();
const f = en.forms;
const pf = en.publicForms;
const p = en.pages;

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("forms", () => {
  it("owner builds a form, puts it on a page, a visitor sends it and the owner sees the contact", async () => {
    const { owner, origin } = await e2e.newSite("forms", { plan: PLAN_IDS.professional });
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    await open(page, `${origin}/dashboard/manage/marketing/forms`);
    await page.getByText(f.empty).waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await page.getByRole("button", { name: f.newForm }).click();
    await page.waitForURL(/\/dashboard\/manage\/marketing\/forms\/[0-9a-f-]{36}$/);
    await hydrated(page);
    const formId = page.url().split("/").at(-1) as string;

    await page.getByTestId("form-name").fill("Open day sign-up");
    // A select with two options, moved above the e-mail field with the keyboard.
    await page.getByRole("combobox", { name: f.fieldType }).selectOption("select");
    await page.getByRole("button", { name: f.addField }).click();
    const cards = page.getByTestId("field-card");
    await expect.poll(() => cards.count()).toBe(3);
    const third = cards.nth(2);
    await third.getByRole("textbox", { name: f.field.label }).fill("Level");
    await third.getByRole("textbox", { name: f.field.name }).fill("level");
    await third.getByRole("textbox", { name: f.field.options }).fill("Beginner\nAdvanced");
    await third.getByRole("checkbox", { name: f.field.required }).check();
    const up = page.getByRole("button", { name: f.field.moveUp.replace("{{label}}", "Level") });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => cards.nth(1).getByRole("textbox", { name: f.field.label }).inputValue()).toBe("Level");
    // The preview shows the same fields.
    await page.getByTestId("public-form").getByRole("combobox", { name: "Level" }).waitFor();
    await page.getByRole("button", { name: f.save }).click();
    await page.getByText(f.saved).waitFor();
    expect(await axeCheck(page)).toEqual([]);

    await page.getByRole("tab", { name: f.tabs.share }).click();
    expect(await page.getByTestId("public-address").inputValue()).toBe(`${origin}/f/${formId}`);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A page with the Form block, published.
    await open(page, `${origin}/dashboard/pages/new`);
    await page.getByRole("textbox", { name: p.settings.title, exact: true }).fill("Open day");
    await page.getByRole("textbox", { name: p.settings.slug, exact: true }).fill("open-day");
    await page.getByRole("button", { name: p.addBlock }).click();
    await page.getByRole("menuitem", { name: f.block.name, exact: true }).click();
    const picker = page.getByRole("combobox", { name: f.block.form });
    await expect.poll(() => picker.locator("option").count()).toBe(2);
    await picker.selectOption(formId);
    await page.getByRole("button", { name: p.publish, exact: true }).click();
    await page.waitForURL(/\/dashboard\/pages\/[0-9a-f-]{36}$/);

    // A visitor: the form's own messages first, then a sent answer.
    const visitor = await e2e.newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    expect((await visitor.goto(`${origin}/open-day`))?.status()).toBe(200);
    await hydrated(visitor);
    const form = visitor.getByTestId("public-form");
    await form.getByRole("textbox", { name: "E-mail" }).fill("not-an-address");
    await form.getByRole("button", { name: pf.send }).click();
    await form.getByText(pf.email).waitFor();
    await form.getByText(pf.required).waitFor();
    const email = `ada.${uid()}@school.org`;
    await form.getByRole("textbox", { name: "E-mail" }).fill(email);
    await form.getByRole("textbox", { name: f.name }).fill("Ada Visitor");
    await form.getByRole("combobox", { name: "Level" }).selectOption("Advanced");
    await form.getByRole("button", { name: pf.send }).click();
    await visitor.getByTestId("form-sent").getByText(pf.sent).waitFor();
    expect(await fitsWidth(visitor)).toBe(true);
    expect(await axeCheck(visitor)).toEqual([]);

    // The owner: the contact through the API, the submission on the Submissions tab.
    const contacts = await page.evaluate(async (q) => {
      const res = await fetch(`/api/v1/contacts?q=${encodeURIComponent(q)}`);
      return (await res.json()) as {
        items: { email: string; name: string; settings: { source: string; form_id: string } }[];
      };
    }, email);
    expect(contacts.items).toEqual([
      expect.objectContaining({ email, name: "Ada Visitor", settings: { source: "form", form_id: formId } }),
    ]);
    await open(page, `${origin}/dashboard/manage/marketing/forms/${formId}`);
    await page.getByRole("tab", { name: new RegExp(f.tabs.submissions) }).click();
    const table = page.getByTestId("submissions-table");
    await table.getByText(email).waitFor();
    await table.getByText("Advanced").waitFor();
    expect(await axeCheck(page)).toEqual([]);

    // The list counts it; the public address of the form works too.
    await open(page, `${origin}/dashboard/manage/marketing/forms`);
    await page
      .getByRole("row", { name: /Open day sign-up/ })
      .getByText("1", { exact: true })
      .waitFor();
    expect((await visitor.goto(`${origin}/f/${formId}`))?.status()).toBe(200);
    await visitor.getByRole("heading", { name: "Open day sign-up" }).waitFor();
  });

  it("another site's form is a 404, and a site without the plan feature is told which plan has it", async () => {
    const a = await e2e.newSite("forms-a", { plan: PLAN_IDS.professional });
    const b = await e2e.newSite("forms-b", { plan: PLAN_IDS.starter });
    const page = await e2e.signedIn(a.origin, a.owner.email, a.owner.password);
    await open(page, `${a.origin}/dashboard/manage/marketing/forms`);
    await page.getByRole("button", { name: f.newForm }).click();
    await page.waitForURL(/\/forms\/[0-9a-f-]{36}$/);
    const formId = page.url().split("/").at(-1) as string;
    const visitor = await e2e.newPage();
    expect((await visitor.goto(`${b.origin}/f/${formId}`))?.status()).toBe(404);

    const other = await e2e.signedIn(b.origin, b.owner.email, b.owner.password);
    await open(other, `${b.origin}/dashboard/manage/marketing/forms`);
    await other.getByTestId("plan-refusal").getByRole("link", { name: en.plan.upgrade }).waitFor();
    expect(await axeCheck(other)).toEqual([]);
  });
});
