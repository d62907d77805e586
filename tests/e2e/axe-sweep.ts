// axe on every screen the browser tests visit. `hydrated()` calls `sweepScreen(page)` each time a
// page becomes interactive: the first time a screen (the React Router route it shows) is seen
// during a run, axe checks it as the page shows it, and after the test the same address is opened
// again at desktop and phone width in Light, Dark and Night, each view once per run. Serious and critical violations of the
// WCAG 2.2 A/AA rules fail the test that showed the screen (its afterEach). Every check is written
// to test-results/axe/checks.ndjson; the suite's teardown (axe-report.global.ts) prints the total.
import { appendFileSync, mkdirSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { schemeOf, THEMES, type ThemeName } from "../../app/lib/theme";
import { type AxeFinding, axeCheck, formatFindings } from "./axe";

export const AXE_DIR = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "test-results/axe");
export const AXE_CHECKS_FILE = join(AXE_DIR, "checks.ndjson");
const CLAIMS_DIR = join(AXE_DIR, "claims");

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;
/** Impacts that fail a test; moderate and minor findings are left to review. */
const FAILING = new Set(["serious", "critical"]);

export const WIDTHS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type Width = keyof typeof WIDTHS;

/** The findings that fail a test. */
export const failingOnly = (findings: readonly AxeFinding[]) => findings.filter((f) => FAILING.has(f.impact ?? ""));

/** What the test that is running has shown that fails: read and emptied by its afterEach. */
const pending: string[] = [];
const optOuts: { route: RegExp; reason: string }[] = [];
let enabled = process.env.AXE !== "0";

/**
 * Leaves screens whose route id matches `route` out of the sweep in this file, for a reason that
 * belongs to the test (a site theme whose colours the test chose badly on purpose, say).
 */
export function axeOptOut(route: RegExp, reason: string) {
  if (!reason.trim()) throw new Error("axeOptOut needs a reason");
  optOuts.push({ route, reason });
}

/** Turns the sweep off (and on) for the rest of this file: for the accessibility test's own loop. */
export function axeSweep(on: boolean) {
  enabled = on && process.env.AXE !== "0";
}

/**
 * Ends a file's settings (called by setupE2E's afterAll): the files of a worker share this module
 * (vitest.config.ts), and one file's opt-outs or a sweep it turned off must not carry over.
 */
export function endFileSweep() {
  optOuts.length = 0;
  enabled = process.env.AXE !== "0";
}

/** The failures the sweep found since the last call (each a readable line). */
export function takeAxeFailures(): string[] {
  return pending.splice(0);
}

type Screen = { route: string; theme: string; width: Width; url: string };

async function screenOf(page: Page): Promise<Screen | null> {
  const seen = await page
    .evaluate(() => {
      type Router = { state?: { matches?: { route: { id: string } }[] } };
      const router = (window as unknown as { __reactRouterDataRouter?: Router }).__reactRouterDataRouter;
      const matches = router?.state?.matches ?? [];
      return {
        route: matches.length ? matches[matches.length - 1]!.route.id : "",
        theme: document.documentElement.getAttribute("data-theme") ?? "light",
        width: window.innerWidth,
      };
    })
    .catch(() => null);
  if (!seen?.route) return null;
  return { route: seen.route, theme: seen.theme, width: seen.width < 768 ? "phone" : "desktop", url: page.url() };
}

const viewKey = (s: Pick<Screen, "route" | "width" | "theme">) => `${s.route}|${s.width}|${s.theme}`;
const claimDir = (key: string) => join(CLAIMS_DIR, createHash("sha1").update(key).digest("hex"));

/** True once per run for a key: the first worker to make its directory checks the screen. */
function claim(key: string): boolean {
  mkdirSync(CLAIMS_DIR, { recursive: true });
  try {
    mkdirSync(claimDir(key));
    return true;
  } catch {
    return false;
  }
}

/** A screen that failed is checked again next time it is shown (a retried test fails again). */
function release(key: string) {
  rmSync(claimDir(key), { recursive: true, force: true });
}

/** Waits until React has hydrated the page: every route renders a <main>, React tags its nodes. */
export function waitForHydration(page: Page, timeout?: number) {
  return page.waitForFunction(
    () => {
      const main = document.querySelector("main");
      return Boolean(main && Object.keys(main).some((k) => k.startsWith("__reactFiber$")));
    },
    undefined,
    timeout ? { timeout } : {},
  );
}

