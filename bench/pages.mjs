// `npm run bench:pages`: what a visitor's browser downloads for the public pages and the course
// player, measured in Chromium against the built server (compressed bytes on the wire, requests),
// and Lighthouse's mobile performance score and largest contentful paint for the site home, a
// course page, a blog post and the sign-in page (its default mobile setting: simulated slow 4G and
// a four-times slower CPU). Goals (docs/performance.md): the site home at most 150 KB of compressed
// JavaScript and 25 requests; Lighthouse ≥ 90 and LCP ≤ 2.5 s on the four pages.
//
// Environment (all optional):
//   BENCH_PAGES_LIGHTHOUSE   0 skips Lighthouse (default 1)
//   BENCH_PAGES_RUNS         Lighthouse runs per page, the median is reported (default 3)
//   BENCH_PAGES_REPORTS      a directory: every Lighthouse report is also written there in full
//   BENCH_VERBOSE=1          echo the server's own output
//
// It starts `node dist/server/main.js` on a fresh embedded database with the demo, talks only to
// 127.0.0.1 (the demo site is demo.localhost, which Chromium resolves to loopback), and stops the
// server and Chromium on every way out.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CHROMIUM = "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
const DEADLINE_MS = 15 * 60 * 1000;

const lighthouseOn = process.env.BENCH_PAGES_LIGHTHOUSE !== "0";
const runs = Math.max(1, Math.min(9, Number(process.env.BENCH_PAGES_RUNS ?? 3) || 3));

const cleanups = [];
async function cleanup() {
  while (cleanups.length) await Promise.resolve(cleanups.pop()()).catch(() => undefined);
}
function fail(message) {
  console.error(`bench:pages: ${message}`);
  cleanup().finally(() => process.exit(1));
  throw new Error(message);
}
process.on("SIGINT", () => fail("interrupted"));
setTimeout(() => fail("the run took longer than 15 minutes; stopped"), DEADLINE_MS).unref();

for (const f of ["dist/server/main.js", "build/server/index.js"]) {
  if (!existsSync(join(ROOT, f))) fail(`${f} is missing: run \`npm run build\` first.`);
}
if (!existsSync(CHROMIUM)) fail(`Chromium is not at ${CHROMIUM} (apt-get install -y chromium).`);
if (loadavg()[0] > 1.5) {
  console.warn(`bench:pages: load average ${loadavg()[0].toFixed(1)}: Lighthouse's figures will be pessimistic.`);
}

const freePort = () =>
  new Promise((ok, no) => {
    const s = createServer();
    s.once("error", no);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

// --------------------------------------------------------------------------------------------
// The server

const port = await freePort();
const base = `localhost:${port}`;
const site = `http://demo.${base}`;
const dataDir = mkdtempSync(join(tmpdir(), "atrium-pages-"));
cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
const server = spawn(process.execPath, ["dist/server/main.js"], {
  cwd: ROOT,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_DOMAIN: base,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    AUTH_RATE_LIMIT: "false",
    EMAIL_DNS_CHECK: "false",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
cleanups.push(() => server.kill("SIGKILL"));
let serverOutput = "";
for (const s of [server.stdout, server.stderr]) {
  s.on("data", (d) => {
    serverOutput = (serverOutput + d).slice(-4000);
    if (process.env.BENCH_VERBOSE) process.stdout.write(d);
  });
}
server.on("exit", (code) => fail(`the server exited (${code}):\n${serverOutput}`));
for (let i = 0; ; i++) {
  const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (i > 300) fail(`the server did not answer /healthz:\n${serverOutput}`);
  await new Promise((r) => setTimeout(r, 500));
}
/** A GET on the demo site through 127.0.0.1 (fetch would not send our Host header). */
const demoGet = (path) =>
  new Promise((ok, no) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host: `demo.${base}` } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        text += d;
      });
      res.on("end", () => ok(text));
    });
    req.on("error", no);
    req.end();
  });
