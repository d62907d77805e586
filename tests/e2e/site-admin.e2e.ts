// The site administration screens in a real browser: an owner edits the theme, menus and footer
// with a live preview, saves, and an anonymous visitor sees the result at once (the save drops the
// site's cached pages); a student is told the screens do not exist; an invalid value saves nothing.
// Screenshots of the four screens go to docs/screenshots/site-admin-*.png.
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildMember, buildUser } from "../../server/seed/builders";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const SCREENSHOTS = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "docs/screenshots");
const sa = en.siteAdmin;

const newSite = (prefix: string) => e2e.newSite(prefix, { sitetitle: `Admin ${prefix}` });

async function screenshots(page: Page, screen: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SCREENSHOTS, `site-admin-${screen}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function save(page: Page) {
  await page.getByRole("button", { name: sa.save }).click();
  await page.getByTestId("site-admin-saved").waitFor();
  // The toast says it too.
  await page.locator(".toasts").getByText(sa.saved).first().waitFor();
}

describe("site administration", () => {
  it("owner edits theme, menus and footer with a live preview; visitors see it at once", async () => {
    const { owner, origin } = await newSite("edit");

    // A visitor's first look fills the page cache with the old page.
    const visitor = await e2e.newPage();
    const first = await visitor.goto(origin);
    expect(first?.status()).toBe(200);
    await visitor.goto(origin);
    expect(await visitor.getByText("Spring enrolment is open").count()).toBe(0);

    const page = await e2e.signedIn(origin, owner.email, owner.password);

    // The index is in the profile menu's target and links to the four screens.
    await open(page, `${origin}/dashboard/manage/site`);
    for (const screen of ["theme", "header", "menus", "footer"] as const) {
      await page.getByRole("link", { name: sa.screens[screen].title }).first().waitFor();
    }

    // Theme: the title, previewed before saving.
    await open(page, `${origin}/dashboard/manage/site/theme`);
    const preview = page.getByTestId("site-preview");
    await page.getByLabel(sa.theme.sitetitle).fill("Atelier Nova");
    await preview.getByText("Atelier Nova").first().waitFor();
    await page.getByLabel(sa.theme.font).selectOption("poppins");
    await page.getByLabel(sa.theme.primary, { exact: true }).fill("#aa3366");
    await expect.poll(() => preview.getAttribute("style")).toContain("--site-primary: #aa3366");
    expect(await page.locator('link[rel="stylesheet"][href="/fonts/poppins.css"]').count()).toBe(1);
    await screenshots(page, "theme");
    await save(page);

    // The header notice lives on the marketing home now; the theme screen links to it.
    await page.getByTestId("notices-moved").getByRole("link").click();
    const notice = page.getByRole("group", { name: sa.theme.headerNotice });
    await notice.getByLabel(sa.theme.noticeEnable).check();
    await notice.getByLabel(sa.theme.noticeText).fill("Spring enrolment is open");
    await page.getByTestId("site-preview").getByText("Spring enrolment is open").waitFor();
    await save(page);

    // Header: the switches show in the preview too.
    await open(page, `${origin}/dashboard/manage/site/header`);
    expect(await page.getByTestId("site-preview").getByRole("button", { name: en.search.open }).count()).toBe(1);
    await page.getByLabel(sa.header.header_search).uncheck();
    expect(await page.getByTestId("site-preview").getByRole("button", { name: en.search.open }).count()).toBe(0);
    await page.getByLabel(sa.header.header_search).check();
    await screenshots(page, "header");

    // Menus: a link and a mega menu with two columns.
    await open(page, `${origin}/dashboard/manage/site/menus`);
    const items = page.locator('[data-testid^="menu-item-"]');
    const before = await items.count();
    await page.getByRole("button", { name: sa.menus.addLink }).click();
    const link = page.getByTestId(`menu-item-${before}`);
    await link.getByLabel(sa.menus.label, { exact: true }).fill("Catalogue");
    await link.getByLabel(sa.menus.url, { exact: true }).fill("/members");
    await page.getByTestId("site-preview").getByRole("link", { name: "Catalogue" }).waitFor();

    await page.getByRole("button", { name: sa.menus.addMega }).click();
    const mega = page.getByTestId(`menu-item-${before + 1}`);
    await mega.getByLabel(sa.menus.label, { exact: true }).fill("Explore");
    await mega.getByRole("button", { name: sa.menus.addColumn }).click();
    await mega.getByLabel(sa.menus.content).nth(0).fill("Design courses");
    await mega.getByLabel(sa.menus.content).nth(1).fill("Code courses");
    await page.getByTestId("site-preview").getByRole("button", { name: "Explore" }).waitFor();

    // Reordering from the keyboard: the mega menu goes up, and focus stays on its button.
    // The buttons say what they do; the item they act on describes them (its legend).
    const up = mega.getByRole("button", { name: sa.moveUp, exact: true });
    expect(await up.getAttribute("aria-describedby")).toBe(await mega.locator("legend").first().getAttribute("id"));
    await up.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByTestId(`menu-item-${before}`).locator("legend").first().textContent())
      .toBe("Explore");
    // Focus moves to "down" once the list has re-rendered; Enter before that would hit the disabled "up".
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          const about = document.getElementById(focused?.getAttribute("aria-describedby") ?? "");
          return `${focused?.textContent} · ${about?.textContent}`;
        }),
      )
      .toBe(`${sa.moveDown} · Explore`);
    // At the top "up" is disabled, so focus went to "down": Enter moves it back below Catalogue.
    await page.keyboard.press("Enter");
    await expect
      .poll(() =>
        page
          .getByTestId(`menu-item-${before + 1}`)
          .locator("legend")
          .first()
          .textContent(),
      )
      .toBe("Explore");
    await screenshots(page, "menus");
    await save(page);

    // Footer: a text column.
    await open(page, `${origin}/dashboard/manage/site/footer`);
    const columns = page.locator('[data-testid^="footer-column-"]');
    const n = await columns.count();
    await page.getByRole("button", { name: sa.footer.addColumn }).click();
    const column = page.getByTestId(`footer-column-${n}`);
    await column.getByLabel(sa.footer.columnTitle).fill("About us");
    await column.getByLabel(sa.footer.columnType).selectOption("text");
    await column.getByLabel(sa.footer.columnText, { exact: true }).fill("We teach crafts.");
    await page.getByTestId("site-preview").getByText("We teach crafts.").waitFor();
    await page.getByText(sa.footer.scriptsWarning).waitFor();
    await screenshots(page, "footer");
    await save(page);

    // The same visitor, without a session: the page is rendered afresh, not served from the cache.
    const fresh = await visitor.goto(origin);
    expect(fresh?.headers()["x-cache"]).not.toBe("HIT");
    // The theme is in the server's render: the font's stylesheet and the colour and font variables.
    const html = (await fresh?.text()) ?? "";
    expect(html).toContain('href="/fonts/poppins.css"');
    expect(html).toMatch(/--site-font-family:[^"]*Poppins/);
    expect(html).toMatch(/--site-primary:\s*#aa3366/);
    await visitor.getByText("Spring enrolment is open").waitFor();
    expect(await visitor.locator(".site-brand").textContent()).toContain("Atelier Nova");
    const nav = visitor.getByRole("navigation", { name: en.nav.main });
    const order = await nav.locator(".menu-row > li").allTextContents();
    expect(order.join("|")).toMatch(/Catalogue.*Explore/);
    await nav.getByRole("link", { name: "Catalogue" }).waitFor();
    await nav.getByRole("button", { name: "Explore" }).click();
    await nav.getByText("Design courses").waitFor();
    await nav.getByText("Code courses").waitFor();
    expect(await visitor.locator(".mega-column").count()).toBe(2);
    const footer = visitor.locator("footer.site-footer");
    await footer.getByRole("heading", { name: "About us" }).waitFor();
    await footer.getByText("We teach crafts.").waitFor();
  });

  it("a student gets 404 on the screens; a logo width of 99 is refused and nothing is saved", async () => {
    const { site, owner, origin } = await newSite("guard");
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("student") });
    await buildMember(e2e.t.database.db, site, student, "student");

    const studentPage = await e2e.signedIn(origin, student.email, student.password);
    for (const screen of ["", "/theme", "/menus"]) {
      const res = await studentPage.goto(`${origin}/dashboard/manage/site${screen}`);
      expect(res?.status(), screen).toBe(404);
    }

    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/site/theme`);
    await page.getByLabel(sa.theme.sitetitle).fill("Never saved");
    const width = page.getByLabel(sa.theme.logoWidth);
    await width.fill("99");
    await page.getByRole("button", { name: sa.save }).click();
    await page.getByTestId("site-admin-error").waitFor();
    await expect.poll(() => width.getAttribute("aria-invalid")).toBe("true");
    const errorId = (await width.getAttribute("aria-describedby"))?.split(" ").find((id) => id.endsWith("-error"));
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(sa.errors.field);
    // What was typed stays in the form.
    expect(await page.getByLabel(sa.theme.sitetitle).inputValue()).toBe("Never saved");

    await open(page, `${origin}/dashboard/manage/site/theme`);
    expect(await page.getByLabel(sa.theme.sitetitle).inputValue()).toBe("Admin guard");
    expect(await page.getByLabel(sa.theme.logoWidth).inputValue()).toBe("8");
  });

  it("the admin toolbar links to the screens and clears the page cache with a toast", async () => {
    const { owner, origin } = await newSite("toolbar");
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, origin);
    await page.getByRole("button", { name: en.admin.toolbar }).click();
    for (const [key, path] of [
      ["theme", "/dashboard/manage/site/theme"],
      ["header", "/dashboard/manage/site/header"],
      ["menus", "/dashboard/manage/site/menus"],
      ["footer", "/dashboard/manage/site/footer"],
    ] as const) {
      expect(await page.getByRole("link", { name: en.admin.edit[key] }).getAttribute("href")).toBe(path);
    }
    const calls: string[] = [];
    page.on("response", (res) => {
      if (res.url().includes("/api/site/")) calls.push(`${new URL(res.url()).pathname} ${res.status()}`);
    });
    await page.getByRole("button", { name: en.admin.clearCache }).click();
    await page
      .locator(".toasts")
      .getByText(/Page cache cleared/)
      .waitFor();
    expect(calls.sort()).toEqual(["/api/site/invalidateCache 200", "/api/site/revalidateCache 200"]);
  });
});
