// The `fanout` target of `npm run bench`: how long a chat message takes to reach the open pages of
// a large group chat, on two web processes of the built server sharing one PostgreSQL database.
//
// A fresh database is created on the server of BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end. bench/fanout/seed.ts seeds
// one site with FANOUT_MEMBERS members (default 1,000) and a sender in one group chat, with a
// session each. Two `--role=web` processes start on that database; one WebSocket per member opens
// /api/realtime, half on each process, each with its member's session cookie. The sender then
// posts FANOUT_MESSAGES messages (default 50), one every FANOUT_INTERVAL_MS (default 200), through
// `POST /api/v1/chats/{id}/messages` on the first process, and every socket times each message from
// the moment its request went out to the moment its `chat` frame arrived. The figures are
// p50/p95/p99/max over every (message, socket) pair, for the sockets on the sending process and on
// the other one (which hear it through LISTEN/NOTIFY), and the pairs that never arrived (must be 0).
//
//   FANOUT_MEMBERS       sockets, one member each (default 1000)
//   FANOUT_MESSAGES      messages sent (default 50)
//   FANOUT_INTERVAL_MS   time between two sends (default 200)
//   FANOUT_WAIT_MS       how long to wait after the last send for frames still on their way (default 15000)
//   FANOUT_CPU_PROF=1    run the web processes with --cpu-prof and print where their CPU time went
//
// The clients live in the benchmark's own process, on the same cores as the servers and
// PostgreSQL; its event-loop delay is reported with the figures, as part of every latency.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import WebSocket from "ws";
import { createDatabase, freePort, rssMiB, seed, sleep, startServer } from "./load/processes.mjs";
import { summariseProfiles } from "./load/profile.mjs";

export const FANOUT_TARGET = "fanout";
const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres";
const BASE_DOMAIN = "fanout.localhost";
const SESSION_COOKIE = "atrium.session_token";

function intEnv(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** The settings of the target, read from the environment. */
export function fanoutSettings() {
  return {
    members: intEnv("FANOUT_MEMBERS", 1000, 2, 20_000),
    messages: intEnv("FANOUT_MESSAGES", 50, 1, 10_000),
    intervalMs: intEnv("FANOUT_INTERVAL_MS", 200, 0, 60_000),
    waitMs: intEnv("FANOUT_WAIT_MS", 15_000, 1000, 300_000),
    cpuProf: ["1", "true", "yes"].includes((process.env.FANOUT_CPU_PROF ?? "").toLowerCase()),
  };
}

/** Seconds the target may take at most, start-ups included (for the run's deadline). */
export function fanoutBudget(startTimeout) {
  const s = fanoutSettings();
  return 2 * startTimeout + 180 + Math.ceil((s.messages * s.intervalMs + s.waitMs) / 1000) + Math.ceil(s.members / 20);
}

/** Open files this process needs for the sockets: one per client socket, with room to spare. */
export const fanoutFileNeed = () => fanoutSettings().members + 512;

function percentile(sorted, p) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

function summary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const r = (n) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    pairs: sorted.length,
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
    max: r(sorted.length ? sorted[sorted.length - 1] : null),
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** One JSON POST to 127.0.0.1:port; resolves with the status and the body's text. */
function post(agent, port, { path, host, cookie, json }) {
  const payload = Buffer.from(JSON.stringify(json));
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        agent,
        timeout: 30_000,
        headers: {
          host,
          origin: `http://${host}`,
          cookie,
          accept: "application/json",
          "content-type": "application/json",
          "content-length": String(payload.length),
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", (err) => resolve({ status: 0, text: err.message }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer within 30 s")));
    req.on("error", (err) => resolve({ status: 0, text: err.message }));
    req.end(payload);
  });
}

