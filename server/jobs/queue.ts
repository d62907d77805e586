// Background work on pg-boss, in the same database as everything else: on PGlite through a thin
// executor, on PostgreSQL through its own pool. Handlers are registered by name; a process started
// with --role=web only sends, one with --role=worker (or all) also works.
import PgBoss from "pg-boss";
import type { Database, Db } from "../db/client";
import { underStartupLock } from "../db/migrate";
import { holdLiveness, newLivenessKey, processAliveSql } from "./liveness";
import { type FetchedJob, type QueueClient, QueueWorker } from "./worker";

/** Which run of a job this is: the last one when retryCount has reached retryLimit. */
export type JobRun = { id: string; retryCount: number; retryLimit: number };
/** A job runs against the database whose queue it came from (tests run several platforms at once). */
export type JobHandler = (db: Db, data: Record<string, unknown>, job: JobRun) => Promise<void>;
export type RetryPolicy = { retryLimit: number; retryDelay: number; retryBackoff: boolean };
type Registration = {
  name: string;
  handler: JobHandler;
  /** Retries, and how many jobs of this queue one process runs at once (JOB_CONCURRENCY_<QUEUE>). */
  options: RetryPolicy & { concurrency: number };
};
type Schedule = { name: string; cron: string };
/** A queue's latest job as pg-boss keeps it (state: created, retry, active, completed, cancelled, failed). */
export type LastRun = {
  state: string;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  error: string | null;
};
/** How a queue is worked in this process: its retries and how many of its jobs run at once. */
export type QueuePolicy = RetryPolicy & { concurrency: number };
type Running = {
  boss: PgBoss;
  workers: Map<string, QueueWorker>;
  policies: Map<string, QueuePolicy>;
  /** The liveness key of this working runtime (workers only): its jobs and claims carry it. */
  key?: number;
  /** Releases the liveness lock and stops looking for orphaned jobs (workers only). */
  release?: () => Promise<void>;
};

export type JobsStartOptions = {
  work: boolean;
  pollSeconds?: number;
  /** Overrides the first retry delay of every job kind (JOB_RETRY_DELAY_SECONDS). */
  retryDelaySeconds?: number;
  /** Overrides the number of retries of every job kind (JOB_RETRY_LIMIT). */
  retryLimit?: number;
  /** Per queue, by its environment name (MAIL_DELIVER for mail-deliver): jobs run at once. */
  concurrency?: Record<string, number>;
};

const registrations: Registration[] = [];
const schedules: Schedule[] = [];
/** What a working process does once at start, after taking over the jobs of processes that are gone. */
const startHooks: { name: string; run: (db: Db) => Promise<unknown> }[] = [];
const running = new Map<Db, Running>();
/** pg-boss's schema; its job table is read to tell a live job from a lost one. */
const BOSS_SCHEMA = "pgboss";

/** The name a queue goes by in the environment: mail-deliver → MAIL_DELIVER. */
export const queueEnvName = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]+/g, "_");

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

function effectivePolicy(r: Registration, opts: JobsStartOptions): RetryPolicy {
  return {
    retryLimit: opts.retryLimit ?? r.options.retryLimit,
    retryDelay: opts.retryDelaySeconds ?? r.options.retryDelay,
    retryBackoff: r.options.retryBackoff,
  };
}

/** An active job still unmarked this long after it started was fetched by a process that died at once. */
const UNMARKED_ORPHAN_SECONDS = 30;
/** How often a working process looks for jobs left active by a process that is gone. */
const ORPHAN_CHECK_MS = 30_000;

/**
 * A pg-boss client whose fetched jobs are marked with this process's liveness key, so that a
 * process that dies in the middle of them leaves jobs another process can tell are orphaned.
 */
function ownedClient(boss: PgBoss, key: number): QueueClient {
  const inner = boss as unknown as QueueClient;
  return {
    async fetch(name, opts) {
      const batch = await inner.fetch(name, opts);
      if (batch.length > 0)
        await boss
          .getDb()
          .executeSql(
            `UPDATE ${BOSS_SCHEMA}.job SET output = jsonb_build_object('owner', $1::int)
              WHERE name = $2 AND id = ANY($3::uuid[]) AND state = 'active'`,
            [key, name, batch.map((j) => j.id)],
          )
          // Unmarked, they expire into a retry as pg-boss's own safety net has it.
          .catch(() => undefined);
      return batch;
    },
    complete: (name, ids) => inner.complete(name, ids),
    fail: (name, id, error) => inner.fail(name, id, error),
  };
}

/**
 * Jobs still active whose process is gone (killed, crashed, lost with its machine) are failed at
 * once, so pg-boss retries them now instead of after their expiry. Returns how many.
 */
