// The marketing home in a real browser: the owner reaches it from the management index, sees the
// screens of the area with the audience's figures, edits the header notice with a live preview and
// a visitor sees it; the screen passes axe and fits a phone; a student is told it does not exist.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { contacts } from "../../server/modules/audience";
import { buildMember, buildUser } from "../../server/seed/builders";
import { axeCheck, formatFindings } from "./axe";
import { hydrated, open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const mk = en.marketing;

describe("marketing home", () => {
  it("shows the area with its figures and saves the header notice a visitor then sees", async () => {
    const { site, owner, origin } = await e2e.newSite("mkt");
    for (const email of ["ada@example.org", "grace@example.org"]) {
      await contacts.create(e2e.t.database.db, site, { email }, { dns: false });
    }
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage`);
    await page.getByTestId("manage-areas").getByRole("link", { name: en.manage.areas.marketing.title }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/manage/marketing");
    await hydrated(page);

    await page.getByText(mk.intro).waitFor();
    const links = page.getByTestId("marketing-links");
    await links.getByRole("link", { name: en.manage.links.affiliates }).waitFor();
    expect(await page.getByTestId("marketing-figure-contacts").textContent()).toBe(
      mk.figures.contacts_other.replace("{{count}}", "2").replace("{{fresh}}", "2"),
    );
    const findings = formatFindings("marketing", await axeCheck(page));
    expect(findings).toEqual([]);

    const notice = page.getByRole("group", { name: en.siteAdmin.theme.headerNotice });
    await notice.getByLabel(en.siteAdmin.theme.noticeEnable).check();
    await notice.getByLabel(en.siteAdmin.theme.noticeText).fill("Summer school opens in June");
    await page.getByTestId("site-preview").getByText("Summer school opens in June").waitFor();
    await page.getByRole("button", { name: en.siteAdmin.save }).click();
    await page.getByTestId("site-admin-saved").waitFor();

    const visitor = await e2e.newPage();
    await open(visitor, origin);
    await visitor.locator(".header-notice").getByText("Summer school opens in June").waitFor();

    // A phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `${origin}/dashboard/manage/marketing`);
    await page.getByTestId("marketing-links").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("is not offered to a student", async () => {
    const { site, origin } = await e2e.newSite("mkt-student");
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("mkt-student") });
    await buildMember(e2e.t.database.db, site, student, "student");
    const page = await e2e.signedIn(origin, student.email, student.password);
    const res = await page.goto(`${origin}/dashboard/manage/marketing`);
    expect(res?.status()).toBe(404);
  });
});