/** Opens one member's socket; resolves once open, rejects with the refusal. */
function openSocket({ port, host, cookie, onFrame }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
      headers: { host, cookie: `${SESSION_COOKIE}=${cookie}` },
      origin: `http://${host}`,
      perMessageDeflate: false,
      handshakeTimeout: 30_000,
    });
    ws.on("message", onFrame);
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused with HTTP ${res.statusCode}`)));
    ws.once("error", reject);
  });
}

/** Runs `fn` over `items`, at most `width` at a time. */
async function inParallel(items, width, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

/**
 * Runs the target. `env` is the environment for the servers (the caller has removed its own
 * shell's configuration); `onCleanup` registers a synchronous last-resort clean-up (killing the
 * children) for every way out; `results` is where a CPU profile is written.
 */
export async function measureFanout({ root, databaseUrl, env, verbose, startTimeout, resultsDir, onCleanup }) {
  const s = fanoutSettings();
  const children = new Set();
  const steps = [];
  const dataDir = mkdtempSync(join(tmpdir(), "atrium-fanout-"));
  steps.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const serverUrl = databaseUrl || DEFAULT_SERVER;
  let leftDatabase = null;
  // On an interrupt there is no time for the async clean-up below: the children are killed and
  // the database dropped from a short synchronous child.
  onCleanup(() => {
    for (const c of children) c.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    if (!leftDatabase) return;
    try {
      execFileSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import pg from "pg"; const c = new pg.Client({ connectionString: process.argv[1] }); await c.connect();
           await c.query("DROP DATABASE IF EXISTS ${leftDatabase} WITH (FORCE)"); await c.end();`,
          serverUrl,
        ],
        { cwd: root, timeout: 15_000, stdio: "ignore" },
      );
    } catch {
      // best effort on the way out
    }
  });
  const sockets = [];
  try {
    const db = await createDatabase(serverUrl, "atrium_fanout");
    leftDatabase = db.name;
    console.log(`  created database ${db.name}`);
    steps.push(async () => {
      await db.drop();
      leftDatabase = null;
      console.log(`  dropped database ${db.name}`);
    });
    const slug = `fan${Date.now().toString(36)}`;
    const host = `${slug}.${BASE_DOMAIN}`;
    const baseEnv = {
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      BASE_DOMAIN,
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      // Every process signs and reads the same session cookies, and the seed signs them too.
      AUTH_SECRET: randomBytes(32).toString("hex"),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "false",
      EMAIL_DNS_CHECK: "false",
    };

    console.log(`  seeding ${s.members} members and a sender in one group chat…`);
    const scene = await seed({
      root,
      script: "bench/fanout/seed.ts",
      env: { ...baseEnv, FANOUT_SITE_SLUG: slug, FANOUT_MEMBERS: String(s.members) },
      onChild: (c) => children.add(c),
    });
    console.log(`  seeded in ${scene.seconds.toFixed(1)} s (migrations included)`);

    const profDir = s.cpuProf ? join(resultsDir, `fanout-prof-${Date.now().toString(36)}`) : null;
    if (profDir) mkdirSync(profDir, { recursive: true });
    const servers = [];
    steps.push(async () => {
      await Promise.all(servers.map((p) => p.stop()));
    });
    for (const name of ["web-1", "web-2"]) {
      const started = Date.now();
      const server = await startServer({
        root,
        role: "web",
        port: await freePort(),
        name,
        env: baseEnv,
        verbose,
        timeoutMs: startTimeout * 1000,
        baseDomain: BASE_DOMAIN,
        nodeArgs: profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : [],
        onChild: (c) => children.add(c),
      });
      servers.push(server);
      console.log(
        `  ${name} ready after ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${server.pid}, :${server.port})`,
      );
    }

    // Every socket's receipts: per message, the time its frame arrived (0 = not yet).
    const sentAt = new Float64Array(s.messages);
    const received = scene.members.map(() => new Float64Array(s.messages));
    let duplicates = 0;
    let strayFrames = 0;
    let closedEarly = 0;
    let measuring = false;
    const frameHandler = (k) => (data) => {
      const at = performance.now();
      let f;
      try {
        f = JSON.parse(String(data));
      } catch {
        strayFrames++;
        return;
      }
      if (f.type !== "chat") return;
      const m = f.event === "message" && f.chat_id === scene.chatId && /^fanout (\d+)$/.exec(f.message?.body ?? "");
      if (!m) {
        strayFrames++;
        return;
      }
      const i = Number(m[1]);
      if (!(i >= 0 && i < s.messages)) return;
      if (received[k][i]) duplicates++;
      else received[k][i] = at;
    };

    const connectStarted = Date.now();
    const refusals = new Map();
    await inParallel(scene.members, 25, async (member, k) => {
      const server = servers[k % 2];
      try {
        const ws = await openSocket({ port: server.port, host, cookie: member.cookie, onFrame: frameHandler(k) });
        ws.on("close", () => {
          if (measuring) closedEarly++;
        });
        sockets[k] = ws;
      } catch (err) {
        refusals.set(err.message, (refusals.get(err.message) ?? 0) + 1);
      }
    });
    steps.unshift(async () => {
      for (const ws of sockets) ws?.terminate();
    });
    const open = sockets.filter(Boolean).length;
    console.log(
      `  ${open} of ${s.members} sockets open after ${((Date.now() - connectStarted) / 1000).toFixed(1)} s` +
        (refusals.size ? `; refused: ${[...refusals].map(([m, n]) => `${n} × ${m}`).join(", ")}` : ""),
    );
    if (open < s.members) throw new Error(`only ${open} of ${s.members} sockets could open`);
    const rssBefore = Object.fromEntries(servers.map((p) => [p.name, rssMiB(p.pid)]));

    // The sends, on their schedule, each timed from the moment its request goes out.
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const cookie = `${SESSION_COOKIE}=${scene.sender.cookie}`;
    const path = `/api/v1/chats/${scene.chatId}/messages`;
    const sendStatuses = {};
    const sendMs = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    const cpuBefore = servers.map((p) => cpuSeconds(p.pid));
    const clientCpuBefore = process.cpuUsage();
    const load = loadavg()[0];
    measuring = true;
    loopDelay.enable();
    const t0 = performance.now();
    const wallFrom = Date.now();
    const sends = [];
    for (let i = 0; i < s.messages; i++) {
      const due = t0 + i * s.intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      sentAt[i] = performance.now();
      sends.push(
        post(agent, servers[0].port, { path, host, cookie, json: { body: `fanout ${i}` } }).then((r) => {
          sendMs[i] = performance.now() - sentAt[i];
          sendStatuses[r.status] = (sendStatuses[r.status] ?? 0) + 1;
          if (r.status !== 201 && Object.keys(sendStatuses).length < 4) {
            console.error(`  send ${i} answered ${r.status}: ${r.text.slice(0, 200)}`);
          }
        }),
      );
    }
    await Promise.all(sends);
    const allIn = () => received.every((row, k) => !sockets[k] || row.every((t) => t > 0));
    const waitUntil = performance.now() + s.waitMs;
    while (!allIn() && performance.now() < waitUntil) await sleep(50);
    const seconds = (performance.now() - t0) / 1000;
    const wallTo = Date.now();
    loopDelay.disable();
    measuring = false;
    const cpuAfter = servers.map((p) => cpuSeconds(p.pid));
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const rssAfter = Object.fromEntries(servers.map((p) => [p.name, rssMiB(p.pid)]));
    agent.destroy();

    const same = [];
    const other = [];
    let missed = 0;
    const missedBy = { same: 0, other: 0 };
    received.forEach((row, k) => {
      const list = k % 2 === 0 ? same : other;
      row.forEach((t, i) => {
        if (t > 0) list.push(t - sentAt[i]);
        else {
          missed++;
          missedBy[k % 2 === 0 ? "same" : "other"]++;
        }
      });
    });
    const firstMessage = summary(
      received
        .map((row) => row[0])
        .filter((t) => t > 0)
        .map((t) => t - sentAt[0]),
    );
    const later = summary(
      received
        .flatMap((row) => Array.from(row.slice(1)).map((t, j) => (t > 0 ? t - sentAt[j + 1] : -1)))
        .filter((x) => x >= 0),
    );

    // Per message: its request's time and the spread of its arrivals on each process.
    const spread = (list) => {
      const sorted = Float64Array.from(list).sort();
      const r = (n) => (n === null ? null : Math.round(n * 10) / 10);
      return { min: r(sorted[0] ?? null), p50: r(percentile(sorted, 50)), max: r(sorted.at(-1) ?? null) };
    };
    const perMessage = Array.from({ length: s.messages }, (_, i) => {
      const at = (parity) =>
        received.filter((_, k) => k % 2 === parity && received[k][i] > 0).map((row) => row[i] - sentAt[i]);
      return {
        message: i,
        sendMs: sendMs[i] === undefined ? null : Math.round(sendMs[i] * 10) / 10,
        sendingProcess: spread(at(0)),
        otherProcess: spread(at(1)),
      };
    });

    // Where a message's time goes, as medians and p95s over the messages: until the first socket
    // of the sending process has it (the request's own work up to the announcement), what the
    // other process adds (NOTIFY and its reads), and how long writing to all of a process's
    // sockets takes (first to last frame).
    const over = (pick) => {
      const xs = Float64Array.from(perMessage.map(pick).filter((x) => Number.isFinite(x))).sort();
      const r = (n) => (n === null ? null : Math.round(n * 10) / 10);
      return { p50: r(percentile(xs, 50)), p95: r(percentile(xs, 95)) };
    };
    const breakdown = {
      firstOnSendingProcess: over((m) => m.sendingProcess.min),
      otherProcessAdds: over((m) => m.otherProcess.min - m.sendingProcess.min),
      spreadSendingProcess: over((m) => m.sendingProcess.max - m.sendingProcess.min),
      spreadOtherProcess: over((m) => m.otherProcess.max - m.otherProcess.min),
    };

    const result = {
      target: FANOUT_TARGET,
      sockets: open,
      perProcess: [Math.ceil(open / 2), Math.floor(open / 2)],
      messages: s.messages,
      intervalMs: s.intervalMs,
      seconds: Math.round(seconds * 10) / 10,
      loadAverageAtStart: Math.round(load * 100) / 100,
      sends: {
        statuses: sendStatuses,
        ...summary(sendMs.filter((x) => x !== undefined)),
      },
      sendingProcess: summary(same),
      otherProcess: summary(other),
      all: summary([...same, ...other]),
      firstMessage,
      laterMessages: later,
      missed,
      missedBy,
      duplicates,
      strayFrames,
      closedEarly,
      clientEventLoopDelayMs: {
        p50: Math.round(loopDelay.percentile(50) / 1e4) / 100,
        p99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
        max: Math.round(loopDelay.max / 1e4) / 100,
      },
      cpuSeconds: {
        ...Object.fromEntries(
          servers.map((p, i) => [
            p.name,
            cpuAfter[i] === null || cpuBefore[i] === null ? null : Math.round((cpuAfter[i] - cpuBefore[i]) * 100) / 100,
          ]),
        ),
        client: Math.round(((clientCpu.user + clientCpu.system) / 1e6) * 100) / 100,
      },
      rssMiB: { before: rssBefore, after: rssAfter },
      breakdown,
      perMessage,
      cores: cpus().length,
      serverComplaints: Object.fromEntries(servers.map((p) => [p.name, p.complaints()])),
    };

    for (const ws of sockets) ws?.terminate();
    // Stop the servers now: their CPU profiles are written as they exit.
    await Promise.all(servers.map((p) => p.stop()));
    if (profDir) {
      // The sends and deliveries only, not the start-up.
      result.profile = {
        dir: profDir.slice(root.length + 1),
        ...summariseProfiles(profDir, { from: wallFrom, to: wallTo }),
      };
    }
    return result;
  } finally {
    for (const step of steps.reverse()) {
      try {
        await Promise.race([step(), sleep(15_000)]);
      } catch (err) {
        console.error(`  clean-up step failed: ${err?.message ?? err}`);
      }
    }
  }
}

