// The queue throughput targets of `npm run bench`: one worker process (bench/queue-worker.ts, the
// product's own work loop) works through BENCH_JOBS jobs queued beforehand, and the figure is
// jobs per second from the worker's start until the last job is handled.
//   jobs-noop   a job that does nothing: the cost of the loop itself (fetch, run, complete)
//   jobs-mail   mail-deliver: claim the outbox row, send it to a local SMTP sink (smtp-server in
//               this process), record it sent
//   automations BENCH_JOBS tag_added events, each through one matching automation whose only
//               action adds a tag the contact has (events/s: dispatch, run, claim, action, outcome)
// Each target gets a fresh database: a new PGlite directory, or a new database on the server of
// BENCH_DATABASE_URL (created and dropped here), so no other worker competes for its jobs.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import pg from "pg";
import { SMTPServer } from "smtp-server";

export const QUEUE_TARGETS = ["jobs-noop", "jobs-mail", "automations"];

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

/** An SMTP server that accepts everything and counts each recipient's messages. */
async function startSink() {
  const perRecipient = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        for (const r of session.envelope.rcptTo) perRecipient.set(r.address, (perRecipient.get(r.address) ?? 0) + 1);
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((ok) => server.listen(port, "127.0.0.1", ok));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    perRecipient,
    stop: () => new Promise((ok) => server.close(() => ok())),
  };
}

/** A new, empty database on the benchmark's PostgreSQL server, and a way to drop it. */
async function freshDatabase(serverUrl) {
  const name = `atrium_bench_jobs_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Runs one queue target. `env` is the environment for the worker (the caller has removed the
 * configuration of its own shell); `onCleanup` registers a way to kill the worker on any exit.
 */
export async function measureQueue(id, { root, jobs, databaseUrl, env, verbose, onCleanup }) {
  const kind = id === "jobs-mail" ? "mail" : id === "automations" ? "automations" : "noop";
  const sink = kind === "mail" ? await startSink() : null;
  const db = databaseUrl ? await freshDatabase(databaseUrl) : null;
  try {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/queue-worker.ts"], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        BENCH_JOBS_KIND: kind,
        BENCH_JOBS: String(jobs),
        ...(sink ? { SMTP_URL: sink.url } : {}),
        ...(db ? { DATABASE_URL: db.url } : {}),
      },
    });
    onCleanup(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    });
    let out = "";
    const tail = [];
    child.stdout.on("data", (c) => {
      out += c.toString();
    });
    child.stderr.on("data", (c) => {
      for (const line of c.toString().split("\n").filter(Boolean)) {
        tail.push(line);
        if (tail.length > 40) tail.shift();
        if (verbose) console.log(`  [worker:err] ${line}`);
      }
    });
    const code = await new Promise((ok) => child.on("exit", (c) => ok(c)));
    const line = out.trim().split("\n").at(-1) ?? "";
    if (code !== 0 || !line.startsWith("{")) {
      throw new Error(`the ${id} worker exited with code ${code}\n--- its last output ---\n${tail.join("\n")}\n---`);
    }
    const r = JSON.parse(line);
    const delivered = sink ? [...sink.perRecipient.values()] : [];
    return {
      target: id,
      name:
        kind === "mail"
          ? "e-mail to a local SMTP sink"
          : kind === "automations"
            ? "event through an automation (add_tag)"
            : "no-op job",
      database: r.database,
      jobs: r.jobs,
      seconds: r.seconds,
      jobsPerSecond: r.jobsPerSecond,
      concurrency: r.concurrency,
      // Every message at the sink once: anything else is a fault, not a figure.
      ...(sink ? { delivered: delivered.length, deliveredTwice: delivered.filter((n) => n > 1).length } : {}),
    };
  } finally {
    await sink?.stop();
    await db?.drop();
  }
}

/** The queue results as rows for the report tables. */
export function queueRows(results, fmt) {
  return results.map((r) => [
    r.name,
    r.database,
    String(r.concurrency),
    fmt(r.jobs, 0),
    fmt(r.seconds, 2),
    fmt(r.jobsPerSecond, 0),
  ]);
}
export const QUEUE_HEAD = ["queue target", "database", "concurrency", "jobs", "seconds", "jobs/s"];
export const QUEUE_RIGHT = [false, false, true, true, true, true];

export const CAMPAIGN_TARGET = "campaign";

/**
 * The campaign target: bench/campaign-worker.ts in its own process on a fresh database — seeds
 * BENCH_CONTACTS contacts, times queueCampaign, then one worker's delivery to an SMTP sink, side by
 * side with nodemailer alone sending the same message to the same sink.
 */
export async function measureCampaign({ root, databaseUrl, env, verbose, onCleanup }) {
  const db = databaseUrl ? await freshDatabase(databaseUrl) : null;
  try {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/campaign-worker.ts"], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...env, NODE_ENV: "production", LOG_LEVEL: "warn", ...(db ? { DATABASE_URL: db.url } : {}) },
    });
    onCleanup(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    });
    let out = "";
    const tail = [];
    child.stdout.on("data", (c) => {
      out += c.toString();
    });
    child.stderr.on("data", (c) => {
      for (const line of c.toString().split("\n").filter(Boolean)) {
        tail.push(line);
        if (tail.length > 40) tail.shift();
        if (verbose) console.log(`  [campaign:err] ${line}`);
      }
    });
    const code = await new Promise((ok) => child.on("exit", (c) => ok(c)));
    const line = out.trim().split("\n").at(-1) ?? "";
    if (code !== 0 || !line.startsWith("{")) {
      throw new Error(`the campaign worker exited with code ${code}\n--- its last output ---\n${tail.join("\n")}\n---`);
    }
    return JSON.parse(line);
  } finally {
    await db?.drop();
  }
}
