// More of the shells in a real browser (the "Prove it"): the dashboard sidebar's remembered
// state and its phone behaviour, the guided tour's controls, switching languages (French, and
// Arabic right to left), the header notice's time window and dismissal, live presence and
// notifications across two browsers, and the screenshots in docs/screenshots/.
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import fr from "../../app/i18n/locales/fr/translation.json" with { type: "json" };
import { accounts } from "../../server/modules/accounts";
import { notifications } from "../../server/modules/notifications";
import { buildMember, buildSite, buildUser } from "../../server/seed/builders";
import { hydrated, logIn, open, setupE2E, uniqueEmail, uniqueSlug, waitForPath } from "./fixtures";

const e2e = setupE2E();
const SCREENSHOTS = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "docs/screenshots");
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const newSite = (prefix: string) => e2e.newSite(prefix, { sitetitle: `Shell ${prefix}` });

async function newMember(site: Awaited<ReturnType<typeof newSite>>["site"], prefix: string, name?: string) {
  const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail(prefix), name });
  await buildMember(e2e.t.database.db, site, user, "student");
  return user;
}

/** A page whose owner has already seen the tour (so it does not cover the dashboard). */
async function pageWithoutTour() {
  const page = await e2e.newPage();
  await page.addInitScript(() => localStorage.setItem("account-demo", "1"));
  return page;
}

/** The sidebar's rendered width in rem. */
const sidebarRem = (page: Page) =>
  page.evaluate(() => {
    const el = document.getElementById("dashboard-sidebar");
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    return el ? Number.parseFloat(getComputedStyle(el).width) / rem : -1;
  });

const htmlAttr = (page: Page, name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);

describe("dashboard sidebar", () => {
  it("desktop: collapsed (4.5rem) stays collapsed after a reload, and open (18rem) stays open", async () => {
    const { owner, origin } = await newSite("sidebar");
    const page = await pageWithoutTour();
    await page.setViewportSize(DESKTOP);
    await logIn(page, origin, owner.email, owner.password);
    await waitForPath(page, "/dashboard");
    await expect.poll(() => sidebarRem(page)).toBe(18);

    await page.getByRole("button", { name: en.nav.collapseSidebar }).click();
    await expect.poll(() => sidebarRem(page)).toBe(4.5);
    await page.reload();
    await hydrated(page);
    expect(await sidebarRem(page)).toBe(4.5);
    const toggle = page.getByRole("button", { name: en.nav.expandSidebar });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    // Collapsed, the links keep their names for assistive technology.
    const menu = page.getByRole("navigation", { name: en.nav.dashboardMenu });
    await menu.getByRole("link", { name: en.menu.notifications }).waitFor();

    await toggle.click();
    await expect.poll(() => sidebarRem(page)).toBe(18);
    await page.reload();
    await hydrated(page);
    expect(await sidebarRem(page)).toBe(18);
    expect(await page.evaluate(() => localStorage.getItem("sidebar-open"))).toBe("true");
  });

  it("phone (375 px): closed by default, opens over the page, closes after navigating", async () => {
    const { site, origin } = await newSite("sidebar-phone");
    const student = await newMember(site, "phone-student");
    const page = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await logIn(page, origin, student.email, student.password);
    await waitForPath(page, "/dashboard");

    const sidebar = page.locator("#dashboard-sidebar");
    const toggle = page.locator('button[aria-controls="dashboard-sidebar"]');
    // Off screen and hidden: its right edge is at or before the left edge of the viewport.
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await toggle.getAttribute("aria-label")).toBe(en.nav.expandSidebar);
    expect(await sidebar.isVisible()).toBe(false);
    await expect.poll(async () => (await sidebar.boundingBox())?.x ?? 0).toBeLessThan(0);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    expect(await sidebar.isVisible()).toBe(true);

    await sidebar.getByRole("link", { name: en.menu.notifications }).click();
    await waitForPath(page, "/dashboard/notifications");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    expect(await page.locator(".sidebar-backdrop").count()).toBe(0);
  });
});