async function retryOrphanedJobs(boss: PgBoss): Promise<number> {
  const { rows } = await boss.getDb().executeSql(
    `SELECT name, id::text AS id FROM ${BOSS_SCHEMA}.job
      WHERE state = 'active' AND (
        (output ? 'owner' AND NOT ${processAliveSql("(output->>'owner')::int")})
        -- Fetched and never marked: its process died between the two (marking takes milliseconds).
        OR (NOT coalesce(output ? 'owner', false) AND started_on < now() - $1::int * interval '1 second'))`,
    [UNMARKED_ORPHAN_SECONDS],
  );
  const byQueue = new Map<string, string[]>();
  for (const row of rows as { name: string; id: string }[])
    byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
  for (const [name, ids] of byQueue) await boss.fail(name, ids);
  return rows.length;
}

function startWorker(
  boss: PgBoss,
  database: Database,
  r: Registration,
  concurrency: number,
  pollMs: number,
  key: number,
) {
  const client = ownedClient(boss, key);
  const worker = new QueueWorker(
    client,
    r.name,
    (job: FetchedJob) =>
      r.handler(database.db, (job.data ?? {}) as Record<string, unknown>, {
        id: job.id,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
      }),
    {
      concurrency,
      batchSize: concurrency * 2,
      pollMs,
      onError: (err) => console.error(`[jobs] ${r.name}:`, err.message),
    },
  );
  worker.start();
  return worker;
}

