// A site's own look on its public pages and in the page editor: the owner's primary colour on
// buttons, links, badges and the cookie bar with text that stays readable, a footer notice that
// reads on the dark footer style, the phone menu above the cookie bar, and the page editor's canvas
// using the width of the screen and the site's colours.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { THEME_STORAGE_KEY } from "../../app/lib/theme";
import { contrastRatio, MIN_TEXT_CONTRAST } from "../../core/color-contrast";
import { accounts } from "../../server/modules/accounts";
import { pages } from "../../server/modules/pages";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E } from "./fixtures";

const e2e = setupE2E();
const YELLOW = "#ffd43b";

/** The colour of an element's text and the opaque background it is painted on. */
const colours = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      let bg = "rgba(0, 0, 0, 0)";
      for (let n: Element | null = el; n && /rgba\(.*, 0\)$|transparent/.test(bg); n = n.parentElement) {
        bg = getComputedStyle(n).backgroundColor;
      }
      return { color: getComputedStyle(el).color, background: bg };
    });

async function yellowSite(opts: { footerStyle?: "dark"; notice?: string | null } = {}) {
  const { site, owner, origin } = await e2e.newSite("brand");
  await accounts.updateConfig(e2e.t.database.db, site, {
    theme: { colors: { primary: YELLOW } },
    settings: {
      notices: {
        ...site.settings.notices,
        enable_footer_notice: true,
        footer_notice: "Open house on Saturday",
        footer_notice_bg: opts.notice ?? "",
      },
    },
    footer: { footer_style: opts.footerStyle ?? "default", footer_bottom: "Brand school" },
  });
  return { site, owner, origin };
}

describe("a site's primary colour", () => {
  it("fills buttons and the cookie bar with readable text, and colours links in a readable shade", async () => {
    const { origin } = await yellowSite();
    for (const theme of ["light", "dark", "night"] as const) {
      const page = await e2e.newPage();
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme]);
      await open(page, `${origin}/login`);
      const bar = page.getByRole("region", { name: en.cookies.title });
      await bar.waitFor();
      const accept = await colours(page, ".cookie-bar .button:not(.secondary)");
      expect(accept.background, theme).toBe("rgb(255, 212, 59)");
      expect(contrastRatio(accept.color, accept.background), theme).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // The secondary cookie buttons and the page's links take the site's colour, in a readable shade.
      for (const selector of [".cookie-bar .button.secondary", 'main a[href$="forgot-password"]']) {
        const link = await colours(page, selector);
        expect(link.color, `${theme} ${selector}`).not.toBe("rgb(66, 99, 235)");
        expect(contrastRatio(link.color, link.background), `${theme} ${selector}`).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      }
      const findings = await axeCheck(page, ["color-contrast"]);
      expect(formatFindings(theme, findings)).toEqual([]);
    }
  });

  it("keeps the footer notice readable on the dark footer, with or without its own background", async () => {
    for (const notice of [null, "#fff3bf", "#1b4332"]) {
      const { origin } = await yellowSite({ footerStyle: "dark", notice });
      const page = await e2e.newPage();
      await open(page, origin);
      await page.getByText("Open house on Saturday").waitFor();
      const c = await colours(page, ".footer-notice p");
      expect(contrastRatio(c.color, c.background), String(notice)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});

describe("the phone menu", () => {
  it("opens above the cookie bar at 390 px, so its last link can be used", async () => {
    const { origin } = await yellowSite();
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, origin);
    await page.getByRole("region", { name: en.cookies.title }).waitFor();
    await page.getByRole("button", { name: en.nav.openMenu }).click();
    const menu = page.getByRole("dialog");
    const signup = menu.getByRole("link", { name: en.nav.signup });
    await signup.waitFor();
    // Once the menu has slid in, what sits at its bottom, where the cookie bar lies underneath, is
    // the menu.
    await page.waitForFunction(() => document.querySelector(".side-drawer-panel")?.getAnimations().length === 0);
    const onTop = await page.evaluate(() => {
      const bar = document.querySelector(".cookie-bar")?.getBoundingClientRect();
      const panel = document.querySelector(".side-drawer-panel")?.getBoundingClientRect();
      if (!bar || !panel) return null;
      const hit = document.elementFromPoint(panel.left + panel.width / 2, bar.top + bar.height / 2);
      return hit?.closest(".side-drawer") ? true : (hit?.outerHTML.slice(0, 120) ?? "nothing");
    });
    expect(onTop).toBe(true);
    await signup.click();
    await page.waitForURL((url) => url.pathname === "/signup");
  });
});

describe("dialogs of the site", () => {
  it("name their close button and are drawn in the site's colours", async () => {
    const { origin } = await yellowSite();
    const page = await e2e.newPage();
    await open(page, origin);
    await page.getByRole("button", { name: en.search.open }).click();
    const search = page.getByRole("dialog", { name: en.search.title });
    await search.getByRole("button", { name: en.common.close }).click();
    await search.waitFor({ state: "detached" });
    await page
      .getByRole("region", { name: en.cookies.title })
      .getByRole("button", { name: en.cookies.settings })
      .click();
    const settings = page.getByRole("dialog", { name: en.cookies.settingsTitle });
    await settings.waitFor();
    expect(await settings.evaluate((el) => getComputedStyle(el).getPropertyValue("--site-primary").trim())).toBe(
      YELLOW,
    );
    expect(formatFindings("cookie settings", await axeCheck(page, ["button-name"]))).toEqual([]);
    await settings.getByRole("button", { name: en.common.close }).click();
    await settings.waitFor({ state: "detached" });
  });
});

describe("the page editor", () => {
  for (const width of [1366, 1024]) {
    it(`gives the canvas the room of the screen at ${width} px, drawn in the site's colours`, async () => {
      const { site, owner, origin } = await yellowSite();
      const doc = await pages.create(e2e.t.database.db, site, {
        kind: "page",
        slug: "join",
        title: "Join us",
        document: {
          root: { props: {} },
          content: [
            {
              type: "CallToAction",
              props: {
                id: "CallToAction-1",
                heading: "Come along",
                text: "",
                buttonLabel: "Sign up",
                buttonLink: "/signup",
              },
            },
          ],
        },
      });
      const page = await e2e.signedIn(origin, owner.email, owner.password);
      await page.setViewportSize({ width, height: 900 });
      await open(page, `${origin}/dashboard/pages/${doc.id}`);
      const canvas = page.locator("[data-puck-dropzone]").first();
      await canvas.waitFor();
      const box = await canvas.boundingBox();
      const editor = await page.locator(".page-editor-canvas").boundingBox();
      // Of the editor's width (the dashboard's main column), the page being built gets at least half;
      // the block list and the fields share the rest.
      expect(box?.width ?? 0).toBeGreaterThanOrEqual((editor?.width ?? Number.POSITIVE_INFINITY) / 2);
      expect(editor?.width ?? 0).toBeGreaterThan(width - 300 - 40);
      // The block is drawn as the public page draws it: in the site's colour, with readable text.
      await page.getByRole("heading", { name: "Come along" }).waitFor();
      const band = await colours(page, ".page-editor-preview .pb-cta h2");
      expect(band.background).toBe("rgb(255, 212, 59)");
      expect(contrastRatio(band.color, band.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    });
  }
});
