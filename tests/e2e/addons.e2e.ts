// The addons screen in a browser: an owner on Starter finds Addons in the sidebar, sees which addons
// the plan includes (and the plan that has the others), deactivates certificates and activates them
// again from the keyboard, the status following each time and after a reload; while it is off the
// course editor cannot switch a certificate on. The screen passes axe and fits a phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildCourse } from "../../server/seed/course-builders";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E, waitForPath } from "./fixtures";

const e2e = setupE2E();
const a = en.addons;
const card = (page: Page, id: string) => page.getByTestId(`addon-${id}`);
const state = (page: Page, id: string) => card(page, id).getByTestId("addon-state").textContent();

describe("addons", () => {
  it("an owner deactivates an addon and activates it again, and sees its status change", async () => {
    const { site, owner, origin } = await e2e.newSite("addons");
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await page.getByRole("link", { name: en.menu.addons, exact: true }).first().click();
    await waitForPath(page, "/dashboard/addons");

    await expect.poll(() => page.getByTestId("addons-plan").textContent()).toContain("Starter");
    expect(await state(page, "certificates")).toBe(a.on);
    expect(await card(page, "certificates").getByTestId("addon-price").textContent()).toBe(a.price.free);
    expect(await card(page, "certificates").textContent()).toContain(a.included);
    // Not in Starter: the plan's upgrade hint, and no button.
    const jitsi = card(page, "jitsi");
    expect(await jitsi.getByTestId("addon-plan-hint").textContent()).toContain(
      "Jitsi Meet is not part of this site's plan. The Professional plan includes it.",
    );
    expect(await jitsi.getByRole("link", { name: en.plan.upgrade }).getAttribute("href")).toBe("/dashboard/billing");
    expect(await jitsi.getByRole("button").count()).toBe(0);
    // Coming soon: no upgrade would help, so no hint and no button.
    const soon = card(page, "ai_tutor");
    expect(await soon.getByTestId("addon-price").textContent()).toBe(a.price.comingSoon);
    expect(await soon.textContent()).toContain(a.notYet);
    expect(await soon.getByTestId("addon-plan-hint").count()).toBe(0);
    expect(await soon.getByRole("button").count()).toBe(0);
    expect(formatFindings("addons", await axeCheck(page))).toEqual([]);

    await page.getByRole("button", { name: "Deactivate Certificates" }).click();
    await expect.poll(() => state(page, "certificates")).toBe(a.off);
    expect(await page.getByTestId("addon-done").textContent()).toContain("Certificates is now off.");
    expect(await state(page, "zoom")).toBe(a.on);
    await open(page, `${origin}/dashboard/addons`);
    expect(await state(page, "certificates")).toBe(a.off);

    // With the addon off, a course's certificate cannot be switched on; the editor says why.
    const { course } = await buildCourse(e2e.t.database.db, site, owner, { title: "Raku firing" });
    await open(page, `${origin}/dashboard/instructor/course/${course.id}`);
    await page.getByRole("tab", { name: en.instructor.editor.tabs.certificate }).click();
    await page.getByLabel(en.instructor.editor.certificate.enabled).check();
    await page.getByLabel(en.instructor.editor.certificate.title).fill("Diploma");
    await page.getByLabel(en.instructor.editor.certificate.body).fill("Well done");
    await page.getByRole("button", { name: en.instructor.save, exact: true }).click();
    await page.getByText(en.errors.action.addonInactive).waitFor();
    await open(page, `${origin}/dashboard/addons`);

    // Again from the keyboard.
    const activate = page.getByRole("button", { name: "Activate Certificates" });
    await activate.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => state(page, "certificates")).toBe(a.on);
    expect(await page.getByTestId("addon-done").textContent()).toContain("Certificates is now on.");
    await page.getByRole("button", { name: "Deactivate Certificates" }).waitFor();

    // On a phone the cards stack and nothing runs off the side.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `${origin}/dashboard/addons`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(formatFindings("addons on a phone", await axeCheck(page))).toEqual([]);
  });
});