export const jobs = {
  /**
   * Declares a job kind. Call at module load; start() creates its queue and, for workers, works it.
   * `concurrency` is how many of its jobs one process runs at once (default 1).
   */
  define(name: string, handler: JobHandler, options: Partial<Registration["options"]> = {}) {
    if (registrations.some((r) => r.name === name)) return;
    registrations.push({
      name,
      handler,
      options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, concurrency: 1, ...options },
    });
  },
  /** Runs `run` once in each working process at start (recovery after a crash: keep it cheap and safe to repeat). */
  onStart(name: string, run: (db: Db) => Promise<unknown>) {
    if (!startHooks.some((h) => h.name === name)) startHooks.push({ name, run });
  },
  schedule(name: string, cron: string) {
    if (!schedules.some((s) => s.name === name)) schedules.push({ name, cron });
  },
  async start(database: Database, opts: JobsStartOptions) {
    const instance =
      database.kind === "pglite"
        ? new PgBoss({
            db: pgliteExecutor(database),
            schedule: opts.work,
            supervise: opts.work,
          } as unknown as PgBoss.ConstructorOptions)
        : new PgBoss({ connectionString: database.url, max: 3, schedule: opts.work, supervise: opts.work });
    instance.on("error", (err) => console.error("[jobs]", err.message));
    const known = new Set(registrations.map((r) => queueEnvName(r.name)));
    for (const key of Object.keys(opts.concurrency ?? {})) {
      if (!known.has(key))
        console.warn(`[jobs] JOB_CONCURRENCY_${key} names no queue (known: ${[...known].join(", ")})`);
    }
    const state: Running = {
      boss: instance,
      workers: new Map(),
      policies: new Map(),
      ...(opts.work ? { key: newLivenessKey() } : {}),
    };
    // Processes starting together on a fresh database would create the same queues at once, and
    // pg-boss's queue creation then deadlocks (each makes a table and takes locks in its own
    // order): one process at a time creates or updates them.
    await underStartupLock(database, async () => {
      await instance.start();
      for (const r of registrations) {
        const policy = effectivePolicy(r, opts);
        // createQueue keeps an existing queue as it was; the update applies changed retry settings.
        await instance.createQueue(r.name, { name: r.name, ...policy });
        await instance.updateQueue(r.name, { name: r.name, ...policy });
      }
    });
    // Alive before any job is fetched: what the workers take carries this runtime's key.
    const stopLiveness = opts.work ? await holdLiveness(database, state.key as number) : null;
    // Known before any worker starts: a job handled at once queues its follow-ups through it.
    running.set(database.db, state);
    for (const r of registrations) {
      const concurrency = opts.concurrency?.[queueEnvName(r.name)] ?? r.options.concurrency;
      state.policies.set(r.name, { ...effectivePolicy(r, opts), concurrency });
      if (opts.work) {
        state.workers.set(
          r.name,
          startWorker(instance, database, r, concurrency, (opts.pollSeconds ?? 1) * 1000, state.key as number),
        );
      }
    }
    if (opts.work) for (const s of schedules) await instance.schedule(s.name, s.cron);
    if (stopLiveness) {
      const check = () =>
        retryOrphanedJobs(instance).catch((err) => console.error("[jobs] orphaned jobs:", (err as Error).message));
      await check();
      // Work a dead process left half done is picked up now, not at the next sweep.
      for (const h of startHooks)
        await h.run(database.db).catch((err) => console.error(`[jobs] ${h.name} at start:`, (err as Error).message));
      const timer = setInterval(check, ORPHAN_CHECK_MS);
      timer.unref();
      state.release = async () => {
        clearInterval(timer);
        await stopLiveness();
      };
    }
  },
  /**
   * Queues a job in the given database (null when no queue runs there, e.g. a script). `id` fixes
   * the job's id, so the row it works on can record which job is meant to handle it.
   */
  async send(
    db: Db,
    name: string,
    data: Record<string, unknown>,
    opts: { id?: string; startAfterSeconds?: number; retryLimit?: number } = {},
  ): Promise<string | null> {
    const r = running.get(db);
    if (!r) return null;
    const id = await r.boss.send(name, data, {
      ...(opts.id ? { id: opts.id } : {}),
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
    });
    if (!opts.startAfterSeconds) r.workers.get(name)?.wake();
    return id;
  },
  /** Queues many jobs of one kind in one statement; false when no queue runs in this database. */
  async sendMany(
    db: Db,
    name: string,
    items: { id?: string; data: Record<string, unknown>; retryLimit?: number }[],
  ): Promise<boolean> {
    const r = running.get(db);
    if (!r) return false;
    if (items.length === 0) return true;
    await r.boss.insert(items.map((i) => ({ name, ...i })));
    r.workers.get(name)?.wake();
    return true;
  },
  /**
   * Of the given job ids, those pg-boss still holds as waiting, retrying or running, and queued
   * less than `stuckAfterSeconds` ago: the rest are finished, lost or stuck. Null when no queue
   * runs in this database (nothing can be told then).
   */
  async liveJobIds(
    db: Db,
    name: string,
    ids: string[],
    opts: { stuckAfterSeconds: number },
  ): Promise<Set<string> | null> {
    const r = running.get(db);
    if (!r) return null;
    if (ids.length === 0) return new Set();
    const { rows } = await r.boss.getDb().executeSql(
      `SELECT id::text AS id FROM ${BOSS_SCHEMA}.job
        WHERE name = $1 AND id = ANY($2::uuid[]) AND state < 'completed'
          AND created_on > now() - $3::int * interval '1 second'`,
      [name, ids, opts.stuckAfterSeconds],
    );
    return new Set(rows.map((row: { id: string }) => row.id));
  },
  /** The retries and concurrency a job kind gets in this database, overrides included. */
  policy(db: Db, name: string): QueuePolicy | null {
    return running.get(db)?.policies.get(name) ?? null;
  },
  /**
   * The latest job of each named queue, from pg-boss's job table or, once archived, its archive:
   * when it was queued, started and finished, and its state. Null when no queue runs here.
   */
  async lastRuns(db: Db, names: string[]): Promise<Map<string, LastRun> | null> {
    const r = running.get(db);
    if (!r) return null;
    if (names.length === 0) return new Map();
    const columns = "state::text AS state, created_on, started_on, completed_on, output";
    const { rows } = await r.boss.getDb().executeSql(
      `SELECT n.name, j.state, j.created_on, j.started_on, j.completed_on, j.output
         FROM unnest($1::text[]) AS n(name)
         LEFT JOIN LATERAL (
           SELECT * FROM (
             (SELECT ${columns} FROM ${BOSS_SCHEMA}.job WHERE name = n.name ORDER BY created_on DESC LIMIT 1)
             UNION ALL
             (SELECT ${columns} FROM ${BOSS_SCHEMA}.archive WHERE name = n.name ORDER BY created_on DESC LIMIT 1)
           ) latest ORDER BY created_on DESC LIMIT 1
         ) j ON true`,
      [names],
    );
    const out = new Map<string, LastRun>();
    const when = (v: unknown) => (v ? new Date(v as string) : null);
    for (const row of rows as Record<string, unknown>[]) {
      if (!row.state) continue;
      const output = row.output as { message?: unknown } | null;
      out.set(String(row.name), {
        state: String(row.state),
        createdOn: when(row.created_on)!,
        startedOn: when(row.started_on),
        completedOn: when(row.completed_on),
        error: row.state === "failed" && typeof output?.message === "string" ? output.message : null,
      });
    }
    return out;
  },
  /** Every scheduled job, for the staff Maintenance screen. */
  listSchedules: () => schedules.map((s) => ({ ...s })),
  async stop(db: Db) {
    const r = running.get(db);
    running.delete(db);
    if (!r) return;
    await Promise.all([...r.workers.values()].map((w) => w.stop(5000)));
    await r.boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
    await r.release?.();
  },
  isRunning: (db: Db) => running.has(db),
  /** The liveness key of the runtime working this database's jobs here; null where none works them. */
  workerKey: (db: Db): number | null => running.get(db)?.key ?? null,
  /** Retries now the jobs a gone process left active (also done at start and every 30 s). */
  async retryOrphaned(db: Db): Promise<number> {
    const r = running.get(db);
    return r ? retryOrphanedJobs(r.boss) : 0;
  },
};
