import { randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, lt, or, type SQLWrapper, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { eventOutbox } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { processAliveSql } from "../../jobs/liveness";
import { jobs } from "../../jobs/queue";

/** An event written in a transaction, with the id of the job that is to handle it once committed. */
export type EmittedEvent = { accountId: string; id: string; jobId: string };
/** Events written in a transaction, to publish after it commits. */
export type Emitted = EmittedEvent[];

export type DomainEvent = {
  id: string;
  accountId: string;
  type: string;
  payload: Record<string, unknown>;
  actorId: string | null;
  createdAt: Date;
};
/** A subscriber; it must be safe to run again for the same event (delivery is at least once). */
export type EventHandler = (db: Db, event: DomainEvent) => Promise<void>;

export const DISPATCH = "events.dispatch";
const MAX_ATTEMPTS = 8;
const handlers = new Map<string, EventHandler[]>();

/**
 * An event nobody is handling: never claimed, or claimed by a process that is gone (taken over at
 * once), or claimed so long ago that the attempt cannot still be running.
 */
export const unclaimed = () =>
  or(
    isNull(eventOutbox.claimedAt),
    and(isNotNull(eventOutbox.claimedBy), sql`not ${sql.raw(processAliveSql(`"event_outbox"."claimed_by"`))}`),
    lt(eventOutbox.claimedAt, sql`now() - interval '5 minutes'`),
  );

async function dispatchOne(db: Db, accountId: string, id: string) {
  // Claim first (a short transaction), so two workers never handle one event at once; handlers then
  // run outside it, because they open their own transactions.
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .update(eventOutbox)
      .set({ claimedAt: sql`now()`, claimedBy: jobs.workerKey(db), attempts: sql`${eventOutbox.attempts} + 1` })
      .where(
        and(eq(eventOutbox.accountId, accountId), eq(eventOutbox.id, id), isNull(eventOutbox.processedAt), unclaimed()),
      )
      .returning(),
  );
  if (!row) return;
  const event: DomainEvent = {
    id: row.id,
    accountId: row.accountId,
    type: row.type,
    payload: row.payload,
    actorId: row.actorId,
    createdAt: row.createdAt,
  };
  const errors: string[] = [];
  for (const handle of [...(handlers.get(row.type) ?? []), ...(handlers.get("*") ?? [])]) {
    try {
      await handle(db, event);
    } catch (err) {
      errors.push((err as Error).message);
      console.error(`[events] ${row.type} ${row.id}:`, (err as Error).message);
    }
  }
  const done = errors.length === 0 || row.attempts >= MAX_ATTEMPTS;
  await withTenant(db, accountId, (tx) =>
    tx
      .update(eventOutbox)
      .set({
        claimedAt: null,
        claimedBy: null,
        lastError: errors[0]?.slice(0, 500) ?? null,
        processedAt: done ? sql`now()` : null,
      })
      .where(and(eq(eventOutbox.accountId, accountId), eq(eventOutbox.id, id))),
  );
}

async function dispatch(db: Db, data: Record<string, unknown>) {
  await dispatchOne(db, String(data.accountId), String(data.id));
}

jobs.define(DISPATCH, dispatch, { retryLimit: 3, retryDelay: 5, retryBackoff: true, concurrency: 4 });

export const events = {
  /**
   * Writes an event in the caller's transaction (so it commits or rolls back with the change) and
   * returns its id. Call `events.publish(db, ids)` after the transaction to handle it at once.
   */
  async emit(
    tx: Tx,
    accountId: string,
    type: string,
    payload: Record<string, unknown>,
    actorId: string | null = null,
  ): Promise<EmittedEvent> {
    const jobId = randomUUID();
    const [row] = await tx
      .insert(eventOutbox)
      .values({ accountId, type, payload, actorId, jobId })
      .returning({ id: eventOutbox.id });
    return { accountId, id: row.id, jobId };
  },

  /** Several events of one change in one statement (in order); none for an empty list. */
  async emitAll(
    tx: Tx,
    accountId: string,
    drafts: readonly { type: string; payload: Record<string, unknown> }[],
    actorId: string | null = null,
  ): Promise<EmittedEvent[]> {
    const { statement, emitted } = events.insertOf(tx, accountId, drafts, actorId);
    if (statement) await tx.execute(statement.getSQL());
    return emitted;
  },

  /**
   * The insert of several events of one change, not yet run: for a transaction's last statements
   * (commitWith). The ids are made here, so the emitted list is known before the statement runs.
   */
  insertOf(
    tx: Tx,
    accountId: string,
    drafts: readonly { type: string; payload: Record<string, unknown> }[],
    actorId: string | null = null,
  ): { statement: SQLWrapper | null; emitted: EmittedEvent[] } {
    if (drafts.length === 0) return { statement: null, emitted: [] };
    const rows = drafts.map((d) => ({
      id: randomUUID(),
      accountId,
      type: d.type,
      payload: d.payload,
      actorId,
      jobId: randomUUID(),
    }));
    return {
      statement: tx.insert(eventOutbox).values(rows),
      emitted: rows.map((r) => ({ accountId, id: r.id, jobId: r.jobId })),
    };
  },

  /**
   * Runs a change in the site's tenant transaction, collecting the events it emits, and queues
   * their handling once the transaction has committed (never for a change that rolled back).
   */
  async transaction<T>(db: Db, accountId: string, fn: (tx: Tx, out: Emitted) => Promise<T>): Promise<T> {
    const out: Emitted = [];
    const result = await withTenant(db, accountId, (tx) => fn(tx, out));
    if (out.length) await events.publish(db, out);
    return result;
  },

  /**
   * Queues the handling of committed events, under the job ids written with them, in one statement;
   * without a running queue (scripts) the sweep does it later.
   */
  async publish(db: Db, emitted: readonly EmittedEvent[]) {
    await jobs.sendMany(
      db,
      DISPATCH,
      emitted.map((e) => ({ id: e.jobId, data: { accountId: e.accountId, id: e.id } })),
    );
  },

  /** Subscribes to one event type ("*" for all). Register at module load. */
  on(type: string, handler: EventHandler) {
    const list = handlers.get(type) ?? [];
    if (!list.includes(handler)) list.push(handler);
    handlers.set(type, list);
  },

  /**
   * Handles every pending event of a site now (tests and scripts), and waits for those a worker
   * is handling at the same moment, so that on return every event has had its handling.
   */
  async drain(db: Db, accountId: string, waitMs = 10_000) {
    const until = Date.now() + waitMs;
    const pending = () =>
      withTenant(db, accountId, (tx) =>
        tx
          .select({ id: eventOutbox.id, claimedAt: eventOutbox.claimedAt })
          .from(eventOutbox)
          .where(and(eq(eventOutbox.accountId, accountId), isNull(eventOutbox.processedAt)))
          .orderBy(asc(eventOutbox.createdAt)),
      );
    for (const e of await pending()) await dispatchOne(db, accountId, e.id);
    // What is still claimed is being handled by a worker right now: wait for it to finish.
    while ((await pending()).some((e) => e.claimedAt !== null) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
  },
};
