// Importing contacts in a real browser: the owner chooses a CSV file, sees the columns guessed and
// maps one by hand, picks a list and a tag, follows the progress to the summary and finds the
// imported contact in the list; a file with a bad row lists that row and imports nothing; a
// student is told the screen does not exist.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { buildMember, buildUser } from "../../server/seed/builders";
import { axeCheck } from "./axe";
import { hydrated, open, setupE2E, uid, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const ci = en.contactImport;
const BASE = "/dashboard/manage/marketing/emails/contacts";

const fitsPhone = () => document.documentElement.scrollWidth <= window.innerWidth;
const csvFile = (text: string) => ({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });

describe("contact import", () => {
  it("an owner imports a file, maps a column, watches it to the summary and finds the contact", async () => {
    const { owner, origin } = await e2e.newSite("contact-import", { plan: PLAN_IDS.starter });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    const n = uid();
    const email = `grace-${n}@school.org`;

    await open(page, `${origin}${BASE}`);
    await hydrated(page);
    // A column can fill only a field the site defines: the owner has defined "employer".
    const defined = await page.evaluate(async () => {
      const res = await fetch("/api/v1/fields", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ key: "employer", label: "Employer", type: "text" }),
      });
      return res.status;
    });
    expect(defined).toBe(201);
    await page.getByRole("link", { name: ci.button }).click();
    await page.waitForURL((u) => u.pathname === `${BASE}/import`);
    await hydrated(page);
    await page.getByText(ci.file.hint).waitFor();
    expect(await axeCheck(page)).toEqual([]);

    await page
      .locator('input[type="file"]')
      .setInputFiles(csvFile(`\uFEFFE-mail;Vorname;Firma\r\n${email};Grace;Navy\r\nbob-${n}@school.org;Bob;\r\n`));
    // Guessed: the e-mail and the name; the company is mapped to a field by hand.
    const target = (column: string) => page.getByLabel(ci.mapping.targetOf.replace("{{column}}", column));
    await target("E-mail").waitFor();
    expect(await target("E-mail").inputValue()).toBe("email");
    expect(await target("Vorname").inputValue()).toBe("name");
    await target("Firma").selectOption("field");
    await page.getByLabel(ci.mapping.fieldOf.replace("{{column}}", "Firma")).selectOption("employer");
    expect(await axeCheck(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(fitsPhone)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: ci.next, exact: true }).click();

    await page.getByLabel(ci.options.tags).fill("spring");
    await page.getByRole("button", { name: ci.next, exact: true }).click();
    await page.getByText(ci.confirm.text.replace("{{count}}", "2")).waitFor();
    await page.getByRole("button", { name: ci.confirm.submit, exact: true }).click();

    const summary = page.getByTestId("import-summary");
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.getByRole("row", { name: ci.summary.created }).textContent()).toContain("2");
    expect(await axeCheck(page)).toEqual([]);

    await page.getByRole("link", { name: ci.summary.view }).click();
    await page.waitForURL((u) => u.pathname === BASE);
    const row = page.locator(`tr[data-contact="${email}"]`);
    await row.waitFor();
    await row.getByText("spring").waitFor();
    await row.getByRole("cell", { name: "Grace", exact: true }).waitFor();
  });

  it("a file with a bad row lists that row and imports nothing", async () => {
    const { owner, origin } = await e2e.newSite("contact-import-bad", { plan: PLAN_IDS.starter });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}${BASE}/import`);
    await hydrated(page);
    await page
      .locator('input[type="file"]')
      .setInputFiles(csvFile(`email,name\nok-${uid()}@school.org,Ok\nnot-an-address,Bad\n`));
    for (let i = 0; i < 2; i++) await page.getByRole("button", { name: ci.next, exact: true }).click();
    await page.getByRole("button", { name: ci.confirm.submit, exact: true }).click();
    const errors = page.getByTestId("import-errors");
    await errors.waitFor();
    expect(await errors.locator("tbody tr").count()).toBe(1);
    await errors.getByText(ci.errors.codes.email_invalid.replace("{{value}}", "not-an-address")).waitFor();
    await open(page, `${origin}${BASE}`);
    await hydrated(page);
    expect(await page.locator("tr[data-contact]").count()).toBe(0);
  });

  it("a student is told the import screen does not exist", async () => {
    const { site, origin } = await e2e.newSite("contact-import-student", { plan: PLAN_IDS.starter });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("import-student") });
    await buildMember(e2e.t.database.db, site, student, "student");
    const page = await e2e.signedIn(origin, student.email, student.password);
    expect((await page.goto(`${origin}${BASE}/import`))?.status()).toBe(404);
  });
});