describe("guided tour", () => {
  it("starts by itself, Next/Back and the arrow keys move, Escape closes, it stays closed, and restarts", async () => {
    const { owner, origin } = await newSite("tour");
    const page = await e2e.newPage();
    await page.setViewportSize(DESKTOP);
    await logIn(page, origin, owner.email, owner.password);
    await waitForPath(page, "/dashboard");

    const popover = page.locator(".driver-popover");
    const title = () => page.locator(".driver-popover-title").textContent();
    const progress = () => page.locator(".driver-popover-progress-text").textContent();
    await popover.waitFor();
    await expect.poll(title).toBe(en.tour.steps.welcome.title);
    expect(await progress()).toMatch(/^1 of \d+$/);
    const second = en.tour.steps.accountMenu.title;

    await popover.getByRole("button", { name: en.tour.next, exact: true }).click();
    await expect.poll(title).toBe(second);
    expect(await progress()).toMatch(/^2 of \d+$/);
    await popover.getByRole("button", { name: en.tour.back, exact: true }).click();
    await expect.poll(title).toBe(en.tour.steps.welcome.title);

    // driver.js ignores the arrow keys while a step's 400 ms transition runs (its popover appears
    // half way through), so each key waits until the transition is surely over.
    const settle = () => page.waitForTimeout(600);
    await settle();
    await page.keyboard.press("ArrowRight");
    await expect.poll(title).toBe(second);
    await settle();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(title).toBe(en.tour.steps.welcome.title);
    await settle();

    await page.keyboard.press("Escape");
    await popover.waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => localStorage.getItem("account-demo"))).toBe("1");

    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(1000);
    expect(await popover.count()).toBe(0);

    await page.getByRole("button", { name: en.tour.restartTour }).click();
    await popover.waitFor();
    await expect.poll(title).toBe(en.tour.steps.welcome.title);
    expect(await page.evaluate(() => localStorage.getItem("account-demo"))).toBeNull();
  });
});

describe("languages", () => {
  it("a visitor switches to Français: the page changes and a reload keeps it", async () => {
    const { origin } = await newSite("lang-visitor");
    const page = await e2e.newPage();
    await page.setViewportSize(DESKTOP);
    await open(page, origin);
    const account = page.getByRole("navigation", { name: en.nav.account });
    expect(await account.getByRole("link", { name: en.nav.login, exact: true }).count()).toBe(1);

    await page.getByRole("combobox", { name: en.language.label }).selectOption("fr");
    await expect.poll(() => htmlAttr(page, "lang")).toBe("fr");
    const accountFr = page.getByRole("navigation", { name: fr.nav.account });
    await accountFr.getByRole("link", { name: fr.nav.login, exact: true }).waitFor();

    await page.reload();
    await hydrated(page);
    expect(await htmlAttr(page, "lang")).toBe("fr");
    expect(await accountFr.getByRole("link", { name: fr.nav.login, exact: true }).count()).toBe(1);
    expect(await page.getByRole("combobox", { name: fr.language.label }).inputValue()).toBe("fr");
  });

  it("a member switches to Français (saved on the membership), then Arabic mirrors the layout", async () => {
    const { site, origin } = await newSite("lang-member");
    const student = await newMember(site, "lang-student");
    const page = await e2e.newPage();
    await page.setViewportSize(DESKTOP);
    await logIn(page, origin, student.email, student.password);
    await waitForPath(page, "/dashboard");
    const sidebar = page.locator("#dashboard-sidebar");
    const main = page.locator("main#main");
    const ltrSidebar = await sidebar.boundingBox();
    const ltrMain = await main.boundingBox();
    expect(ltrSidebar && ltrMain && ltrSidebar.x < ltrMain.x).toBe(true);

    await page.getByRole("button", { name: /^Language/ }).click();
    await page.getByRole("menuitem", { name: "Français" }).click();
    await expect.poll(() => htmlAttr(page, "lang")).toBe("fr");
    const menuFr = page.getByRole("navigation", { name: fr.nav.dashboardMenu });
    await menuFr.getByRole("link", { name: fr.menu.dashboard, exact: true }).waitFor();

    // Kept on reload, and without the lang cookie too: the choice lives on the membership.
    await page.reload();
    await hydrated(page);
    expect(await htmlAttr(page, "lang")).toBe("fr");
    await page.context().clearCookies({ name: "lang" });
    expect((await page.context().cookies()).some((c) => c.name === "lang")).toBe(false);
    await page.reload();
    await hydrated(page);
    expect(await htmlAttr(page, "lang")).toBe("fr");
    expect(await menuFr.getByRole("link", { name: fr.menu.dashboard, exact: true }).count()).toBe(1);

    await page.getByRole("button", { name: /^Langue/ }).click();
    await page.getByRole("menuitem", { name: "العربية" }).click();
    await expect.poll(() => htmlAttr(page, "dir")).toBe("rtl");
    expect(await htmlAttr(page, "lang")).toBe("ar");
    // Mirrored: the sidebar is now on the right edge, the content on its left.
    await expect
      .poll(async () => {
        const s = await sidebar.boundingBox();
        const m = await main.boundingBox();
        return Boolean(s && m && s.x > m.x && Math.abs(s.x + s.width - DESKTOP.width) < 2);
      })
      .toBe(true);
    await page.reload();
    await hydrated(page);
    expect(await htmlAttr(page, "dir")).toBe("rtl");
    expect(await htmlAttr(page, "lang")).toBe("ar");
  });
});

