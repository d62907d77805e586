// Background work on pg-boss, in the same database as everything else: on PGlite through a thin
// executor, on PostgreSQL through its own pool. Handlers are registered by name; a process started
// with --role=web only sends, one with --role=worker (or all) also works.
import PgBoss from "pg-boss";
import type { Database, Db } from "../db/client";

/** A job runs against the database whose queue it came from (tests run several platforms at once). */
export type JobHandler = (db: Db, data: Record<string, unknown>) => Promise<void>;
type Registration = {
  name: string;
  handler: JobHandler;
  options: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
};
type Schedule = { name: string; cron: string };

const registrations: Registration[] = [];
const schedules: Schedule[] = [];
const running = new Map<Db, PgBoss>();

function pgliteExecutor(database: Database) {
  const pgl = database.pglite!;
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      // pg-boss sends multi-statement DDL without parameters; PGlite runs those through exec().
      if (!values || values.length === 0) {
        const results = await pgl.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const r = await pgl.query(text, values as unknown[]);
      return { rows: r.rows };
    },
  };
}

export const jobs = {
  /** Declares a job kind. Call at module load; start() creates its queue and, for workers, polls it. */
  define(name: string, handler: JobHandler, options: Partial<Registration["options"]> = {}) {
    if (registrations.some((r) => r.name === name)) return;
    registrations.push({ name, handler, options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, ...options } });
  },
  schedule(name: string, cron: string) {
    if (!schedules.some((s) => s.name === name)) schedules.push({ name, cron });
  },
  async start(database: Database, opts: { work: boolean; pollSeconds?: number; retryDelaySeconds?: number }) {
    const retryDelay = (r: Registration) =>
      opts.retryDelaySeconds ? { ...r.options, retryDelay: opts.retryDelaySeconds } : r.options;
    const instance =
      database.kind === "pglite"
        ? new PgBoss({
            db: pgliteExecutor(database),
            schedule: opts.work,
            supervise: opts.work,
          } as unknown as PgBoss.ConstructorOptions)
        : new PgBoss({ connectionString: database.url, max: 3, schedule: opts.work, supervise: opts.work });
    instance.on("error", (err) => console.error("[jobs]", err.message));
    await instance.start();
    for (const r of registrations) {
      await instance.createQueue(r.name, { name: r.name, ...retryDelay(r) });
      if (opts.work) {
        await instance.work(r.name, { pollingIntervalSeconds: opts.pollSeconds ?? 1 }, async (batch) => {
          for (const job of batch) await r.handler(database.db, job.data as Record<string, unknown>);
        });
      }
    }
    if (opts.work) for (const s of schedules) await instance.schedule(s.name, s.cron);
    running.set(database.db, instance);
  },
  /** Queues a job in the given database (null when no queue runs there, e.g. a script). */
  async send(db: Db, name: string, data: Record<string, unknown>): Promise<string | null> {
    const boss = running.get(db);
    if (!boss) return null;
    return boss.send(name, data);
  },
  /** Every scheduled job, for the staff Maintenance screen. */
  listSchedules: () => schedules.map((s) => ({ ...s })),
  async stop(db: Db) {
    const b = running.get(db);
    running.delete(db);
    if (b) await b.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
  },
  isRunning: (db: Db) => running.has(db),
};
