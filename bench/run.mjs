// `npm run bench`: autocannon against the built Atrium server, side by side with a bare node:http
// server that answers the same bytes, for four targets:
//   platform home   GET /            Host localhost:<port>
//   demo site home  GET /            Host demo.localhost:<port>, warm page cache
//   demo, cold      GET /?cold=<n>   the same page, a new URL each request, so never cached
//   /api/v1/me      GET /api/v1/me   Host demo.localhost:<port>, the demo student's session cookie
//   blog post       GET /blog/post-50000?cold=<n>  Host bigblog.localhost:<port>, a site with
//                   BENCH_LARGE_BLOG (default 100,000) posts, rendered every time (never cached)
//   search          GET /api/v1/search?q=<term>&type=blog  the same site, terms taking turns
//   course          GET /course/glazing-workshop  Host demo.localhost:<port>, warm page cache
//   course-cold     GET /course/glazing-workshop?cold=<n>  the same page, rendered every time
//   complete-item   PUT then DELETE /api/v1/courses/{id}/items/{itemId}/complete, alternately, as
//                   the demo student (the write path of the course player)
//   checkout        POST /api/v1/checkout as the demo student: an offline order for the demo's
//                   one-time product with the WELCOME10 coupon (a new pending order each time)
//   jobs-noop       background work: one worker process working BENCH_JOBS no-op jobs (jobs/s)
//   jobs-mail       the same with e-mail delivered to a local SMTP sink (bench/queue.mjs)
//   automations     BENCH_JOBS events, each run through one matching automation (events/s)
//   campaign        an e-mail campaign to BENCH_CONTACTS (default 100,000) contacts: queueCampaign
//                   timed, then one worker's delivery to an SMTP sink over BENCH_CAMPAIGN_SAMPLE
//                   (default 10,000) messages next to nodemailer alone (bench/campaign-worker.ts)
//   fanout          a chat message's delivery to FANOUT_MEMBERS (default 1,000) open sockets of one
//                   group chat, split over two web processes on PostgreSQL (bench/fanout.mjs)
// For each target it prints requests/s, p50 and p99 latency and the ratio Atrium ÷ bare, writes
// bench/results/latest.json and prints a markdown table for docs/performance.md.
//
// Environment (all optional):
//   BENCH_DURATION      seconds per measured run (default 10)
//   BENCH_CONNECTIONS   concurrent connections (default 10)
//   BENCH_WARMUP        seconds of unrecorded load before each measured run (default 2; 0 = none)
//   BENCH_ROUNDS        how many times the Atrium/bare pair is measured per target (default 1);
//                       with more than one, the figures are the medians of the rounds
//   BENCH_TARGETS       comma list among platform,demo,demo-cold,me,blog-post,search,course,
//                       course-cold,complete-item,checkout,jobs-noop,jobs-mail,automations,campaign,fanout
//                       (default all)
//   BENCH_JOBS          jobs each queue target queues and times (default 1000)
//   BENCH_LARGE_BLOG    posts of the bigblog site for blog-post and search (default 100000)
//   BENCH_SERVER_CMD    command that starts the server (default "node dist/server/main.js");
//                       e.g. "npx tsx server/main.ts" to measure the source tree without a build
//   BENCH_DATABASE_URL  measure against PostgreSQL instead of a fresh embedded PGlite directory
//                       (fanout always runs on PostgreSQL: a new database on this server, by default
//                       postgres://postgres@127.0.0.1:5432/postgres, dropped at the end)
//   BENCH_WEB_PROCESSES the server's WEB_PROCESSES on PostgreSQL (default: the server's own default,
//                       "auto", one per core); "1" measures what one process does
//   BENCH_START_TIMEOUT seconds to wait for /healthz (default 180)
//   BENCH_VERBOSE=1     echo the server's own output
//
// It only talks to 127.0.0.1, stops by itself (a global deadline is armed from the figures above),
// and kills the server it started on every way out (end, error, Ctrl-C, deadline).
import { fork, spawn, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  FANOUT_HEAD,
  FANOUT_RIGHT,
  FANOUT_TARGET,
  fanoutBudget,
  fanoutFileNeed,
  fanoutNote,
  fanoutRows,
  measureFanout,
} from "./fanout.mjs";
import {
  CAMPAIGN_TARGET,
  measureCampaign,
  measureQueue,
  QUEUE_HEAD,
  QUEUE_RIGHT,
  QUEUE_TARGETS,
  queueRows,
} from "./queue.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS_DIR = join(ROOT, "bench", "results");
const DEFAULT_CMD = "node dist/server/main.js";
const FALLBACK_DEMO_PASSWORD = "atrium-demo-2026";
const STUDENT = "student@demo.test";