describe("header notice (spec §4)", () => {
  it("hidden before its start and after its expiry; shown in its window; dismissed for the session", async () => {
    const { site, origin } = await newSite("notice");
    const db = e2e.t.database.db;
    const hour = 3600_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const setNotice = (text: string, start: string, expire: string) =>
      accounts.updateConfig(db, site, {
        settings: {
          notices: {
            enable_header_notice: true,
            header_notice: text,
            header_notice_start: start,
            header_notice_expire: expire,
          },
        },
      });
    const notice = (page: Page) => page.locator(".header-notice");

    await setNotice("Starts tomorrow", iso(24 * hour), "");
    const page = await e2e.newPage();
    await open(page, origin);
    await page.waitForTimeout(300);
    expect(await notice(page).count()).toBe(0);
    expect(await page.getByText("Starts tomorrow").count()).toBe(0);

    await setNotice("Expired yesterday", iso(-48 * hour), iso(-24 * hour));
    await open(page, origin);
    await page.waitForTimeout(300);
    expect(await notice(page).count()).toBe(0);
    expect(await page.getByText("Expired yesterday").count()).toBe(0);

    await setNotice("Enrolment closes Friday", iso(-hour), iso(24 * hour));
    await open(page, origin);
    await notice(page).getByText("Enrolment closes Friday").waitFor();

    await notice(page).getByRole("button", { name: en.notice.dismiss }).click();
    await notice(page).waitFor({ state: "detached" });
    expect(await page.evaluate(() => sessionStorage.getItem("header-notice-dismissed"))).toBe(
      "Enrolment closes Friday",
    );
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(await notice(page).count()).toBe(0);

    // A new browser session shows it again.
    const other = await e2e.newPage();
    await open(other, origin);
    await notice(other).getByText("Enrolment closes Friday").waitFor();
  });
});

