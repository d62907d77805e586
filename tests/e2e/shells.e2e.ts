// The three shells in a real browser: the platform's public layout, a tenant site drawn from its
// configuration, and the dashboard shell (sidebar, language, tour, feedback), plus the rule that no
// link the app renders leads to a page that does not exist.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { SEARCH_TYPES } from "../../app/lib/site-search";
import { accounts } from "../../server/modules/accounts";
import { chatService, messageService } from "../../server/modules/chats";
import { notifications } from "../../server/modules/notifications";
import { buildMember, buildUser } from "../../server/seed/builders";
import { logIn, open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();

const newSite = (prefix: string) => e2e.newSite(prefix, { sitetitle: `Shell ${prefix}` });

/** Every same-site link on the page answers below 400 (anchors and the log-out form aside). */
async function expectNoDeadLinks(page: Page) {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.$$eval("a[href]", (links) => links.map((a) => (a as HTMLAnchorElement).href));
  const paths = [...new Set(hrefs.filter((h) => h.startsWith(origin)).map((h) => new URL(h).pathname))];
  expect(paths.length).toBeGreaterThan(0);
  // Asked from the page itself: the browser resolves *.localhost, and sends the session cookie.
  const statuses = await page.evaluate(
    (list) =>
      Promise.all(
        list.map(async (path) => {
          const res = await fetch(path, { redirect: "manual" });
          return [path, res.type === "opaqueredirect" ? 302 : res.status] as const;
        }),
      ),
    paths,
  );
  for (const [path, status] of statuses) expect(status, `${path} on ${page.url()}`).toBeLessThan(400);
}

const mi = (id: string, parent: string | null, label: string, url: string, extra = {}) => ({
  id,
  parent,
  data: { menuItem: { label, item_url: url, item_type: "link", ...extra } },
});

describe("public layout of the platform", () => {
  it("landing page with the plans in US dollars, and no dead links", async () => {
    const page = await e2e.newPage();
    await open(page, e2e.t.origin());
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(en.landing.title);
    const pricing = page.locator("#pricing");
    for (const price of ["$29", "$99", "$49", "$19"]) {
      expect(await pricing.getByText(price, { exact: true }).count(), price).toBeGreaterThan(0);
    }
    await expectNoDeadLinks(page);
    await open(page, `${e2e.t.origin()}/about`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(en.about.title);
    await expectNoDeadLinks(page);
  });

  it("the cookie bar goes once a choice is stored, for 180 days", async () => {
    const page = await e2e.newPage();
    await open(page, e2e.t.origin());
    const bar = page.getByRole("region", { name: en.cookies.title });
    await bar.waitFor();
    await bar.getByRole("button", { name: en.cookies.required }).click();
    await bar.waitFor({ state: "detached" });
    const cookie = (await page.context().cookies()).find((c) => c.name === "cookie-consent");
    expect(cookie?.value).toBe("required");
    expect(cookie?.path).toBe("/");
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(Math.round(days)).toBe(180);
    await open(page, `${e2e.t.origin()}/about`);
    expect(await page.getByRole("region", { name: en.cookies.title }).count()).toBe(0);
  });
});

describe("a tenant site drawn from its configuration", () => {
  it("menus, notice, footer, and the owner's scripts only with consent and never on sign-in pages", async () => {
    const { site, origin } = await newSite("layout");
    await accounts.update(e2e.t.database.db, site.accountId, {
      settings: {
        ...site.settings,
        notices: {
          ...site.settings.notices,
          enable_header_notice: true,
          header_notice: "Enrolment is open",
        },
      },
      menus: {
        header: [
          mi("courses", null, "Courses", "/courses"),
          mi("web", "courses", "Web development", "/course/web"),
          mi("bad", null, "Bad link", "javascript:alert(1)"),
        ],
        mobile: [],
      },
      footer: {
        footer_columns: [{ title: "Learn", type: "links", width: 6, data: [{ label: "Evil", url: "javascript:x()" }] }],
        footer_bottom: "Footer words",
      },
      misc: { scripts: "<script>document.documentElement.dataset.ownerScript = 'ran'</script>" },
    });
    const page = await e2e.newPage();
    await open(page, origin);

    // Nested menu: the submenu opens from its button and closes on Escape.
    const main = page.getByRole("navigation", { name: en.nav.main });
    const toggle = main.getByRole("button", { name: "Open the Courses submenu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await main.getByRole("link", { name: "Web development" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    // Unsafe links the owner typed are not links.
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.getByText("Footer words").count()).toBe(1);

    // Header notice: dismissed for the rest of the browser session.
    await page.getByText("Enrolment is open").waitFor();
    await page.getByRole("button", { name: en.notice.dismiss }).click();
    await page.reload();
    await open(page, origin);
    expect(await page.getByText("Enrolment is open").count()).toBe(0);

    // The owner's scripts wait for consent to third-party content.
    expect(await page.evaluate(() => document.documentElement.dataset.ownerScript)).toBeUndefined();
    await page.getByRole("button", { name: en.cookies.all }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.ownerScript)).toBe("ran");
    await open(page, `${origin}/login`);
    expect(await page.evaluate(() => document.documentElement.dataset.ownerScript)).toBeUndefined();
  });

  it("search modal: nothing-found only after more than 3 characters; members lead to their profile", async () => {
    const { site, origin } = await newSite("search");
    const grace = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("grace"), name: "Grace Hopper" });
    await buildMember(e2e.t.database.db, site, grace, "student");
    const page = await e2e.newPage();
    await open(page, origin);
    await page.getByRole("button", { name: en.search.open }).click();
    const dialog = page.getByRole("dialog", { name: en.search.title });
    for (const chip of SEARCH_TYPES.map((s) => en.search.types[s]))
      await dialog.getByText(chip, { exact: true }).waitFor();
    await dialog.getByLabel(en.search.label).fill("zzz");
    await page.waitForTimeout(800);
    expect(await dialog.getByText(en.errors.notFound).count()).toBe(0);
    await dialog.getByLabel(en.search.label).fill("zzzz");
    await dialog.getByText(en.errors.notFound).waitFor();

    await dialog.getByLabel(en.search.label).fill("grace");
    await dialog.getByRole("link", { name: "Grace Hopper" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/members/"));
    await page.getByRole("heading", { level: 1, name: "Grace Hopper" }).waitFor();
    await expectNoDeadLinks(page);
  });
});

describe("dashboard shell", () => {
  it("owner: tour, sidebar state remembered, language in the server's render, no dead links", async () => {
    const { owner, origin } = await newSite("owner");
    const page = await e2e.newPage();
    await logIn(page, origin, owner.email, owner.password);
    await waitForPath(page, "/dashboard");

    // The onboarding tour starts by itself; leaving it marks it seen.
    await page.locator(".driver-popover").waitFor();
    expect(await page.locator(".driver-popover-title").textContent()).toBe(en.tour.steps.welcome.title);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("account-demo"))).toBe("1");

    await expectNoDeadLinks(page);

    // Collapsed, and still collapsed after a reload (before any script of ours runs).
    await page.getByRole("button", { name: en.nav.collapseSidebar }).click();
    await page.reload();
    await waitForPath(page, "/dashboard");
    expect(await page.evaluate(() => document.documentElement.dataset.sidebar)).toBe("closed");
    expect(await page.locator(".driver-popover").count()).toBe(0);

    // Language: chosen in the top bar, saved, and rendered by the server from then on.
    await page.getByRole("button", { name: /^Language/ }).click();
    await page.getByRole("menuitem", { name: "Deutsch" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("de");
    const html = await page.evaluate(() => fetch("/dashboard").then((r) => r.text()));
    expect(html).toContain('lang="de"');
    expect(html).toContain("Willkommen,");
    await page.getByRole("button", { name: /^Sprache/ }).click();
    await page.getByRole("menuitem", { name: "العربية" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  });

  it("feedback tab: a category first, then the message; a toast confirms", async () => {
    const { owner, origin } = await newSite("feedback");
    const page = await e2e.newPage();
    await page.addInitScript(() => localStorage.setItem("account-demo", "1"));
    await logIn(page, origin, owner.email, owner.password);
    await waitForPath(page, "/dashboard");
    await page.getByRole("button", { name: en.feedback.tab, exact: true }).click();
    const message = page.getByLabel(en.feedback.message);
    expect(await message.isDisabled()).toBe(true);
    await page.getByRole("combobox", { name: en.feedback.category }).click();
    await page.getByRole("option", { name: en.feedback.subjects.bug }).click();
    await message.fill("The new shell works.");
    await page.getByRole("button", { name: en.feedback.send }).click();
    await page.getByText(en.feedback.sent).waitFor();
  });

  it("student: member menu by the spec's rules, no feedback tab, no tour", async () => {
    const { site, origin } = await newSite("student");
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("shell-student") });
    await buildMember(e2e.t.database.db, site, student, "student");
    const page = await e2e.newPage();
    await logIn(page, origin, student.email, student.password);
    await waitForPath(page, "/dashboard");
    const menu = page.getByRole("navigation", { name: en.nav.dashboardMenu });
    // Spec §6: members without manage_options see Orders; courses and the wishlist need the lms feature; activity,
    // meetings and messages are every member's (groups, bookings and points need their site features).
    await expect
      .poll(() => menu.getByRole("link").allTextContents())
      .toEqual([
        en.menu.dashboard,
        en.menu.activity,
        en.menu.meetings,
        en.menu.notifications,
        en.menu.courses,
        en.menu.wishlist,
        en.menu.orders,
        en.menu.messages,
      ]);
    expect(await page.getByRole("button", { name: en.feedback.tab, exact: true }).count()).toBe(0);
    await page.waitForTimeout(500);
    expect(await page.locator(".driver-popover").count()).toBe(0);
    await menu.getByRole("link", { name: en.menu.notifications }).click();
    await waitForPath(page, "/dashboard/notifications");
    // A client-side navigation: the address changes a moment before the new screen is drawn.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(en.notifications.title);
    await expectNoDeadLinks(page);
  });

  it("bell and chat: unread counts, a click marks one read, opening chat marks chats read", async () => {
    const { site, origin } = await newSite("bell");
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("bell-student") });
    await buildMember(e2e.t.database.db, site, student, "student");
    const db = e2e.t.database.db;
    await notifications.create(db, site.accountId, { userId: student.id, title: "Quiz graded", message: "8/10" });
    const friend = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("bell-friend"), name: "Fran Friend" });
    await buildMember(db, site, friend, "student");
    const asFriend = { accountId: site.accountId, userId: friend.id };
    const { chat } = await chatService.open(db, site, asFriend, { member_ids: [student.id] });
    for (const body of ["Hi there", "Are you coming?"]) await messageService.send(db, asFriend, chat.id, { body });
    const page = await e2e.newPage();
    await logIn(page, origin, student.email, student.password);
    await waitForPath(page, "/dashboard");

    const bell = page.getByRole("button", { name: "Notifications, 1 unread" });
    await bell.click();
    await page.getByRole("menuitem", { name: /Quiz graded/ }).click();
    await page.getByRole("button", { name: "Notifications, 0 unread" }).waitFor();

    await page.getByRole("button", { name: "Messages, 2 unread" }).click();
    await page.getByText("Are you coming?").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Messages, 0 unread" }).waitFor();

    // The server agrees after a reload.
    await page.reload();
    await waitForPath(page, "/dashboard");
    await page.getByRole("button", { name: "Notifications, 0 unread" }).waitFor();
    await page.getByRole("button", { name: "Messages, 0 unread" }).waitFor();
    await open(page, `${origin}/dashboard/notifications`);
    expect(await page.getByText("Quiz graded").count()).toBe(1);
  });
});
