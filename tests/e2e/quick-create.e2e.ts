// The dashboard's quick-create menu: every entry opens the screen where that item is made (the new
// page, post, course, product or membership editor, or the create form of a list screen, with the
// keyboard in it), and systems that are not built yet have no entry.
import { PLAN_IDS } from "../../core/plans";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { hydrated, setupE2E } from "./fixtures";

const e2e = setupE2E();
const q = en.quickCreate;

async function choose(page: Page, label: string) {
  await page.getByRole("button", { name: q.title }).click();
  await page.getByRole("menuitem", { name: label, exact: true }).click();
}

/** The accessible name of the focused control (its label), once the screen has settled. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return "";
    const byId = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return (byId ?? el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s*\*$/, "").trim();
  });

describe("quick-create", () => {
  it("opens the new-item editor or create form of each built system, and nothing for the others", async () => {
    const { owner, origin } = await e2e.newSite("quick", { plan: PLAN_IDS.professional });
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    await page.getByRole("button", { name: q.title }).click();
    // The menu opens with a short transition: read its entries once it is drawn.
    await page.getByRole("menuitem").first().waitFor();
    const entries = await page.getByRole("menuitem").allTextContents();
    expect(entries).toEqual([
      q.pages,
      q.posts,
      q.courses,
      q.quizzes,
      q.media,
      q.products,
      q.memberships,
      q.forms,
      q.popups,
      q.affiliates,
      q.emails,
      q.contacts,
      q.notices,
      q.funnels,
      q.automations,
    ]);
    await page.keyboard.press("Escape");

    const editors: [string, string][] = [
      [q.pages, "/dashboard/pages/new"],
      [q.posts, "/dashboard/post/"],
      [q.courses, "/dashboard/instructor/new"],
      [q.products, "/dashboard/manage/ecommerce/product/new"],
      [q.memberships, "/dashboard/manage/ecommerce/membership/new"],
    ];
    for (const [label, path] of editors) {
      await choose(page, label);
      await page.waitForURL((url) => url.pathname === path);
      await hydrated(page);
    }

    const forms: [string, string, string][] = [
      [q.quizzes, "/dashboard/instructor/quizzes", en.instructor.quiz.newQuizTitle],
      [q.media, "/dashboard/media", en.media.drop.choose],
      [q.affiliates, "/dashboard/manage/marketing/affiliates", en.affiliate.form.email],
      [q.notices, "/dashboard/manage/marketing/", en.siteAdmin.theme.noticeText],
      [q.forms, "/dashboard/manage/marketing/forms", en.forms.newForm],
      [q.popups, "/dashboard/manage/marketing/popups", en.popups.newPopup],
      [q.emails, "/dashboard/manage/marketing/emails", en.campaigns.new],
      [q.funnels, "/dashboard/manage/marketing/funnels", en.funnels.newFunnel],
      [q.automations, "/dashboard/manage/marketing/automations", en.automations.list.createFirst],
      // "contact" goes through …/emails?new=contact to the contacts tab's create form.
      [q.contacts, "/dashboard/manage/marketing/emails/contacts", en.contacts.email],
    ];
    for (const [label, path, control] of forms) {
      await choose(page, label);
      await page.waitForURL((url) => url.pathname === path && url.searchParams.get("new") === "1");
      await hydrated(page);
      await expect.poll(() => focusedLabel(page)).toBe(control);
    }
  });
});
