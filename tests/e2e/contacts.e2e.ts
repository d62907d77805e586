// The owner's contacts and lists in a real browser: a new contact from the quick-create link, a
// list created, a tag added to the contact in bulk, then its page: added to the list, its history;
// the screens pass axe and fit a phone; a student is told they do not exist.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { buildMember, buildUser } from "../../server/seed/builders";
import { axeCheck } from "./axe";
import { hydrated, open, setupE2E, uid, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const c = en.contacts;
const BASE = "/dashboard/manage/marketing/emails";

const fitsPhone = () => document.documentElement.scrollWidth <= window.innerWidth;

describe("contacts and lists", () => {
  it("an owner adds a contact, makes a list, tags the contact in bulk and puts it on the list", async () => {
    const { owner, origin } = await e2e.newSite("contacts", { plan: PLAN_IDS.starter });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    const email = `ada-${uid()}@school.org`;
    const listName = `Newsletter ${uid()}`;

    // Quick create deep link opens the form.
    await open(page, `${origin}${BASE}/contacts?new=1`);
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: c.new.title });
    await dialog.getByLabel(c.email).fill(email);
    await dialog.getByLabel(c.name).fill("Ada Lovelace");
    await dialog.getByRole("button", { name: c.new.submit }).click();
    await page.locator(".toasts").getByText(c.new.created.replace("{{email}}", email)).first().waitFor();
    await page.locator(`tr[data-contact="${email}"]`).waitFor();
    // Checked once the dialog has faded out (half-transparent, it would read as low contrast).
    await dialog.waitFor({ state: "hidden" });
    expect(await axeCheck(page)).toEqual([]);

    // A list, with double opt-in.
    await open(page, `${origin}${BASE}/lists`);
    await hydrated(page);
    await page.getByLabel(c.lists.name).fill(listName);
    await page.getByLabel(c.lists.optIn).selectOption("double");
    await page.getByRole("button", { name: c.lists.create }).click();
    await page.locator(`tr[data-list="${listName}"]`).getByText(c.lists.double).waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(fitsPhone)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Tag in bulk.
    await open(page, `${origin}${BASE}/contacts`);
    await hydrated(page);
    await page.getByRole("checkbox", { name: en.listKit.selectRow.replace("{{name}}", email) }).check();
    const bulk = page.getByRole("form", { name: c.bulk.label });
    await bulk.getByLabel(c.bulk.action, { exact: true }).selectOption("add-tag");
    await bulk.getByRole("textbox", { name: c.bulk.tag }).fill("vip");
    await bulk.getByRole("button", { name: c.bulk.apply }).click();
    await page.locator(".toasts").getByText(c.bulk.done.replace("{{count}}", "1")).first().waitFor();
    await page.locator(`tr[data-contact="${email}"]`).getByText("vip").waitFor();

    // The contact's page: add to the list, see the history.
    await page.getByRole("link", { name: email }).click();
    await page.waitForURL((u) => u.pathname.startsWith(`${BASE}/contacts/`));
    await hydrated(page);
    await page.getByRole("heading", { name: email }).waitFor();
    await page.locator('[data-history="created"]').waitFor();
    await page.getByLabel(c.contact.addToList).selectOption({ label: listName });
    await page.getByRole("button", { name: c.contact.add, exact: true }).click();
    await page.locator(".toasts").getByText(c.contact.addedToList).first().waitFor();
    // A double opt-in list: the contact is pending until it confirms the e-mailed link.
    await page.locator(`li[data-list="${listName}"]`).getByText(en.audienceGaps.pending, { exact: true }).waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(fitsPhone)).toBe(true);

    // The list counts the contact (pending); its link shows the contacts filtered by it.
    await open(page, `${origin}${BASE}/lists`);
    await hydrated(page);
    const listRow = page.locator(`tr[data-list="${listName}"]`);
    await listRow.getByText("1", { exact: true }).waitFor();
    await listRow.getByText(en.audienceGaps.pendingCount.replace("{{count}}", "1"), { exact: true }).waitFor();
    await page.getByRole("link", { name: listName }).click();
    await page.waitForURL((u) => u.pathname === `${BASE}/contacts` && u.searchParams.has("list"));
    await page.locator(`tr[data-contact="${email}"]`).waitFor();
    expect(await page.evaluate(fitsPhone)).toBe(true);
  });

  it("a student is told the screens do not exist", async () => {
    const { site, origin } = await e2e.newSite("contacts-student", { plan: PLAN_IDS.starter });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("contacts-student") });
    await buildMember(e2e.t.database.db, site, student, "student");
    const page = await e2e.signedIn(origin, student.email, student.password);
    expect((await page.goto(`${origin}${BASE}/contacts`))?.status()).toBe(404);
    expect((await page.goto(`${origin}${BASE}/lists`))?.status()).toBe(404);
  });
});
