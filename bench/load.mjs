// `npm run bench:load`: a whole site under load. LOAD_MEMBERS simulated members (default 500) of
// one site browse its public pages, sign in through the real auth endpoint, open the course
// player and complete items, search, and check out, with a think time between actions, for
// LOAD_SECONDS (default 300), against two web processes (`--role=web`, round-robin) and one
// worker process (`--role=worker`) of the built server on one PostgreSQL database.
// It prints p50/p95/p99 latency, counts and errors per action, the processes' resident memory
// (start, after warm-up, end), whether the goals hold (p95 < 200 ms per action, no errors, memory
// flat), writes bench/results/load-<date>.json and prints the figures as a markdown table.
//
// Environment (all optional):
//   LOAD_MEMBERS         simulated members (default 500), each a member account enrolled in the course
//   LOAD_SECONDS         length of the run in seconds (default 300)
//   LOAD_THINK_MIN_MS    think time between actions, from … (default 1000)
//   LOAD_THINK_MAX_MS    … to (default 5000), uniformly at random
//   LOAD_RAMP_SECONDS    members arrive spread over this many seconds (default min(60, LOAD_SECONDS / 5))
//   LOAD_WARMUP_SECONDS  the memory baseline is the first sample after this (default 30 % of the run)
//   LOAD_WEB_PROCESSES   web processes (default 2)
//   LOAD_POOL_SIZE       DATABASE_POOL_SIZE of each server process (default 10)
//   LOAD_CPU_PROF=1      run the web processes with --cpu-prof and print where their CPU time went
//   LOAD_HEAP_SNAPSHOTS=1  take a heap snapshot of each web process after the warm-up and at the end
//                        (each collects garbage first, so it is the live heap) and print the live
//                        heap at both and what grew between them, by kind of object. A snapshot
//                        stops its process for seconds: the latencies of such a run include those.
//   LOAD_VERBOSE=1       echo the servers' output
//   BENCH_DATABASE_URL   the PostgreSQL database to use (a new site is seeded into it and left there);
//                        unset, a database atrium_load_<ts> is created on postgres://postgres@127.0.0.1:5432
//                        and dropped at the end
//   BENCH_START_TIMEOUT  seconds to wait for each server to be ready (default 180)
//
// Needs `npm run build` first. It only talks to 127.0.0.1, stops by itself (a global deadline is
// armed from the figures above), and stops the processes it started and drops the database it
// created on every way out (end, error, Ctrl-C, deadline).
import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Recorder, Session, targets } from "./load/client.mjs";
import { runMember } from "./load/member.mjs";
import { createDatabase, freePort, rssMiB, seed, sleep, startServer } from "./load/processes.mjs";
import { heapReport, takeSnapshot } from "./load/heap.mjs";
import { summariseProfiles } from "./load/profile.mjs";
import { actionRows, goals, markdown, memorySummary } from "./load/report.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS_DIR = join(ROOT, "bench", "results");
const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres";
const BASE_DOMAIN = "load.localhost";

// ---------------------------------------------------------------------------------------------
// Settings

