// The processes of `npm run bench:load`: the database (given, or created and dropped here), the
// seed, the built server started as web and worker processes, and their resident memory read from
// /proc/<pid>/status. Everything listens on and talks to 127.0.0.1 only.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import pg from "pg";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
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

/** A fresh database `<prefix>_<ts>` on the server of `serverUrl`, and a way to drop it. */
export async function createDatabase(serverUrl, prefix = "atrium_load") {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Runs a seed script (default bench/load/seed.ts) and resolves with the scene it printed. */
export async function seed({ root, env, onChild, script = "bench/load/seed.ts" }) {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  onChild(child);
  let out = "";
  let err = "";
  child.stdout.on("data", (c) => {
    out += c.toString();
  });
  child.stderr.on("data", (c) => {
    err += c.toString();
  });
  const code = await new Promise((ok) => child.on("exit", (c) => ok(c)));
  const line = out.trim().split("\n").at(-1) ?? "";
  if (code !== 0 || !line.startsWith("{")) {
    throw new Error(`the seed exited with code ${code}\n--- its output ---\n${(out + err).slice(-3000)}\n---`);
  }
  return JSON.parse(line);
}

/** GET /healthz on 127.0.0.1:port; true when it answers 200. */
function healthy(port, host) {
  return new Promise((ok) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/healthz", headers: { host }, timeout: 2000 }, (res) => {
      res.resume();
      res.on("end", () => ok(res.statusCode === 200));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => ok(false));
    req.end();
  });
}

/**
 * Starts `node dist/server/main.js --role=<role>` in its own process group and waits until it is
 * ready: /healthz answers (web) or it prints that it runs (worker).
 */
export async function startServer({ root, role, port, env, name, verbose, timeoutMs, baseDomain, nodeArgs, onChild }) {
  const child = spawn(process.execPath, [...(nodeArgs ?? []), "dist/server/main.js", `--role=${role}`], {
    cwd: root,
    // Each process is one process: the load test starts and measures them one by one.
    env: { ...env, PORT: String(port), WEB_PROCESSES: "1" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let exited = null;
  child.on("exit", (code, signal) => {
    exited = { code, signal };
  });
  const tail = [];
  // What the process complained about on stderr: each distinct line once, with a count (numbers
  // and ids blanked so that one fault is one line), stack frames left out.
  const complaints = new Map();
  let sawRunning = false;
  const keep = (stream) => (chunk) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      if (line.includes("Atrium is running")) sawRunning = true;
      if (stream === ":err" && !/^\s+at /.test(line)) {
        const key = line
          .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ":id")
          .replace(/\d+/g, "N")
          .slice(0, 300);
        const seen = complaints.get(key);
        if (seen) seen.count++;
        else if (complaints.size < 40) complaints.set(key, { line: line.slice(0, 300), count: 1 });
      }
      tail.push(line);
      if (tail.length > 60) tail.shift();
      if (verbose) console.log(`  [${name}${stream}] ${line}`);
    }
  };
  // Always drained: a full pipe would stall the server.
  child.stdout.on("data", keep(""));
  child.stderr.on("data", keep(":err"));
  const proc = {
    name,
    role,
    port,
    pid: child.pid,
    get exited() {
      return exited;
    },
    tail: () => tail.join("\n"),
    complaints: () => [...complaints.values()],
    kill(signal) {
      if (exited || !child.pid) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    },
    async stop() {
      this.kill("SIGTERM");
      for (let i = 0; i < 40 && !exited; i++) await sleep(250);
      this.kill("SIGKILL");
    },
  };
  onChild?.(proc);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`${name} exited before it was ready (code ${exited.code})\n${proc.tail()}`);
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`${name} was not ready within ${timeoutMs / 1000} s\n${proc.tail()}`);
    }
    if (role === "worker" ? sawRunning : await healthy(port, baseDomain)) return proc;
    await sleep(250);
  }
}

/** Resident set size of a process in MiB, from /proc/<pid>/status (null when unreadable). */
export function rssMiB(pid) {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return null;
  const m = readFileSync(file, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
  return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null;
}
