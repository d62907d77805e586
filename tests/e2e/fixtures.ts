// Browser end-to-end fixtures: the whole platform listening on a free port (sites are
// `http://<slug>.localhost:<port>`, which Chromium resolves to loopback by itself), a headless
// Chromium, fresh browser contexts per test, and a screenshot in test-results/ when a test fails.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { and, desc, eq } from "drizzle-orm";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, type TestContext } from "vitest";
import { mailOutbox } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { type BuiltUser, buildSite, buildUser } from "../../server/seed/builders";
import type { SiteAccount } from "../../server/modules/accounts";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { checkLaterViews, endFileSweep, sweepScreen, takeAxeFailures, waitForHydration } from "./axe-sweep";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BUILD_DIR = join(ROOT, process.env.ATRIUM_BUILD_DIR || "build");
const SERVER_BUILD = join(BUILD_DIR, "server/index.js");
const CLIENT_DIR = join(BUILD_DIR, "client");
const RESULTS_DIR = join(ROOT, "test-results");

export type E2EPlatform = TestPlatform & {
  /** `http://<slug>.localhost:<port>`, or the platform's own origin without a slug. */
  origin(slug?: string): string;
};

/** A port nobody listens on right now (the kernel picks it; we release it at once). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => (port ? ok(port) : fail(new Error("could not pick a free port"))));
    });
  });
}

/** The React Router build of this checkout (`npm run build`), checked to be complete. */
async function loadBuild(): Promise<{ build: ServerBuild; clientDir: string }> {
  if (!existsSync(SERVER_BUILD) || !existsSync(CLIENT_DIR)) {
    throw new Error(`The React Router build is missing (${SERVER_BUILD}): run npm run build first.`);
  }
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  const modules = [build.assets.entry.module, ...Object.values(build.assets.routes).map((r) => r?.module)];
  const missing = modules.filter((m): m is string => Boolean(m) && !existsSync(join(CLIENT_DIR, m as string)));
  if (missing.length) {
    throw new Error(
      `build/client does not match build/server (missing ${missing.join(", ")}): run npm run build again.`,
    );
  }
  return { build, clientDir: CLIENT_DIR };
}

/** Starts the full platform (server-rendered pages and client assets) on a free port. */
export async function startE2E(env: Record<string, string> = {}): Promise<E2EPlatform> {
  const { build, clientDir } = await loadBuild();
  const port = await freePort();
  const t = await startTestPlatform(
    { ...env, PORT: String(port), BASE_DOMAIN: `localhost:${port}`, HOST: "127.0.0.1" },
    { build, clientDir },
  );
  return Object.assign(t, { origin: (slug?: string) => `http://${slug ? `${slug}.` : ""}localhost:${t.port}` });
}

/**
 * Debian's Chromium headless shell when installed (.ci/run installs it): the same Blink and V8 as
 * the full browser without its window and interface layers, a third less CPU in the browser tests
 * (decision 0077). The full browser otherwise; CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

/** A short random suffix so names never collide between tests. */
export const uid = () => randomBytes(4).toString("hex");
export const uniqueEmail = (prefix: string) => `${prefix}-${uid()}@example.org`;
export const uniqueSlug = (prefix: string) => `${prefix}-${uid()}`;

export type E2E = {
  t: E2EPlatform;
  browser: Browser;
  /**
   * A page in a new, isolated browser context (its own cookies); closed after the test. `options`
   * adds to the context's (for example `timezoneId`, the zone the browser's clock shows).
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A new page signed in on `origin`, on the dashboard, the guided tour already seen. */
  signedIn(origin: string, email: string, password: string, options?: BrowserContextOptions): Promise<Page>;
  /** A new site with its owner, and the site's origin. */
  newSite(
    prefix: string,
    /** `plan`: the site's plan id (a new site starts on the Starter trial). */
    opts?: { sitetitle?: string; ownerName?: string; plan?: string },
  ): Promise<{ site: SiteAccount; owner: BuiltUser; origin: string }>;
};

/**
 * Registers the per-file hooks: one platform and one browser for the file, fresh contexts per
 * test, screenshots of every open page when a test fails. Use the returned object inside tests.
 * `env` adds configuration to the platform (e.g. SMTP_URL), or a function giving it once the
 * file's own servers are up.
 */