const demoPassword = readFileSync(join(ROOT, "server/seed/builders.ts"), "utf8").match(
  /DEMO_PASSWORD\s*=\s*"([^"]+)"/,
)?.[1];

// --------------------------------------------------------------------------------------------
// Page weight in Chromium

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
cleanups.push(() => browser.close());

/**
 * Loads `path` as a first visit (a new browser context: empty cache, the given cookies and local
 * storage), counting every request and its bytes on the wire.
 */
async function weigh(path, storageState) {
  const context = await browser.newContext(storageState ? { storageState } : {});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const types = new Map();
  const rows = [];
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on("Network.loadingFinished", (e) => rows.push({ ...types.get(e.requestId), bytes: e.encodedDataLength }));
  cdp.on("Network.loadingFailed", (e) => rows.push({ ...types.get(e.requestId), bytes: 0, failed: true }));
  await page.goto(`${site}${path}`, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  await context.close();
  const sum = (type) => rows.filter((r) => !type || r.type === type).reduce((a, r) => a + r.bytes, 0);
  return {
    path,
    requests: rows.length,
    jsRequests: rows.filter((r) => r.type === "Script").length,
    jsKB: sum("Script") / 1024,
    cssKB: sum("Stylesheet") / 1024,
    fontKB: sum("Font") / 1024,
    totalKB: sum() / 1024,
    editors: rows.filter((r) => /puck|tiptap|rich-text-editor|page-edit|chart/i.test(r.url ?? "")).map((r) => r.url),
    // Every script, largest first: what to look at when the page grows.
    scripts: rows
      .filter((r) => r.type === "Script")
      .sort((a, b) => b.bytes - a.bytes)
      .map((r) => ({ file: new URL(r.url ?? "", site).pathname, kb: Math.round(r.bytes / 102.4) / 10 })),
  };
}

const blogHtml = await demoGet("/blog");
const post = blogHtml.match(/href="(\/blog\/(?!rss)[^"]+)"/)?.[1];
if (!post) fail("no blog post found on the demo site");
const catalog = JSON.parse(await demoGet("/api/v1/products?per_page=50"));
const product = (Object.values(catalog).find(Array.isArray) ?? [])[0];

const results = [];
results.push({ name: "site home", ...(await weigh("/")) });
results.push({ name: "course page", ...(await weigh("/course/glazing-workshop")) });
results.push({ name: "blog post", ...(await weigh(post)) });
results.push({ name: "sign-in", ...(await weigh("/login")) });
// Checkout with one product in the cart, as the cart leaves it in the browser's storage.
const cart = product
  ? JSON.stringify({
      cartItems: [
        { id: product.id, title: product.title, quantity: 1, amount: product.price?.amount ?? 0, type: "oneTime" },
      ],
    })
  : null;
const withCart = cart
  ? { cookies: [], origins: [{ origin: site, localStorage: [{ name: "cart", value: cart }] }] }
  : undefined;
results.push({ name: "checkout", ...(await weigh("/checkout", withCart)) });
// The course player, signed in as the demo student.
const student = await browser.newContext();
const login = await student.newPage();
await login.goto(`${site}/login`);
const signedIn = await login.evaluate(
  async (password) =>
    (
      await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "student@demo.test", password }),
      })
    ).status,
  demoPassword,
);
if (signedIn !== 200) fail(`signing in as the demo student failed (${signedIn})`);
await login.goto(`${site}/dashboard/courses`);
const player = await login.locator('a[href^="/dashboard/courses/"]').first().getAttribute("href");
await login.close();
if (player) results.push({ name: "course player (signed in)", ...(await weigh(player, await student.storageState())) });

// --------------------------------------------------------------------------------------------
// Lighthouse (mobile, simulated throttling)

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const reportsDir = process.env.BENCH_PAGES_REPORTS ? resolve(process.env.BENCH_PAGES_REPORTS) : null;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
/**
 * What Lighthouse says about a run's largest contentful paint: the element, the four parts of its
 * time (time to first byte, load delay, load time, render delay; ms, Lighthouse's own figures) and
 * what sits on the critical path before it.
 */