const num = (n, digits = 0) =>
  n === null || n === undefined
    ? "–"
    : n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const FANOUT_HEAD = ["sockets", "pairs", "p50 ms", "p95 ms", "p99 ms", "max ms", "missed"];
export const FANOUT_RIGHT = [false, true, true, true, true, true, true];

/** The result as rows for the report tables: the sending process, the other one, all. */
export function fanoutRows(r) {
  const row = (label, x, missed) => [
    label,
    num(x.pairs),
    num(x.p50, 1),
    num(x.p95, 1),
    num(x.p99, 1),
    num(x.max, 1),
    num(missed),
  ];
  return [
    row(`${num(r.perProcess[0])} on the sending process`, r.sendingProcess, r.missedBy.same),
    row(`${num(r.perProcess[1])} on the other process`, r.otherProcess, r.missedBy.other),
    row(`all ${num(r.sockets)}`, r.all, r.missed),
    row("all, first message only", r.firstMessage, null),
    row("all, later messages", r.laterMessages, null),
  ];
}

/** One line saying how the run went, for under the table. */
export function fanoutNote(r) {
  const statuses = Object.entries(r.sends.statuses)
    .map(([k, n]) => `${n} × ${k}`)
    .join(", ");
  return (
    `${r.messages} messages, one every ${r.intervalMs} ms, sent on web-1 (answers: ${statuses}; p50 ${num(r.sends.p50, 1)} ms, ` +
    `max ${num(r.sends.max, 1)} ms); ${r.duplicates} frames twice, ${r.closedEarly} sockets closed during the run. ` +
    `CPU seconds during the ${num(r.seconds, 1)} s: ${Object.entries(r.cpuSeconds)
      .map(([k, v]) => `${k} ${num(v, 1)}`)
      .join(", ")}; the clients' event-loop delay p99 ${num(r.clientEventLoopDelayMs.p99, 1)} ms, max ` +
    `${num(r.clientEventLoopDelayMs.max, 1)} ms. Per message (p50 / p95 over the messages): the first socket of ` +
    `web-1 has it after ${num(r.breakdown.firstOnSendingProcess.p50, 1)} / ${num(r.breakdown.firstOnSendingProcess.p95, 1)} ms; ` +
    `web-2's first socket ${num(r.breakdown.otherProcessAdds.p50, 1)} / ${num(r.breakdown.otherProcessAdds.p95, 1)} ms later; ` +
    `first to last socket ${num(r.breakdown.spreadSendingProcess.p50, 1)} / ${num(r.breakdown.spreadSendingProcess.p95, 1)} ms ` +
    `on web-1, ${num(r.breakdown.spreadOtherProcess.p50, 1)} / ${num(r.breakdown.spreadOtherProcess.p95, 1)} ms on web-2.`
  );
}