export function setupE2E(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): E2E {
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const e2e = {
    newPage: async (options: BrowserContextOptions = {}) => {
      const context = await e2e.browser.newContext({ locale: "en-US", ...options });
      context.setDefaultTimeout(15_000);
      context.setDefaultNavigationTimeout(30_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      // Whatever the Content-Security-Policy blocks is a part of the page that does not work.
      page.on("console", (msg) => {
        if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) {
          pageErrors.push(`${page.url()}: ${msg.text()}`);
        }
      });
      page.on("response", (res) => {
        if (res.status() >= 400 && new URL(res.url()).pathname.startsWith("/assets/")) {
          pageErrors.push(`${res.url()} answered ${res.status()}`);
        }
      });
      return page;
    },
    signedIn: async (origin: string, email: string, password: string, options?: BrowserContextOptions) => {
      const page = await e2e.newPage(options);
      await page.addInitScript(() => {
        try {
          localStorage.setItem("account-demo", "1");
        } catch {
          // A sandboxed frame (an e-mail preview) has no storage; the page itself does.
        }
      });
      await logIn(page, origin, email, password);
      await waitForPath(page, "/dashboard");
      return page;
    },
    newSite: async (prefix: string, opts: { sitetitle?: string; ownerName?: string; plan?: string } = {}) => {
      const owner = await buildUser(e2e.t.platform.auth, {
        email: uniqueEmail(`${prefix}-owner`),
        ...(opts.ownerName ? { name: opts.ownerName } : {}),
      });
      const site = await buildSite(e2e.t.database.db, owner, {
        slug: uniqueSlug(prefix),
        sitetitle: opts.sitetitle ?? prefix,
        plan: opts.plan,
      });
      return { site, owner, origin: e2e.t.origin(site.slug) };
    },
  } as E2E;

  beforeAll(async () => {
    const config = typeof env === "function" ? await env() : env;
    [e2e.t, e2e.browser] = await Promise.all([startE2E(config), launchBrowser()]);
  });

  afterEach(async (ctx: TestContext) => {
    await checkLaterViews(ctx.task.result?.state !== "fail");
    const opened = contexts.splice(0);
    const errors = pageErrors.splice(0);
    const inaccessible = takeAxeFailures();
    const failed = ctx.task.result?.state === "fail" || errors.length > 0 || inaccessible.length > 0;
    if (failed) await screenshots(ctx.task.name, opened);
    await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    // A script error or a missing asset means the page never became interactive as users see it.
    if (errors.length) throw new Error(`errors in the browser:\n  ${errors.join("\n  ")}`);
    // A screen the test showed breaks WCAG 2.2 AA (serious or critical): see axe-sweep.ts.
    if (inaccessible.length) {
      throw new Error(`accessibility violations (axe):\n  ${inaccessible.join("\n  ")}`);
    }
  });

  afterAll(async () => {
    endFileSweep();
    await e2e.browser?.close();
    await e2e.t?.close();
  });

  return e2e;
}

async function screenshots(testName: string, contexts: BrowserContext[]) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const base = testName
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
  let n = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      const file = join(RESULTS_DIR, `${base}-${++n}.png`);
      try {
        await page.screenshot({ path: file, fullPage: true });
        console.error(`[e2e] screenshot of ${page.url()} saved to ${file}`);
      } catch (err) {
        console.error(`[e2e] screenshot failed for ${page.url()}: ${(err as Error).message}`);
      }
    }
  }
}

/**
 * Waits until React has hydrated the page, so a click runs the app's handlers instead of racing
 * them with a plain form post. Every route renders a <main>; React tags the nodes it owns. The
 * first time a screen is shown in a run, axe checks it (axe-sweep.ts).
 */
export async function hydrated(page: Page) {
  await waitForHydration(page);
  await sweepScreen(page);
}

/** Opens a page of the app and waits until it is interactive. */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/** Waits until the page's path (and query, if given in `path`) is exactly `path`, and is interactive. */
export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => (path.includes("?") ? url.pathname + url.search : url.pathname) === path);
  await hydrated(page);
}

/** Fills and submits the login form of the current site. */
export async function logIn(page: Page, origin: string, email: string, password: string) {
  await open(page, `${origin}/login`);
  await submitLogin(page, email, password);
}

export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** The text of the newest message in the outbox addressed to `to` (optionally of one kind). */
export async function latestMail(
  t: TestPlatform,
  to: string,
  kind?: string,
): Promise<{ subject: string; text: string } | null> {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(kind ? and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)) : eq(mailOutbox.toAddress, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1),
  );
  return row ?? null;
}