describe("realtime across two browsers", () => {
  it("presence counts both members and drops one that leaves; a notification reaches only its member's bell", async () => {
    const { site, origin } = await newSite("presence");
    const ada = await newMember(site, "ada", "Ada Lovelace");
    const bob = await newMember(site, "bob", "Bob Babbage");
    const [a, b] = await Promise.all([e2e.newPage(), e2e.newPage()]);
    await Promise.all([a.setViewportSize(DESKTOP), b.setViewportSize(DESKTOP)]);
    await logIn(a, origin, ada.email, ada.password);
    await waitForPath(a, "/dashboard");
    await logIn(b, origin, bob.email, bob.password);
    await waitForPath(b, "/dashboard");

    const online = (p: Page) => p.locator(".online-count").getAttribute("aria-label");
    const twoOnline = en.presence.online.replace("{{n}}", "2");
    const oneOnline = en.presence.online.replace("{{n}}", "1");
    await expect.poll(() => online(a), { timeout: 15_000 }).toBe(twoOnline);
    await expect.poll(() => online(b), { timeout: 15_000 }).toBe(twoOnline);

    const bell = (p: Page, n: number) => p.getByRole("button", { name: `Notifications, ${n} unread` });
    await bell(a, 0).waitFor();
    await bell(b, 0).waitFor();
    await notifications.create(e2e.t.database.db, site.accountId, {
      userId: ada.id,
      title: "Assignment returned",
      message: "See the comments",
    });
    await bell(a, 1).waitFor({ timeout: 15_000 });
    await bell(a, 1).click();
    await a.getByRole("menuitem", { name: /Assignment returned/ }).waitFor();
    await a.keyboard.press("Escape");
    await b.waitForTimeout(1000);
    expect(await bell(b, 0).count()).toBe(1);
    expect(await b.getByText("Assignment returned").count()).toBe(0);

    await b.context().close();
    await expect.poll(() => online(a), { timeout: 15_000 }).toBe(oneOnline);
  });
});

