// Several web processes on one port (decision 0024). One Node process renders on one core; on
// PostgreSQL the server starts WEB_PROCESSES copies of itself ("auto": one per core) through
// node:cluster, which shares the listening socket between them. The first copy keeps the configured
// role (web and jobs by default), the others only serve HTTP. Everything they share already goes
// through the database (sessions, rate limits, jobs, and the change notices that drop cached pages
// and sessions and fan realtime messages out) or the file store. PGlite is one process's embedded
// database and DATA_DIR=":memory:" keeps uploads in one process, so there it is always one process.
//
// This process, the supervisor, only watches: it restarts a copy that dies (at most MAX_RESTARTS a
// minute, then it gives up and exits 1 rather than crash-loop), and on SIGTERM or SIGINT it stops
// them all and waits for them.
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import type { Config } from "../config";

/** What a started copy is told by its supervisor, through its environment. */
export const PROCESS_ROLE_VAR = "ATRIUM_PROCESS_ROLE";
export const PROCESS_INDEX_VAR = "ATRIUM_PROCESS_INDEX";

const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;
const STOP_TIMEOUT_MS = 20_000;

/**
 * How many web processes this configuration runs: 1 unless PostgreSQL serves HTTP and uploads are
 * kept where every process finds them (DATA_DIR=":memory:" keeps them in one process's memory).
 */
export function webProcessCount(
  cfg: Pick<Config, "databaseUrl" | "role" | "webProcesses" | "storage">,
  cores = availableParallelism(),
): number {
  if (!cfg.databaseUrl || cfg.role === "worker" || cfg.storage.driver === "memory") return 1;
  return cfg.webProcesses === "auto" ? Math.max(1, cores) : cfg.webProcesses;
}

/** In a copy started by the supervisor: its role and whether it is the one that reports. */
export function supervisedRole(cfg: Config): { role: Config["role"]; first: boolean } | null {
  if (!cluster.isWorker) return null;
  const role = process.env[PROCESS_ROLE_VAR];
  const index = Number(process.env[PROCESS_INDEX_VAR] ?? 0);
  return { role: role === "web" || role === "all" ? role : cfg.role, first: index === 0 };
}

/** Runs `count` copies of this server and supervises them until told to stop. */
export function superviseWebProcesses(
  count: number,
  cfg: Pick<Config, "role" | "authSecret">,
  log: (line: string) => void,
): void {
  const byId = new Map<number, number>(); // worker id → index
  const restarts: number[] = [];
  let stopping = false;

  const fork = (index: number) => {
    const worker = cluster.fork({
      [PROCESS_ROLE_VAR]: index === 0 ? cfg.role : "web",
      [PROCESS_INDEX_VAR]: String(index),
      // One secret for all: a session signed by one copy is read by the others. Without AUTH_SECRET
      // it was generated (in memory, or into DATA_DIR once) when this process read its configuration.
      AUTH_SECRET: cfg.authSecret,
    });
    byId.set(worker.id, index);
  };

  cluster.on("exit", (worker: Worker, code, signal) => {
    const index = byId.get(worker.id) ?? 0;
    byId.delete(worker.id);
    if (stopping) {
      if (byId.size === 0) process.exit();
      return;
    }
    const now = Date.now();
    while (restarts.length && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      log(`web process ${index + 1} stopped (${signal ?? `code ${code}`}); too many restarts in a minute, giving up`);
      stopAll(1);
      return;
    }
    restarts.push(now);
    log(`web process ${index + 1} stopped (${signal ?? `code ${code}`}); starting it again`);
    setTimeout(() => {
      if (!stopping) fork(index);
    }, RESTART_DELAY_MS).unref();
  });

  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    process.exitCode = exitCode;
    if (workers.length === 0) process.exit();
    for (const w of workers) w.process.kill("SIGTERM");
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGKILL");
      process.exit(exitCode || 1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on("SIGTERM", () => stopAll(0));
  process.on("SIGINT", () => stopAll(0));

  log(`starting ${count} web processes on one port`);
  for (let i = 0; i < count; i++) fork(i);
}