function lcpDetails(lhr) {
  const audit = (id) => lhr.audits[id];
  const tables = audit("largest-contentful-paint-element")?.details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  const phases = Object.fromEntries(
    (tables[1]?.items ?? []).map((p) => [String(p.phase).replace(/\s+/g, ""), Math.round(p.timing)]),
  );
  const renderBlocking = (audit("render-blocking-resources")?.details?.items ?? []).map((i) => ({
    file: new URL(i.url).pathname,
    kb: Math.round(i.totalBytes / 102.4) / 10,
    wastedMs: Math.round(i.wastedMs),
  }));
  return {
    element: node ? { selector: node.selector, snippet: node.snippet } : null,
    phases,
    lazyLoaded: audit("lcp-lazy-loaded")?.score === 0,
    renderBlocking,
    fcpSeconds: audit("first-contentful-paint").numericValue / 1000,
    tbtMs: Math.round(audit("total-blocking-time").numericValue),
  };
}
if (lighthouseOn) {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  cleanups.push(() => chrome.kill());
  for (const r of results.filter((x) => ["site home", "course page", "blog post", "sign-in"].includes(x.name))) {
    const scores = [];
    const lcps = [];
    const details = [];
    for (let i = 0; i < runs; i++) {
      const out = await lighthouse(`${site}${r.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      scores.push(Math.round((out.lhr.categories.performance.score ?? 0) * 100));
      lcps.push(out.lhr.audits["largest-contentful-paint"].numericValue / 1000);
      details.push(lcpDetails(out.lhr));
      if (reportsDir) {
        writeFileSync(join(reportsDir, `${r.name.replace(/\W+/g, "-")}-${i + 1}.json`), out.report);
      }
    }
    r.lighthouse = median(scores);
    r.lcpSeconds = median(lcps);
    // The run whose LCP is the median one.
    r.lcp = details[lcps.indexOf(r.lcpSeconds)];
  }
}
server.removeAllListeners("exit");
await cleanup();

// --------------------------------------------------------------------------------------------
// Report

const kb = (n) => n.toFixed(1);
const lines = [
  "| page | requests | JS requests | JS KB (compressed) | CSS KB | fonts KB | all KB | editor code | Lighthouse (mobile) | LCP s |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.requests} | ${r.jsRequests} | ${kb(r.jsKB)} | ${kb(r.cssKB)} | ${kb(r.fontKB)} | ${kb(r.totalKB)} | ${r.editors.length ? "yes" : "none"} | ${r.lighthouse ?? "—"} | ${r.lcpSeconds?.toFixed(1) ?? "—"} |`,
  ),
];
console.log(`\n${lines.join("\n")}\n`);
for (const r of results.filter((x) => x.lcp)) {
  const p = Object.entries(r.lcp.phases)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  console.log(`${r.name}: LCP element ${r.lcp.element?.selector ?? "?"} (${p} ms)`);
}
const home = results[0];
const goals = [
  [`site home JS ${kb(home.jsKB)} KB ≤ 150 KB`, home.jsKB <= 150],
  [`site home ${home.requests} requests ≤ 25`, home.requests <= 25],
  ...results
    .filter((r) => r.lighthouse !== undefined)
    .flatMap((r) => [
      [`${r.name}: Lighthouse ${r.lighthouse} ≥ 90`, r.lighthouse >= 90],
      [`${r.name}: LCP ${r.lcpSeconds.toFixed(1)} s ≤ 2.5 s`, r.lcpSeconds <= 2.5],
    ]),
  ...results.map((r) => [`${r.name}: no editor, builder or chart code`, r.editors.length === 0]),
];
for (const [what, ok] of goals) console.log(`${ok ? "✓" : "✗"} ${what}`);
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
writeFileSync(
  join(ROOT, "bench/results/pages-latest.json"),
  `${JSON.stringify({ at: new Date().toISOString(), load: loadavg(), runs, results }, null, 2)}\n`,
);
process.exit(0);