describe("screenshots (docs/screenshots)", () => {
  /** Waits for the network and the fonts to settle, freezes motion, then shoots the viewport. */
  async function shoot(page: Page, name: string) {
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: "disabled", caret: "hide" });
  }

  async function screenshotPage() {
    const page = await e2e.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    // A stored cookie choice, so the cookie bar does not cover the shells.
    await page.addInitScript(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the consent cookie is a plain cookie
      document.cookie = "cookie-consent=required; Path=/; Max-Age=3600";
    });
    return page;
  }

  async function both(page: Page, name: string, url: string, prepare?: (page: Page) => Promise<void>) {
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await open(page, url);
      await prepare?.(page);
      // Nothing of any shell may stick out sideways, on a phone least of all.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shoot(page, `${name}-${size}`);
    }
  }

  /**
   * For a steady picture, give the dashboard's online count time to settle on this person alone.
   * Presence itself is asserted by the presence test above; here a count still settling after a
   * reload (seen once under heavy load) must not fail the screenshots.
   */
  async function alone(page: Page) {
    const count = page.locator(".online-count .count-text");
    for (let i = 0; i < 75; i++) {
      if ((await count.textContent().catch(() => null)) === "1") return;
      await page.waitForTimeout(200);
    }
  }

  it("each shell at desktop (1280×800) and phone (375×740) widths", async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const platform = e2e.t.origin();

    // The platform's public layout.
    const visitor = await screenshotPage();
    await both(visitor, "platform-home", platform);
    await both(visitor, "platform-login", `${platform}/login`);

    // A tenant site with a menu (a mega menu among it), a header notice and footer columns.
    // Fixed names and addresses (not random ones), so the pictures are the same on every run.
    const owner = await buildUser(e2e.t.platform.auth, { email: "maria.owner@example.org", name: "Maria Santos" });
    const site = await buildSite(e2e.t.database.db, owner, { slug: uniqueSlug("shots"), sitetitle: "Shots" });
    const origin = e2e.t.origin(site.slug);
    await accounts.updateConfig(e2e.t.database.db, site, {
      settings: {
        sitetitle: "Northwind Academy",
        notices: {
          enable_header_notice: true,
          header_notice: "Spring enrolment is open until 31 March",
          header_notice_start: "",
          header_notice_expire: "",
        },
      },
      menus: {
        header: [
          {
            id: "courses",
            parent: null,
            data: {
              menuItem: {
                label: "Courses",
                item_url: "/courses",
                item_type: "megamenu",
                mega_menu: {
                  columnCount: 3,
                  columns: [
                    { colSpan: 1, rowSpan: 1, content: "Programming: from first steps to production code." },
                    { colSpan: 1, rowSpan: 1, content: "Design: typography, colour and layout." },
                    { colSpan: 1, rowSpan: 1, content: "Business: marketing, finance and sales." },
                  ],
                },
              },
            },
          },
          {
            id: "web",
            parent: "courses",
            data: { menuItem: { label: "Web development", item_url: "/course/web", item_type: "link" } },
          },
          {
            id: "data",
            parent: "courses",
            data: { menuItem: { label: "Data science", item_url: "/course/data", item_type: "link" } },
          },
          { id: "about", parent: null, data: { menuItem: { label: "About", item_url: "/about", item_type: "link" } } },
          {
            id: "members",
            parent: null,
            data: { menuItem: { label: "Members", item_url: "/members", item_type: "link" } },
          },
        ],
      },
      footer: {
        footer_columns: [
          { title: "About us", type: "text", width: 4, data: "Courses taught by practitioners since 2019." },
          {
            title: "Learn",
            type: "links",
            width: 4,
            data: [
              { label: "All courses", url: "/courses" },
              { label: "Members", url: "/members" },
            ],
          },
          { title: "Help", type: "links", width: 4, data: [{ label: "About", url: "/about" }] },
        ],
        footer_bottom: "Northwind Academy, Lisbon",
      },
    });
    await both(visitor, "site-home", origin);
    await visitor.setViewportSize(PHONE);
    await open(visitor, origin);
    await visitor.getByRole("button", { name: en.nav.openMenu }).click();
    await visitor.getByRole("navigation", { name: en.nav.mobile }).getByText("Web development").waitFor();
    await shoot(visitor, "site-home-mobile-menu-open-phone");

    // The dashboard shell: the owner, a student, the Night theme and Arabic.
    const ownerPage = await screenshotPage();
    await ownerPage.addInitScript(() => localStorage.setItem("account-demo", "1"));
    await logIn(ownerPage, origin, owner.email, owner.password);
    await waitForPath(ownerPage, "/dashboard");
    await both(ownerPage, "dashboard-owner", `${origin}/dashboard`, alone);
    await ownerPage.context().close();

    const student = await buildUser(e2e.t.platform.auth, { email: "grace.student@example.org", name: "Grace Hopper" });
    await buildMember(e2e.t.database.db, site, student, "student");
    const studentPage = await screenshotPage();
    await logIn(studentPage, origin, student.email, student.password);
    await waitForPath(studentPage, "/dashboard");
    await both(studentPage, "dashboard-student", `${origin}/dashboard`, alone);
    await studentPage.context().close();

    const nightPage = await screenshotPage();
    await nightPage.addInitScript(() => {
      localStorage.setItem("account-demo", "1");
      localStorage.setItem("theme", "night");
    });
    await logIn(nightPage, origin, owner.email, owner.password);
    await waitForPath(nightPage, "/dashboard");
    await both(nightPage, "dashboard-night-theme", `${origin}/dashboard`, alone);
    expect(await htmlAttr(nightPage, "data-theme")).toBe("night");
    await nightPage.context().close();

    const arabicPage = await screenshotPage();
    await arabicPage.addInitScript(() => localStorage.setItem("account-demo", "1"));
    await logIn(arabicPage, origin, owner.email, owner.password);
    await waitForPath(arabicPage, "/dashboard");
    await arabicPage.context().addCookies([{ name: "lang", value: "ar", url: origin }]);
    await both(arabicPage, "dashboard-arabic", `${origin}/dashboard`, alone);
    expect(await htmlAttr(arabicPage, "dir")).toBe("rtl");
  });
});