function record(screen: Screen, findings: AxeFinding[], ms: number) {
  const failing = failingOnly(findings);
  mkdirSync(AXE_DIR, { recursive: true });
  appendFileSync(
    AXE_CHECKS_FILE,
    `${JSON.stringify({
      route: screen.route,
      theme: screen.theme,
      width: screen.width,
      url: screen.url,
      ms,
      failing: formatFindings("", failing).map((l) => l.trim()),
      other: findings.filter((f) => !FAILING.has(f.impact ?? "")).map((f) => `${f.impact} ${f.rule}`),
    })}\n`,
  );
  return failing;
}

/**
 * Rules whose outcome depends on the colours: a screen's other themes are checked with these only,
 * since names, roles, landmarks and the rest do not change with the theme.
 */
export const THEME_RULES = ["color-contrast", "link-in-text-block"] as const;

/** Runs axe on a claimed view; a failing view is released and its lines go to the running test. */
async function checkView(page: Page, screen: Screen, rules: readonly string[] | { tags: readonly string[] }) {
  const started = Date.now();
  const failing = record(screen, await axeCheck(page, rules), Date.now() - started);
  if (failing.length) {
    release(viewKey(screen));
    pending.push(...formatFindings(`[axe ${screen.width} ${screen.theme}] ${screen.route} (${screen.url})`, failing));
  }
}

/** A screen to open again once the test is over, at one width, for the themes still unchecked. */
type LaterTab = { page: Page; screen: Screen; width: Width; themes: ThemeName[] };
const laterTabs: LaterTab[] = [];

/** Shows the document in another theme, as the theme menu does: the two attributes the CSS reads. */
async function showTheme(page: Page, theme: ThemeName) {
  await page.evaluate(
    ([t, scheme]) => {
      document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
      document.documentElement.setAttribute("data-theme", t);
    },
    [theme, schemeOf(theme)] as const,
  );
}

/**
 * The same address in a new tab of the same browser context (same person, same stored theme), at
 * one width. Done after the test, so that loading an address again (an offer marked as seen, a cart
 * read again) never changes what the test itself saw. The view in the shown theme gets every rule;
 * then the tab is switched to each other theme still unchecked (Mantine and our styles draw the
 * themes from two attributes of <html>, nothing in React reads them) and gets the colour rules.
 */
async function checkLater({ page, screen, width, themes }: LaterTab) {
  const keys = themes.map((theme) => viewKey({ ...screen, width, theme }));
  const releaseAll = () => {
    for (const key of keys) release(key);
  };
  const other = await page
    .context()
    .newPage()
    .catch(() => null);
  if (!other) return releaseAll();
  try {
    await other.setViewportSize(WIDTHS[width]);
    const answer = await other.goto(screen.url);
    if (!answer || answer.status() >= 400) return releaseAll();
    await waitForHydration(other, 15_000);
    const shown = await screenOf(other);
    // A redirect or another state of the app (a one-time link) shows something else: not this screen.
    if (!shown || shown.route !== screen.route || shown.width !== width || shown.theme !== screen.theme) {
      return releaseAll();
    }
    for (const theme of themes) {
      if (theme !== screen.theme) await showTheme(other, theme);
      await checkView(other, { ...shown, theme }, theme === screen.theme ? { tags: WCAG_TAGS } : THEME_RULES);
    }
  } catch {
    releaseAll();
  } finally {
    await other.close().catch(() => undefined);
  }
}

/**
 * Checks the other widths and themes of the screens the test showed: called by setupE2E's
 * afterEach. After a failed test they are left for another test to show (`run` false).
 */
export async function checkLaterViews(run = true) {
  for (const tab of laterTabs.splice(0)) {
    if (run) await checkLater(tab);
    else for (const theme of tab.themes) release(viewKey({ ...tab.screen, width: tab.width, theme }));
  }
}

/** Checks the screen `page` shows, and the same at both widths in all three themes, once per run each. */
export async function sweepScreen(page: Page) {
  if (!enabled) return;
  const screen = await screenOf(page);
  if (!screen || optOuts.some((o) => o.route.test(screen.route))) return;
  if (claim(viewKey(screen))) await checkView(page, screen, { tags: WCAG_TAGS });
  // The shown theme first (every rule, at the other width), then the other themes.
  const shown = THEMES.filter((t) => t === screen.theme);
  const themes = [...shown, ...THEMES.filter((t) => t !== screen.theme)];
  for (const width of Object.keys(WIDTHS) as Width[]) {
    const unchecked = themes.filter(
      (theme) => !(width === screen.width && theme === screen.theme) && claim(viewKey({ ...screen, width, theme })),
    );
    if (unchecked.length) laterTabs.push({ page, screen, width, themes: unchecked });
  }
}