function intEnv(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`bench:load: ${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    process.exit(1);
  }
  return n;
}
const flag = (name) => ["1", "true", "yes"].includes((process.env[name] ?? "").toLowerCase());

const seconds = intEnv("LOAD_SECONDS", 300, 5, 3600);
const settings = {
  members: intEnv("LOAD_MEMBERS", 500, 1, 5000),
  seconds,
  thinkMin: intEnv("LOAD_THINK_MIN_MS", 1000, 0, 60_000),
  thinkMax: intEnv("LOAD_THINK_MAX_MS", 5000, 0, 60_000),
  ramp: intEnv("LOAD_RAMP_SECONDS", Math.min(60, Math.round(seconds / 5)), 0, seconds),
  warmup: intEnv("LOAD_WARMUP_SECONDS", Math.round(seconds * 0.3), 0, seconds),
  webProcesses: intEnv("LOAD_WEB_PROCESSES", 2, 1, 8),
  poolSize: intEnv("LOAD_POOL_SIZE", 10, 1, 100),
  startTimeout: intEnv("BENCH_START_TIMEOUT", 180, 5, 1800),
  cpuProf: flag("LOAD_CPU_PROF"),
  heapSnapshots: flag("LOAD_HEAP_SNAPSHOTS"),
  verbose: flag("LOAD_VERBOSE"),
  databaseUrl: process.env.BENCH_DATABASE_URL || null,
};
if (settings.thinkMax < settings.thinkMin) settings.thinkMax = settings.thinkMin;
const sampleEvery = Math.max(5, Math.round(seconds / 20));

// ---------------------------------------------------------------------------------------------
// Clean-up: children stopped, the database dropped, the temporary directory removed, on every exit.

const children = new Set();
const asyncCleanups = [];
let shuttingDown = null;

function killChildrenNow() {
  for (const c of children) {
    try {
      if (c.kill) c.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
}
process.on("exit", killChildrenNow);

async function shutdown(code, message) {
  if (shuttingDown) return shuttingDown;
  shuttingDown = (async () => {
    if (message) console.error(`\nbench:load: ${message}`);
    for (const fn of asyncCleanups.reverse()) {
      try {
        await Promise.race([fn(), sleep(15_000)]);
      } catch (err) {
        console.error(`bench:load: clean-up step failed: ${err?.message ?? err}`);
      }
    }
    killChildrenNow();
    process.exit(code);
  })();
  return shuttingDown;
}
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    if (shuttingDown) killChildrenNow();
    shutdown(130, `${sig}, stopping.`);
  });
}
process.on("uncaughtException", (err) => shutdown(1, err?.stack ?? String(err)));
process.on("unhandledRejection", (err) => shutdown(1, err?.stack ?? String(err)));

// Seed, starts, the run, the drain and the stops; past this the run is cut short.
const budget = settings.startTimeout + 300 + seconds + 120;
setTimeout(() => {
  shutdown(1, `the run did not finish within its ${budget} s budget; stopped.`);
  // Clean-up has 60 s more; then whatever is left is killed.
  setTimeout(() => {
    killChildrenNow();
    process.exit(1);
  }, 60_000).unref();
}, budget * 1000).unref();

// ---------------------------------------------------------------------------------------------
// Helpers

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/** Configuration variables of the caller's shell must not reach the measured processes. */
function cleanEnv() {
  const env = { ...process.env };
  const file = join(ROOT, "server", "config.ts");
  const declared = existsSync(file)
    ? [...readFileSync(file, "utf8").matchAll(/^\s{2}([A-Z][A-Z0-9_]+):\s*(?:z\.|bool)/gm)].map((m) => m[1])
    : [];
  for (const k of [...declared, "DATABASE_URL", "PORT", "BASE_DOMAIN", "AUTH_SECRET", "SMTP_URL", "DATA_DIR"]) {
    delete env[k];
  }
  for (const k of Object.keys(env)) {
    if (k.startsWith("PLATFORM_DEFAULTS_") || k.startsWith("JOB_") || k.startsWith("LOAD_") || k.startsWith("BENCH_"))
      delete env[k];
  }
  return env;
}

/** mulberry32: a small seeded generator, so that one member's choices repeat from run to run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Main

if (!existsSync(join(ROOT, "dist", "server", "main.js")) || !existsSync(join(ROOT, "build", "server", "index.js"))) {
  console.error("bench:load: the built server is missing. Run `npm run build` first, then `npm run bench:load`.");
  process.exit(1);
}

const load = loadavg()[0];
console.log(
  `Atrium load test: ${settings.members} members of one site for ${seconds} s, think time ` +
    `${settings.thinkMin}–${settings.thinkMax} ms, ramp-up ${settings.ramp} s; ${settings.webProcesses} web + 1 worker ` +
    `process(es); at most ${Math.ceil(budget / 60)} min.`,
);
if (load > cpus().length * 0.5) {
  console.warn(`bench:load: the machine is busy (load average ${load.toFixed(2)} on ${cpus().length} cores).`);
}

const dataDir = mkdtempSync(join(tmpdir(), "atrium-load-"));
asyncCleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

let databaseUrl = settings.databaseUrl;
if (!databaseUrl) {
  const created = await createDatabase(DEFAULT_SERVER);
  databaseUrl = created.url;
  console.log(`Created database ${created.name}.`);
  asyncCleanups.push(async () => {
    await created.drop();
    console.log(`Dropped database ${created.name}.`);
  });
}

const stamp = Date.now().toString(36);
const slug = `load${stamp}`;
const password = `load-${randomBytes(6).toString("hex")}`;
const baseEnv = {
  ...cleanEnv(),
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  BASE_DOMAIN,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: String(settings.poolSize),
  // Every process signs and reads the same session cookies.
  AUTH_SECRET: randomBytes(32).toString("hex"),
  SEED_DEMO: "false",
  LOG_LEVEL: "warn",
  // Every member signs in from 127.0.0.1: the per-address sign-in limit would refuse most of them.
  AUTH_RATE_LIMIT: "false",
  EMAIL_DNS_CHECK: "false",
};

console.log(`Seeding site ${slug} with ${settings.members} members…`);
const scene = await seed({
  root: ROOT,
  env: { ...baseEnv, LOAD_SITE_SLUG: slug, LOAD_PASSWORD: password, LOAD_MEMBERS: String(settings.members) },
  onChild: (c) => children.add(c),
});
console.log(`Seeded in ${scene.seconds.toFixed(1)} s (migrations included).`);

const profDir = settings.cpuProf ? join(RESULTS_DIR, `load-prof-${stamp}`) : null;
if (profDir) mkdirSync(profDir, { recursive: true });
const heapDir = settings.heapSnapshots ? mkdtempSync(join(tmpdir(), "atrium-load-heap-")) : null;
const webArgs = [
  ...(profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []),
  ...(heapDir ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${heapDir}`] : []),
];
const ports = await Promise.all(Array.from({ length: settings.webProcesses }, () => freePort()));
// One after another, the worker first: processes starting together on a fresh database can
// deadlock in the job queue's CREATE of its queues (pg-boss createQueue is not under the
// startup lock), which is a start-up matter, not what this run measures.
const plan = [
  { role: "worker", port: await freePort(), name: "worker", nodeArgs: [] },
  ...ports.map((port, i) => ({ role: "web", port, name: `web-${i + 1}`, nodeArgs: webArgs })),
];
const servers = [];
asyncCleanups.push(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  console.log("Stopped the server processes.");
});
for (const p of plan) {
  const started = Date.now();
  try {
    servers.push(
      await startServer({
        root: ROOT,
        env: baseEnv,
        verbose: settings.verbose,
        timeoutMs: settings.startTimeout * 1000,
        baseDomain: BASE_DOMAIN,
        onChild: (c) => children.add(c),
        ...p,
      }),
    );
  } catch (err) {
    await shutdown(1, err?.message ?? String(err));
  }
  console.log(`  ${p.name} ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log(
  `Ready: ${servers.map((s) => `${s.name} (pid ${s.pid}${s.role === "web" ? `, :${s.port}` : ""})`).join(", ")}.`,
);

// Memory samples: at start, every `sampleEvery` seconds, and at the end.
const samples = [];
const t0 = Date.now();
const sample = () => {
  const rss = {};
  for (const s of servers) rss[s.name] = rssMiB(s.pid);
  samples.push({ t: Math.round((Date.now() - t0) / 100) / 10, rss, loadAverage: Math.round(loadavg()[0] * 100) / 100 });
};
sample();
let lostServer = null;
const sampler = setInterval(() => {
  sample();
  lostServer = servers.find((s) => s.exited) ?? lostServer;
}, sampleEvery * 1000);

// Heap snapshots of the web processes, one after another: after the warm-up and at the end.
const webServers = servers.filter((s) => s.role === "web");
const snapshots = Object.fromEntries(webServers.map((s) => [s.name, {}]));
const snapshotAll = async (when) => {
  for (const s of webServers) {
    const started = Date.now();
    snapshots[s.name][when] = await takeSnapshot(s.pid, heapDir);
    console.log(`  heap snapshot of ${s.name} (${when}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
};
let warmSnapshots = Promise.resolve();
if (heapDir) {
  asyncCleanups.push(async () => rmSync(heapDir, { recursive: true, force: true }));
  setTimeout(() => {
    warmSnapshots = snapshotAll("warm");
  }, settings.warmup * 1000).unref();
}

const recorder = new Recorder();
// The simulated members run in this process, on the same cores: its CPU time is reported too.
const clientCpuStart = process.cpuUsage();
const pool = targets(ports);
asyncCleanups.unshift(async () => pool.destroy());
const host = `${slug}.${BASE_DOMAIN}`;
const until = t0 + seconds * 1000;
let stopRequested = false;
const stopped = () => stopRequested || lostServer !== null;

/** A think time, cut short at the end of the run. */
const thinker = (rnd) => () => {
  const ms = settings.thinkMin + rnd() * (settings.thinkMax - settings.thinkMin);
  return sleep(Math.max(0, Math.min(ms, until - Date.now())));
};

const progress = setInterval(() => {
  const total = [...recorder.actions.values()].reduce((s, a) => s + a.count, 0);
  const errors = [...recorder.actions.values()].reduce((s, a) => s + a.errors, 0);
  const rss = samples.at(-1).rss;
  console.log(
    `  ${Math.round((Date.now() - t0) / 1000)} s: ${total} requests, ${errors} errors; RSS ` +
      Object.entries(rss)
        .map(([k, v]) => `${k} ${v} MiB`)
        .join(", "),
  );
}, 30_000);

console.log(`\nRunning ${settings.members} members against ${host} on ports ${ports.join(", ")}…`);
const members = Array.from({ length: settings.members }, async (_, k) => {
  const index = k + 1;
  const rnd = random(index * 7919);
  await sleep(rnd() * settings.ramp * 1000);
  const session = new Session({ host, pool, recorder });
  await runMember({ index, scene, password, session, until, think: thinker(rnd), rnd, stopped });
});
// Members finish their current action at the end of the run; a request can take up to 30 s.
await Promise.race([Promise.all(members), sleep((seconds + 40) * 1000)]);
stopRequested = true;
recorder.recording = false;
clearInterval(progress);
clearInterval(sampler);
sample();
const elapsed = (Date.now() - t0) / 1000;
const clientCpu = process.cpuUsage(clientCpuStart);
const clientCpuShare = Math.round(((clientCpu.user + clientCpu.system) / 1e6 / elapsed) * 1000) / 10;
if (lostServer) {
  await shutdown(1, `${lostServer.name} exited during the run (code ${lostServer.exited?.code})\n${lostServer.tail()}`);
}

const rows = actionRows(recorder, elapsed);
const memory = memorySummary(samples, servers, settings.warmup);
const verdict = goals(rows, memory);
const errorSamples = [...recorder.errorSamples.values()];
const cpuList = cpus();
const meta = {
  date: new Date(t0).toISOString(),
  commit: gitCommit(),
  node: process.version,
  cores: cpuList.length,
  cpu: cpuList[0]?.model ?? "unknown",
  memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
  loadAverageAtStart: Math.round(load * 100) / 100,
  loadAverageAtEnd: Math.round(loadavg()[0] * 100) / 100,
  members: settings.members,
  seconds,
  elapsedSeconds: Math.round(elapsed * 10) / 10,
  thinkMs: [settings.thinkMin, settings.thinkMax],
  rampSeconds: settings.ramp,
  warmupSeconds: settings.warmup,
  webProcesses: settings.webProcesses,
  poolSize: settings.poolSize,
  database: settings.databaseUrl ? "postgresql (BENCH_DATABASE_URL)" : "postgresql (fresh database, dropped)",
  site: { host, posts: scene.posts, courseItems: scene.course.itemIds.length },
  seedSeconds: scene.seconds,
  clientCpuPercentOfOneCore: clientCpuShare,
};

if (heapDir) {
  await warmSnapshots;
  await snapshotAll("end");
}
// Stop the servers now: their CPU profiles are written as they exit.
pool.destroy();
await Promise.all(servers.map((s) => s.stop()));
const profile = profDir ? summariseProfiles(profDir) : null;

const { heap, text: heapText } = heapDir ? await heapReport(snapshots) : { heap: [], text: "" };
if (heapText) console.log(`\n${heapText}`);

const serverOutput = Object.fromEntries(servers.map((s) => [s.name, s.complaints()]));
const md = markdown({ meta, rows, memory, verdict, errorSamples, serverOutput });
console.log(`\n${md}`);
if (!verdict.p95.ok) {
  const slowest = [...rows].sort((a, b) => (b.p95 ?? 0) - (a.p95 ?? 0)).slice(0, 3);
  console.log(
    `\nSlowest actions by p95: ${slowest.map((r) => `${r.action} (${r.p95} ms)`).join(", ")}.` +
      (profile ? "" : " Run again with LOAD_CPU_PROF=1 to see where the web processes spend their CPU time."),
  );
}
if (profile) {
  console.log(`\nCPU profile of the web processes (${profile.files} file(s) in ${profDir.slice(ROOT.length + 1)}):`);
  console.log(profile.text);
}

mkdirSync(RESULTS_DIR, { recursive: true });
const outFile = join(RESULTS_DIR, `load-${meta.date.slice(0, 19).replace(/:/g, "-")}.json`);
writeFileSync(
  outFile,
  `${JSON.stringify({ meta, goals: verdict, actions: rows, memory, heap, samples, errors: errorSamples, serverOutput, profile, markdown: md }, null, 2)}\n`,
);
console.log(`\nWrote ${outFile.slice(ROOT.length + 1)}.`);
await shutdown(0);