// ---------------------------------------------------------------------------------------------
// Settings

function intEnv(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) fail(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return n;
}

const ALL_TARGETS = [
  "platform",
  "demo",
  "demo-cold",
  "me",
  "blog-post",
  "search",
  "course",
  "course-cold",
  "complete-item",
  "checkout",
  ...QUEUE_TARGETS,
  CAMPAIGN_TARGET,
  FANOUT_TARGET,
];

const settings = {
  duration: intEnv("BENCH_DURATION", 10, 1, 600),
  connections: intEnv("BENCH_CONNECTIONS", 10, 1, 1000),
  warmup: intEnv("BENCH_WARMUP", 2, 0, 60),
  rounds: intEnv("BENCH_ROUNDS", 1, 1, 10),
  startTimeout: intEnv("BENCH_START_TIMEOUT", 180, 5, 1800),
  serverCmd: (process.env.BENCH_SERVER_CMD || DEFAULT_CMD).trim(),
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  webProcesses: process.env.BENCH_WEB_PROCESSES || "auto",
  verbose: ["1", "true", "yes"].includes((process.env.BENCH_VERBOSE || "").toLowerCase()),
  largeBlog: intEnv("BENCH_LARGE_BLOG", 100_000, 1, 2_000_000),
  jobs: intEnv("BENCH_JOBS", 1000, 10, 1_000_000),
  targets: (process.env.BENCH_TARGETS || ALL_TARGETS.join(","))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
};
for (const t of settings.targets) {
  if (!ALL_TARGETS.includes(t)) {
    fail(`BENCH_TARGETS: unknown target "${t}" (use ${ALL_TARGETS.join(", ")})`);
  }
}

// The fan-out target holds one open file per client socket in this process. Node raises its own
// limit on open files to the hard limit at start, so that is the one that counts (a child shell
// reports it); below what the run needs, it stops before starting anything.
function ensureFileLimit(need) {
  const limit = execFileSync("sh", ["-c", "ulimit -n"]).toString().trim();
  if (limit === "unlimited" || Number(limit) >= need) return;
  console.error(
    `bench: fanout needs ${need} open files; the limit is ${limit}. Raise it (ulimit -Hn ${need}) and run again.`,
  );
  process.exit(1);
}
if (settings.targets.includes(FANOUT_TARGET)) ensureFileLimit(fanoutFileNeed());

// ---------------------------------------------------------------------------------------------
// Clean-up: whatever happens, the server child, the bare children and the temp directory go.

const cleanups = [];
let cleaned = false;
function cleanupSync() {
  if (cleaned) return;
  cleaned = true;
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch {
      // best effort on the way out
    }
  }
}
process.on("exit", cleanupSync);
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    console.error(`\nbench: ${sig}, stopping.`);
    cleanupSync();
    process.exit(130);
  });
}
process.on("uncaughtException", (err) => fail(err?.stack || String(err)));
process.on("unhandledRejection", (err) => fail(err?.stack || String(err)));

