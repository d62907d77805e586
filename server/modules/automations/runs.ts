// The automation run as a unit of work (decision 0047): whoever starts runs — the event subscriber,
// a manual run, a re-run — inserts them here in its transaction, and queues their jobs once it has
// committed. A run whose dedupe key already exists is not made again, so an event delivered twice
// runs each automation once.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../../db/client";
import { automationRuns } from "../../db/schema";
import { jobs } from "../../jobs/queue";

/** The job that works one run: `{ accountId, runId }`. */
export const RUN_JOB = "automations.run";

export type NewRun = {
  automationId: string;
  dedupeKey: string;
  trigger: string;
  payload: Record<string, unknown>;
  eventId?: string | null;
  userId?: string | null;
  email?: string | null;
  /** Later than now for a time_delay run. */
  runAt?: Date;
  rerunOf?: string | null;
};

/** A run made by insertRuns, to queue once the transaction has committed. */
export type CreatedRun = { accountId: string; id: string; jobId: string; runAt: Date };

/** Inserts the runs that do not exist yet (by dedupe key) and returns those it made. */
export async function insertRuns(tx: Tx, accountId: string, runs: readonly NewRun[]): Promise<CreatedRun[]> {
  if (runs.length === 0) return [];
  const rows = runs.map((r) => ({
    accountId,
    id: randomUUID(),
    automationId: r.automationId,
    dedupeKey: r.dedupeKey,
    eventId: r.eventId ?? null,
    trigger: r.trigger,
    payload: r.payload,
    userId: r.userId ?? null,
    email: r.email ?? null,
    runAt: r.runAt ?? new Date(),
    rerunOf: r.rerunOf ?? null,
    jobId: randomUUID(),
  }));
  const made = await tx
    .insert(automationRuns)
    .values(rows)
    .onConflictDoNothing({ target: [automationRuns.accountId, automationRuns.automationId, automationRuns.dedupeKey] })
    .returning({ id: automationRuns.id, jobId: automationRuns.jobId, runAt: automationRuns.runAt });
  return made.map((m) => ({ accountId, id: m.id, jobId: m.jobId as string, runAt: m.runAt }));
}

/**
 * Queues the jobs of committed runs under the job ids written with them; a delayed run's job starts
 * at its time. Without a running queue (scripts) the sweep queues them later.
 */
export async function queueRuns(db: Db, created: readonly CreatedRun[]) {
  const now = Date.now();
  const due = created.filter((c) => c.runAt.getTime() <= now + 1000);
  await jobs.sendMany(
    db,
    RUN_JOB,
    due.map((c) => ({ id: c.jobId, data: { accountId: c.accountId, runId: c.id } })),
  );
  for (const c of created.filter((x) => !due.includes(x))) {
    await jobs.send(
      db,
      RUN_JOB,
      { accountId: c.accountId, runId: c.id },
      { id: c.jobId, startAfterSeconds: Math.ceil((c.runAt.getTime() - now) / 1000) },
    );
  }
}
