// Popups in a real browser: the owner makes a popup with a form, shown on exit intent once per
// visitor; a visitor leaving through the top of the window sees it once, closes it, and does not see
// it again; another visitor sends its form from the popup; the owner's editor counts impressions,
// closes and conversions. The screens pass axe and fit a phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { axeCheck } from "./axe";
import { hydrated, open, setupE2E, uid } from "./fixtures";

const e2e = setupE2E();
const pp = en.popups;
const pf = en.publicForms;

/** The mouse leaving the window through its top edge. */
const exitIntent = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.dispatchEvent(
      new MouseEvent("mouseout", { bubbles: true, clientX: 200, clientY: -4, relatedTarget: null }),
    ),
  );

describe("popups", () => {
  it("a popup shows on exit intent once per visitor, and counts impressions, closes and conversions", async () => {
    const { owner, origin } = await e2e.newSite("popups", { plan: PLAN_IDS.professional });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    const form = await page.evaluate(async () => {
      const res = await fetch("/api/v1/forms", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Newsletter",
          fields: [{ type: "email", name: "email", label: "E-mail", required: true }],
        }),
      });
      return (await res.json()) as { id: string };
    });

    await open(page, `${origin}/dashboard/manage/marketing/popups`);
    await page.getByText(pp.empty).waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await page.getByRole("button", { name: pp.newPopup }).click();
    await page.waitForURL(/\/dashboard\/manage\/marketing\/popups\/[0-9a-f-]{36}$/);
    await hydrated(page);
    const popupId = page.url().split("/").at(-1) as string;
    await page.getByRole("textbox", { name: pp.name, exact: true }).fill("Before you go");
    await page.getByRole("combobox", { name: pp.form }).selectOption(form.id);
    await page.getByRole("combobox", { name: pp.trigger }).selectOption("exit");
    await page.getByRole("switch", { name: pp.active }).check();
    await page.getByRole("button", { name: pp.save }).click();
    await page.getByText(pp.saved).waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // A visitor: nothing until the mouse leaves through the top; then once, and not again.
    const visitor = await e2e.newPage();
    expect((await visitor.goto(`${origin}/`))?.status()).toBe(200);
    await hydrated(visitor);
    await visitor.waitForTimeout(800);
    expect(await visitor.getByRole("dialog").count()).toBe(0);
    await exitIntent(visitor);
    const dialog = visitor.getByRole("dialog", { name: "Before you go" });
    await dialog.waitFor();
    await dialog.getByText("Get our news and course offers.").waitFor();
    expect(await axeCheck(visitor)).toEqual([]);
    await visitor.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await visitor.reload();
    await hydrated(visitor);
    await visitor.waitForTimeout(800);
    await exitIntent(visitor);
    await visitor.waitForTimeout(800);
    expect(await visitor.getByRole("dialog").count()).toBe(0);

    // Another visitor sends the form from the popup.
    const other = await e2e.newPage();
    await other.goto(`${origin}/`);
    await hydrated(other);
    await other.waitForTimeout(800);
    await exitIntent(other);
    const theirs = other.getByRole("dialog", { name: "Before you go" });
    await theirs.getByRole("textbox", { name: "E-mail" }).fill(`pop.${uid()}@school.org`);
    await theirs.getByRole("button", { name: pf.send }).click();
    await theirs.getByText(pf.sent).waitFor();

    await expect
      .poll(async () =>
        page.evaluate(async (id) => {
          const p = (await (await fetch(`/api/v1/popups/${id}`)).json()) as Record<string, number>;
          return [p.impressions, p.closes, p.conversions];
        }, popupId),
      )
      .toEqual([2, 1, 1]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    const stats = page.getByTestId("popup-stats");
    await stats.getByText("50 %").waitFor();
  });
});