function fail(message) {
  console.error(`\nbench: ${message}`);
  cleanupSync();
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((ok, ko) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", ko);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

/** One HTTP/1.1 request to 127.0.0.1 with an explicit Host; resolves with status, headers, bytes. */
function call(port, { method = "GET", path = "/", host, headers = {}, body, timeoutMs = 30_000 }) {
  return new Promise((ok, ko) => {
    const payload =
      body === undefined ? undefined : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: {
          host,
          ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", ko);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${host}${path}`)));
    req.on("error", ko);
    if (payload) req.write(payload);
    req.end();
  });
}

/** `name=value` pairs of a response's set-cookie headers, ignoring cookies being cleared. */
function cookieHeader(setCookie) {
  return (setCookie ?? [])
    .map((c) => c.split(";")[0].trim())
    .filter((c) => c.includes("=") && !c.endsWith("="))
    .join("; ");
}

function demoPassword() {
  const file = join(ROOT, "server", "seed", "builders.ts");
  if (!existsSync(file)) return FALLBACK_DEMO_PASSWORD;
  const m = readFileSync(file, "utf8").match(/export\s+const\s+DEMO_PASSWORD\s*=\s*["'`]([^"'`]+)["'`]/);
  if (!m) {
    console.warn(`bench: DEMO_PASSWORD not found in server/seed/builders.ts; trying "${FALLBACK_DEMO_PASSWORD}".`);
    return FALLBACK_DEMO_PASSWORD;
  }
  if (m[1] !== FALLBACK_DEMO_PASSWORD) {
    console.warn(`bench: note — DEMO_PASSWORD in server/seed/builders.ts changed; using the file's value.`);
  }
  return m[1];
}

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The Atrium server child

/** Splits a command line on spaces, honouring simple single/double quotes. */
function splitCommand(cmd) {
  const parts = cmd.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
  return parts.map((p) => p.replace(/^(["'])(.*)\1$/, "$2"));
}

// Variables of server/config.ts that must not leak from the caller's shell into the measured server:
// the known ones plus whatever server/config.ts declares today (read from its zod object).
function configVars() {
  const known = [
    "NODE_ENV",
    "PORT",
    "HOST",
    "BASE_DOMAIN",
    "PUBLIC_SCHEME",
    "DATA_DIR",
    "DATABASE_URL",
    "DATABASE_POOL_SIZE",
    "SMTP_URL",
    "MAIL_FROM",
    "STAFF_EMAILS",
    "AUTH_SECRET",
    "EMAIL_DNS_CHECK",
    "AUTH_RATE_LIMIT",
    "SEED_DEMO",
    "LOG_LEVEL",
    "ATRIUM_ROLE",
    "JOB_RETRY_DELAY_SECONDS",
  ];
  const file = join(ROOT, "server", "config.ts");
  const declared = existsSync(file)
    ? [...readFileSync(file, "utf8").matchAll(/^\s{2}([A-Z][A-Z0-9_]+):\s*(?:z\.|bool)/gm)].map((m) => m[1])
    : [];
  return new Set([...known, ...declared]);
}

function checkBuild() {
  const usingDefault = !process.env.BENCH_SERVER_CMD;
  const builtServer = join(ROOT, "dist", "server", "main.js");
  const builtApp = join(ROOT, "build", "server", "index.js");
  if (usingDefault) {
    const missing = [builtServer, builtApp].filter((f) => !existsSync(f));
    if (missing.length) {
      console.error(
        `bench: the built server is missing (${missing.map((f) => f.slice(ROOT.length + 1)).join(", ")}).\n` +
          `Run \`npm run build\` first, then \`npm run bench\`.\n` +
          `(To measure the source tree instead: BENCH_SERVER_CMD="npx tsx server/main.ts" npm run bench)`,
      );
      process.exit(1);
    }
  } else if (!existsSync(builtApp)) {
    console.warn(
      "bench: build/server/index.js is missing, so the server has no pages: the two home pages will answer 404.",
    );
  }
}

async function startAtrium() {
  const port = await freePort();
  const base = `localhost:${port}`;
  // A fresh directory as in production (the embedded database, or with PostgreSQL the uploads,
  // which every web process must find).
  const dataDir = mkdtempSync(join(tmpdir(), "atrium-bench-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...process.env };
  for (const k of configVars()) delete env[k];
  for (const k of Object.keys(env)) if (k.startsWith("PLATFORM_DEFAULTS_")) delete env[k];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_DOMAIN: base,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "info",
    AUTH_RATE_LIMIT: "false",
    EMAIL_DNS_CHECK: "false",
    SEED_LARGE_BLOG: settings.targets.some((t) => t === "blog-post" || t === "search")
      ? String(settings.largeBlog)
      : "0",
  });
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
  env.WEB_PROCESSES = settings.webProcesses;

  const [cmd, ...args] = splitCommand(settings.serverCmd);
  if (!cmd) fail("BENCH_SERVER_CMD is empty");
  // Own process group, so that wrappers (npx → tsx → node) are stopped together.
  const child = spawn(cmd, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let exited = null;
  child.on("exit", (code, signal) => {
    exited = { code, signal };
  });
  child.on("error", (err) => {
    exited = { code: null, signal: null, error: err };
  });
  // The whole group, even when the direct child is gone: a wrapper (npx) may exit before its node.
  const kill = (signal) => {
    if (!child.pid) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      if (exited) return;
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    }
  };
  cleanups.push(() => kill("SIGKILL"));

  // Always drain the child's output (a full pipe would stall the server); keep the tail for errors.
  const tail = [];
  const keep = (prefix) => (chunk) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 60) tail.shift();
      if (settings.verbose) console.log(`  [server${prefix}] ${line}`);
    }
  };
  child.stdout.on("data", keep(""));
  child.stderr.on("data", keep(":err"));
  const showTail = () => (tail.length ? `\n--- last server output ---\n${tail.join("\n")}\n---` : "");

  console.log(
    `Starting Atrium: ${settings.serverCmd}  (127.0.0.1:${port}, ${settings.databaseUrl ? "PostgreSQL" : `PGlite in ${dataDir}`})`,
  );
  const started = Date.now();
  const deadline = started + settings.startTimeout * 1000;
  for (;;) {
    if (exited)
      fail(
        `the server exited before answering /healthz (${exited.error?.message ?? `code ${exited.code}, signal ${exited.signal}`})${showTail()}`,
      );
    if (Date.now() > deadline)
      fail(`the server did not answer /healthz within ${settings.startTimeout} s${showTail()}`);
    try {
      const r = await call(port, { path: "/healthz", host: base, timeoutMs: 2000 });
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  console.log(`Atrium answered /healthz after ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);

  return {
    port,
    base,
    async stop() {
      if (exited) return;
      kill("SIGTERM");
      for (let i = 0; i < 40 && !exited; i++) await sleep(250);
      kill("SIGKILL");
    },
    get exited() {
      return exited;
    },
    showTail,
  };
}

// ---------------------------------------------------------------------------------------------
// Bare server children

async function startBare(sample) {
  const child = fork(join(ROOT, "bench", "bare-server.mjs"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const kill = () => {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  };
  cleanups.push(kill);
  const port = await new Promise((ok, ko) => {
    const timer = setTimeout(() => ko(new Error("the bare server did not start within 10 s")), 10_000);
    child.once("message", (m) => {
      clearTimeout(timer);
      ok(m.port);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      ko(new Error(`the bare server exited with code ${code}`));
    });
    child.send({ status: sample.status, contentType: sample.contentType, body: sample.body.toString("base64") });
  });
  return {
    port,
    stop() {
      child.removeAllListeners("exit");
      if (child.connected) child.disconnect();
      kill();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring

let coldCounter = 0;

let termCounter = 0;

function cannon({ port, host, path, headers, duration, cold, terms, methods, body }) {
  return new Promise((ok, ko) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${path}`,
        method: "GET",
        headers: { host, ...headers },
        connections: settings.connections,
        duration,
        timeout: 10,
        // A cold page cache: every request asks for a URL nobody asked for before (the cache keys
        // on path and query), so each one is rendered.
        ...(terms
          ? {
              requests: [
                {
                  setupRequest: (req) => ({
                    ...req,
                    path: `${path}${encodeURIComponent(terms[++termCounter % terms.length])}`,
                  }),
                },
              ],
            }
          : {}),
        // A write path with a JSON body (e.g. placing an order).
        ...(body
          ? {
              method: "POST",
              body: JSON.stringify(body),
              headers: { host, "content-type": "application/json", ...headers },
            }
          : {}),
        // A write path measured as alternating requests (e.g. complete, then un-complete).
        ...(methods ? { requests: methods.map((method) => ({ method })) } : {}),
        ...(cold
          ? {
              requests: [
                {
                  setupRequest: (req) => ({
                    ...req,
                    path: `${path}${path.includes("?") ? "&" : "?"}cold=${++coldCounter}`,
                  }),
                },
              ],
            }
          : {}),
      },
      (err, result) => (err ? ko(err) : ok(result)),
    );
  });
}

async function measure(label, opts) {
  if (settings.warmup > 0) await cannon({ ...opts, duration: settings.warmup });
  const r = await cannon({ ...opts, duration: settings.duration });
  const out = {
    server: label,
    requestsPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    latencyAvg: r.latency.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerSec: r.throughput.average,
  };
  console.log(
    `  ${label.padEnd(6)} ${fmt(out.requestsPerSec, 0).padStart(8)} req/s  p50 ${ms(out.p50)} ms  p99 ${ms(out.p99)} ms` +
      `  (${out.requests} requests, ${out.non2xx} non-2xx, ${out.errors} errors, ${out.timeouts} timeouts)`,
  );
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function combine(runs) {
  if (runs.length === 1) return runs[0];
  const pick = (k) => median(runs.map((r) => r[k]));
  return {
    server: runs[0].server,
    requestsPerSec: pick("requestsPerSec"),
    p50: pick("p50"),
    p99: pick("p99"),
    latencyAvg: pick("latencyAvg"),
    requests: runs.reduce((a, r) => a + r.requests, 0),
    non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
    errors: runs.reduce((a, r) => a + r.errors, 0),
    timeouts: runs.reduce((a, r) => a + r.timeouts, 0),
    bytesPerSec: pick("bytesPerSec"),
  };
}

// autocannon keeps latencies in whole milliseconds (truncated), so 0 means "under 1 ms".
function ms(n) {
  if (n === null || n === undefined || Number.isNaN(n)) return "–";
  return n < 1 ? "<1" : fmt(n, 0);
}

const ratio = (x) => (x === null || x === undefined ? "–" : fmt(x, 3));

function fmt(n, digits) {
  if (n === null || n === undefined || Number.isNaN(n)) return "–";
  return n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

// ---------------------------------------------------------------------------------------------
// Main

const queueTargets = settings.targets.filter((t) => QUEUE_TARGETS.includes(t));
const httpTargets = settings.targets.filter(
  (t) => !QUEUE_TARGETS.includes(t) && t !== CAMPAIGN_TARGET && t !== FANOUT_TARGET,
);
if (httpTargets.length) checkBuild();
if (
  settings.targets.includes(FANOUT_TARGET) &&
  !(existsSync(join(ROOT, "dist", "server", "main.js")) && existsSync(join(ROOT, "build", "server", "index.js")))
) {
  fail("fanout measures the built server: run `npm run build` first.");
}

const perRun = settings.warmup + settings.duration + 5;
// A queue target: start, migrate and queue, then the worker at (a pessimistic) 5 jobs/s.
const perQueue = settings.startTimeout + Math.ceil(settings.jobs / 5);
const budget =
  (httpTargets.length ? settings.startTimeout : 0) +
  httpTargets.length * settings.rounds * 2 * perRun +
  queueTargets.length * perQueue +
  (settings.targets.includes(FANOUT_TARGET) ? fanoutBudget(settings.startTimeout) : 0) +
  120;
setTimeout(() => fail(`the run did not finish within its ${budget} s budget; stopped.`), budget * 1000).unref();

console.log(
  `Atrium benchmark: ${settings.targets.join(", ")}; ${settings.duration} s per run, ${settings.connections} connections, ` +
    `${settings.warmup} s warm-up, ${settings.rounds} round(s); at most ${Math.ceil(budget / 60)} min.\n`,
);

const load = loadavg()[0];
if (load > cpus().length * 0.5) {
  console.warn(
    `bench: the machine is busy (load average ${load.toFixed(2)} on ${cpus().length} cores); the figures will be noisy.\n`,
  );
}

// Only the queue targets: no HTTP server is needed.
const atrium = httpTargets.length ? await startAtrium() : null;
const { port, base } = atrium ?? { port: 0, base: "" };
const demoHost = `demo.${base}`;

const targets = [];
if (settings.targets.includes("platform")) {
  targets.push({ id: "platform", name: "platform home", method: "GET", path: "/", host: base, headers: {} });
}
if (settings.targets.includes("demo")) {
  targets.push({
    id: "demo",
    name: "demo site home, warm cache",
    method: "GET",
    path: "/",
    host: demoHost,
    headers: {},
  });
}
if (settings.targets.includes("demo-cold")) {
  targets.push({
    id: "demo-cold",
    name: "demo site home, cold cache",
    method: "GET",
    path: "/",
    host: demoHost,
    headers: {},
    cold: true,
  });
}
if (settings.targets.includes("me")) {
  const password = demoPassword();
  const res = await call(port, {
    method: "POST",
    path: "/api/auth/sign-in/email",
    host: demoHost,
    headers: { origin: `http://${demoHost}` },
    body: { email: STUDENT, password },
  });
  const cookie = cookieHeader(res.headers["set-cookie"]);
  if (res.status !== 200 || !cookie) {
    fail(
      `signing in as ${STUDENT} failed: ${res.status} ${res.body.toString("utf8").slice(0, 300)}${atrium.showTail()}`,
    );
  }
  targets.push({
    id: "me",
    name: "GET /api/v1/me (signed in)",
    method: "GET",
    path: "/api/v1/me",
    host: demoHost,
    headers: { cookie },
  });
}

const bigblogHost = `bigblog.${base}`;
if (settings.targets.includes("blog-post")) {
  const slug = `post-${Math.ceil(settings.largeBlog / 2)}`;
  targets.push({
    id: "blog-post",
    name: `blog post on a site with ${settings.largeBlog} posts, cold cache`,
    method: "GET",
    path: `/blog/${slug}`,
    host: bigblogHost,
    headers: {},
    cold: true,
  });
}
if (settings.targets.includes("search")) {
  targets.push({
    id: "search",
    name: `search on a site with ${settings.largeBlog} posts`,
    method: "GET",
    path: "/api/v1/search?type=blog&q=",
    host: bigblogHost,
    headers: {},
    // Terms take turns: a common word (an eighth of all posts), a prefix, a rare number.
    terms: ["python", "photo", "field guide", "part 4242", "mistak", "guitar patterns"],
  });
}

const COURSE_SLUG = "glazing-workshop";
if (settings.targets.includes("course")) {
  targets.push({
    id: "course",
    name: "public course page, warm cache",
    method: "GET",
    path: `/course/${COURSE_SLUG}`,
    host: demoHost,
    headers: {},
  });
}
if (settings.targets.includes("course-cold")) {
  targets.push({
    id: "course-cold",
    name: "public course page, cold cache",
    method: "GET",
    path: `/course/${COURSE_SLUG}`,
    host: demoHost,
    headers: {},
    cold: true,
  });
}
if (settings.targets.includes("complete-item")) {
  const password = demoPassword();
  const signIn = await call(port, {
    method: "POST",
    path: "/api/auth/sign-in/email",
    host: demoHost,
    headers: { origin: `http://${demoHost}` },
    body: { email: STUDENT, password },
  });
  const cookie = cookieHeader(signIn.headers["set-cookie"]);
  if (signIn.status !== 200 || !cookie) fail(`signing in as ${STUDENT} failed: ${signIn.status}${atrium.showTail()}`);
  const page = await call(port, {
    path: `/api/v1/catalog/courses/${COURSE_SLUG}`,
    host: demoHost,
    headers: { cookie },
  });
  const course = JSON.parse(page.body.toString("utf8"));
  const itemId = course.outline?.find((i) => i.id)?.id;
  if (page.status !== 200 || !itemId) fail(`reading the demo course ${COURSE_SLUG} failed: ${page.status}`);
  targets.push({
    id: "complete-item",
    name: "complete / un-complete an item (signed in)",
    method: "PUT+DELETE",
    path: `/api/v1/courses/${course.id}/items/${itemId}/complete`,
    host: demoHost,
    headers: { cookie, origin: `http://${demoHost}` },
    methods: ["PUT", "DELETE"],
  });
}

if (settings.targets.includes("checkout")) {
  const password = demoPassword();
  const signIn = await call(port, {
    method: "POST",
    path: "/api/auth/sign-in/email",
    host: demoHost,
    headers: { origin: `http://${demoHost}` },
    body: { email: STUDENT, password },
  });
  const cookie = cookieHeader(signIn.headers["set-cookie"]);
  if (signIn.status !== 200 || !cookie) fail(`signing in as ${STUDENT} failed: ${signIn.status}${atrium.showTail()}`);
  const list = await call(port, { path: "/api/v1/products?per_page=50", host: demoHost, headers: { cookie } });
  const parsed = JSON.parse(list.body.toString("utf8"));
  const items = Object.values(parsed).find((v) => Array.isArray(v)) ?? [];
  const product = items.find((p) => p.slug === "wheel-throwing-lifetime");
  if (list.status !== 200 || !product) fail(`finding the demo's one-time product failed: ${list.status}`);
  targets.push({
    id: "checkout",
    name: "checkout: offline order with a coupon (signed in)",
    method: "POST",
    path: "/api/v1/checkout",
    host: demoHost,
    headers: { cookie, origin: `http://${demoHost}` },
    body: { productIds: [product.id], coupon: "WELCOME10", provider: "offline" },
  });
}

const results = [];
for (const t of targets) {
  const samplePath = t.terms ? `${t.path}${encodeURIComponent(t.terms[0])}` : t.path;
  const sampleRes = await call(port, {
    method: t.body ? "POST" : t.methods?.[0],
    path: samplePath,
    host: t.host,
    headers: t.headers,
    body: t.body,
  });
  const sample = {
    status: sampleRes.status,
    contentType: sampleRes.headers["content-type"] ?? null,
    body: sampleRes.body,
  };
  console.log(
    `${t.name}: ${t.methods?.join("+") ?? (t.body ? "POST" : "GET")} ${t.host}${t.path} → ${sample.status} ${sample.contentType ?? "(no content-type)"}, ${sample.body.length} bytes` +
      (sample.status >= 400 ? "   ⚠ not a success: the figures measure this error response" : ""),
  );
  const bare = await startBare(sample);
  const atriumRuns = [];
  const bareRuns = [];
  for (let round = 0; round < settings.rounds; round++) {
    if (settings.rounds > 1) console.log(`  round ${round + 1}/${settings.rounds}`);
    atriumRuns.push(
      await measure("atrium", {
        port,
        host: t.host,
        path: t.path,
        headers: t.headers,
        cold: t.cold,
        terms: t.terms,
        methods: t.methods,
        body: t.body,
      }),
    );
    if (atrium.exited) fail(`the server exited during the run${atrium.showTail()}`);
    bareRuns.push(await measure("bare", { port: bare.port, host: t.host, path: t.path, headers: t.headers }));
  }
  bare.stop();
  const a = combine(atriumRuns);
  const b = combine(bareRuns);
  results.push({
    target: t.id,
    name: t.name,
    request: `${t.method} ${t.path}`,
    host: t.host.replace(`:${port}`, ":<port>"),
    status: sample.status,
    contentType: sample.contentType,
    bytes: sample.body.length,
    atrium: a,
    bare: b,
    ratio: b.requestsPerSec > 0 ? a.requestsPerSec / b.requestsPerSec : null,
    ...(settings.rounds > 1 ? { rounds: { atrium: atriumRuns, bare: bareRuns } } : {}),
  });
  console.log("");
}

await atrium?.stop();

// The queue targets run with the HTTP server stopped, so the worker has the machine to itself.
const queueResults = [];
const workerEnv = { ...process.env };
for (const k of configVars()) delete workerEnv[k];
for (const id of queueTargets) {
  console.log(`Queue target ${id}: ${settings.jobs} jobs, one worker process…`);
  const r = await measureQueue(id, {
    root: ROOT,
    jobs: settings.jobs,
    databaseUrl: settings.databaseUrl,
    env: workerEnv,
    verbose: settings.verbose,
    onCleanup: (fn) => cleanups.push(fn),
  });
  console.log(
    `  ${fmt(r.jobsPerSecond, 0)} jobs/s  (${r.jobs} jobs in ${fmt(r.seconds, 2)} s, concurrency ${r.concurrency}, ${r.database})` +
      (r.delivered !== undefined ? `; ${r.delivered} recipients reached, ${r.deliveredTwice} twice` : ""),
  );
  if (r.delivered !== undefined && (r.delivered !== r.jobs || r.deliveredTwice > 0)) {
    fail(`${id}: the SMTP sink did not receive every message exactly once`);
  }
  queueResults.push(r);
}

let campaignResult = null;
if (settings.targets.includes(CAMPAIGN_TARGET)) {
  console.log("Campaign target: BENCH_CONTACTS (default 100,000) contacts, one worker process…");
  campaignResult = await measureCampaign({
    root: ROOT,
    databaseUrl: settings.databaseUrl,
    env: workerEnv,
    verbose: settings.verbose,
    onCleanup: (fn) => cleanups.push(fn),
  });
  const c = campaignResult;
  console.log(
    `  queueCampaign: ${c.recipients} recipients in ${fmt(c.queueSeconds, 2)} s (${c.database})\n` +
      `  delivery, one worker: ${fmt(c.messagesPerSecond, 0)} messages/s over ${c.sample} messages; ` +
      `nodemailer alone: ${fmt(c.nodemailerPerSecond, 0)} messages/s`,
  );
}

let fanoutResult = null;
if (settings.targets.includes(FANOUT_TARGET)) {
  console.log("Fan-out target: FANOUT_MEMBERS (default 1,000) sockets of one group chat on two web processes…");
  fanoutResult = await measureFanout({
    root: ROOT,
    databaseUrl: settings.databaseUrl,
    env: workerEnv,
    verbose: settings.verbose,
    startTimeout: settings.startTimeout,
    resultsDir: RESULTS_DIR,
    onCleanup: (fn) => cleanups.push(fn),
  });
  console.log(`  ${fanoutNote(fanoutResult)}`);
  if (fanoutResult.profile) {
    console.log(
      `\nCPU profile of the web processes (${fanoutResult.profile.files} file(s) in ${fanoutResult.profile.dir}):`,
    );
    console.log(fanoutResult.profile.text);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const rows = results.flatMap((r) => [
  [
    r.name,
    String(r.status),
    "Atrium",
    fmt(r.atrium.requestsPerSec, 0),
    ms(r.atrium.p50),
    ms(r.atrium.p99),
    ratio(r.ratio),
  ],
  ["", "", "bare node:http", fmt(r.bare.requestsPerSec, 0), ms(r.bare.p50), ms(r.bare.p99), ""],
]);
const head = ["target", "status", "server", "req/s (avg)", "p50 ms", "p99 ms", "ratio"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
if (rows.length) {
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}
if (fanoutResult) {
  const fRows = fanoutRows(fanoutResult);
  const fWidths = FANOUT_HEAD.map((h, i) => Math.max(h.length, ...fRows.map((r) => r[i].length)));
  const fLine = (cells) =>
    cells.map((c, i) => (FANOUT_RIGHT[i] ? c.padStart(fWidths[i]) : c.padEnd(fWidths[i]))).join("  ");
  console.log(`\n${fLine(FANOUT_HEAD)}`);
  console.log(fWidths.map((w) => "-".repeat(w)).join("  "));
  for (const r of fRows) console.log(fLine(r));
}
if (queueResults.length) {
  const qRows = queueRows(queueResults, fmt);
  const qWidths = QUEUE_HEAD.map((h, i) => Math.max(h.length, ...qRows.map((r) => r[i].length)));
  const qLine = (cells) =>
    cells.map((c, i) => (QUEUE_RIGHT[i] ? c.padStart(qWidths[i]) : c.padEnd(qWidths[i]))).join("  ");
  console.log(`\n${qLine(QUEUE_HEAD)}`);
  console.log(qWidths.map((w) => "-".repeat(w)).join("  "));
  for (const r of qRows) console.log(qLine(r));
}

const cpuList = cpus();
const meta = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  cpu: cpuList[0]?.model ?? "unknown",
  cores: cpuList.length,
  memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
  loadAverageAtStart: Math.round(load * 100) / 100,
  serverCmd: settings.serverCmd,
  database: settings.databaseUrl ? `postgresql, WEB_PROCESSES=${settings.webProcesses}` : "pglite (fresh directory)",
  jobs: queueTargets.length ? settings.jobs : undefined,
  duration: settings.duration,
  connections: settings.connections,
  warmup: settings.warmup,
  rounds: settings.rounds,
  tool: "autocannon 9 (one client process on the same machine)",
};

/** A markdown table laid out the way the project's formatter (biome) lays it out, so it pastes clean. */
function markdownTable(head, rightAligned, rows) {
  const widths = head.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i].length)));
  const cell = (c, i) => (rightAligned[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]));
  const sep = widths.map((w, i) => (rightAligned[i] ? `${"-".repeat(w - 1)}:` : "-".repeat(w)));
  return [head, sep, ...rows].map((r, k) => `| ${(k === 1 ? r : r.map(cell)).join(" | ")} |`).join("\n");
}

const md = [
  `Run ${meta.date.slice(0, 10)}, commit ${meta.commit ?? "?"}, Node ${meta.node}, ${meta.cores} × ${meta.cpu}` +
    (results.length || queueResults.length
      ? `, ${meta.database}; \`${meta.serverCmd}\`; ${meta.duration} s per run, ${meta.connections} connections, ` +
        `${meta.warmup} s warm-up${meta.rounds > 1 ? `, median of ${meta.rounds} rounds` : ""}.`
      : "."),
  ...(queueResults.length ? ["", markdownTable(QUEUE_HEAD, QUEUE_RIGHT, queueRows(queueResults, fmt))] : []),
  ...(fanoutResult
    ? [
        "",
        `Fan-out: two web processes of \`node dist/server/main.js\` on a fresh PostgreSQL database, load average ` +
          `${fanoutResult.loadAverageAtStart} when the sends began; latency from each message's request to its frame on each socket.`,
        "",
        markdownTable(FANOUT_HEAD, FANOUT_RIGHT, fanoutRows(fanoutResult)),
        "",
        fanoutNote(fanoutResult),
      ]
    : []),
  ...(results.length
    ? [
        "",
        markdownTable(
          ["target", "status", "server", "req/s (avg)", "p50 ms", "p99 ms", "Atrium ÷ bare (req/s)"],
          [false, true, false, true, true, true, true],
          results.flatMap((r) => [
            [
              r.name,
              String(r.status),
              "Atrium",
              fmt(r.atrium.requestsPerSec, 0),
              ms(r.atrium.p50),
              ms(r.atrium.p99),
              ratio(r.ratio),
            ],
            ["", "", "bare node:http", fmt(r.bare.requestsPerSec, 0), ms(r.bare.p50), ms(r.bare.p99), ""],
          ]),
        ),
      ]
    : []),
].join("\n");

console.log("\nMarkdown (for docs/performance.md):\n");
console.log(md);

mkdirSync(RESULTS_DIR, { recursive: true });
const outFile = join(RESULTS_DIR, "latest.json");
writeFileSync(
  outFile,
  `${JSON.stringify({ meta, results, queue: queueResults, campaign: campaignResult, fanout: fanoutResult, markdown: md }, null, 2)}\n`,
);
console.log(`\nWrote ${outFile.slice(ROOT.length + 1)}.`);

const troubled = results.filter(
  (r) => r.status >= 400 || r.atrium.errors > 0 || r.atrium.timeouts > 0 || r.atrium.non2xx > 0,
);
if (troubled.length) {
  console.log(
    `\nNote: ${troubled.map((r) => r.name).join(", ")} answered errors or non-2xx responses; those figures do not measure a working page.`,
  );
}
if (
  fanoutResult &&
  (fanoutResult.missed > 0 || fanoutResult.duplicates > 0 || fanoutResult.sends.statuses[201] !== fanoutResult.messages)
) {
  fail(
    `fanout: delivery was wrong: ${fanoutResult.missed} (message, socket) pairs never arrived, ` +
      `${fanoutResult.duplicates} arrived twice, sends answered ${JSON.stringify(fanoutResult.sends.statuses)}`,
  );
}
cleanupSync();
process.exit(0);
