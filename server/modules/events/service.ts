import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { eventOutbox } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { jobs } from "../../jobs/queue";

/** Events written in a transaction, to publish after it commits. */
export type Emitted = { accountId: string; id: string }[];

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

const DISPATCH = "events.dispatch";
const SWEEP = "events.sweep";
const MAX_ATTEMPTS = 8;
const handlers = new Map<string, EventHandler[]>();

async function dispatchOne(db: Db, accountId: string, id: string) {
  // Claim first (a short transaction), so two workers never handle one event at once; handlers then
  // run outside it, because they open their own transactions.
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .update(eventOutbox)
      .set({ claimedAt: sql`now()`, attempts: sql`${eventOutbox.attempts} + 1` })
      .where(
        and(
          eq(eventOutbox.accountId, accountId),
          eq(eventOutbox.id, id),
          isNull(eventOutbox.processedAt),
          or(isNull(eventOutbox.claimedAt), lt(eventOutbox.claimedAt, sql`now() - interval '5 minutes'`)),
        ),
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
      .set({ claimedAt: null, lastError: errors[0]?.slice(0, 500) ?? null, processedAt: done ? sql`now()` : null })
      .where(and(eq(eventOutbox.accountId, accountId), eq(eventOutbox.id, id))),
  );
}

async function dispatch(db: Db, data: Record<string, unknown>) {
  await dispatchOne(db, String(data.accountId), String(data.id));
}

/** Events whose job never ran or failed, older than a minute: handled again. */
async function sweep(db: Db) {
  const pending = await withPlatform(db, (tx) =>
    tx
      .select({ id: eventOutbox.id, accountId: eventOutbox.accountId })
      .from(eventOutbox)
      .where(and(isNull(eventOutbox.processedAt), lt(eventOutbox.createdAt, sql`now() - interval '1 minute'`)))
      .orderBy(asc(eventOutbox.createdAt))
      .limit(500),
  );
  for (const e of pending) await dispatchOne(db, e.accountId, e.id);
}

jobs.define(DISPATCH, dispatch, { retryLimit: 3, retryDelay: 5, retryBackoff: true });
jobs.define(SWEEP, sweep, { retryLimit: 0 });
jobs.schedule(SWEEP, "* * * * *");

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
  ): Promise<{ accountId: string; id: string }> {
    const [row] = await tx
      .insert(eventOutbox)
      .values({ accountId, type, payload, actorId })
      .returning({ id: eventOutbox.id });
    return { accountId, id: row.id };
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

  /** Queues the handling of committed events; without a running queue (scripts) the sweep does it later. */
  async publish(db: Db, emitted: readonly { accountId: string; id: string }[]) {
    for (const e of emitted) await jobs.send(db, DISPATCH, e);
  },

  /** Subscribes to one event type ("*" for all). Register at module load. */
  on(type: string, handler: EventHandler) {
    const list = handlers.get(type) ?? [];
    if (!list.includes(handler)) list.push(handler);
    handlers.set(type, list);
  },

  /** Handles every pending event of a site now (tests and scripts). */
  async drain(db: Db, accountId: string) {
    const pending = await withTenant(db, accountId, (tx) =>
      tx
        .select({ id: eventOutbox.id })
        .from(eventOutbox)
        .where(and(eq(eventOutbox.accountId, accountId), isNull(eventOutbox.processedAt)))
        .orderBy(asc(eventOutbox.createdAt)),
    );
    for (const e of pending) await dispatchOne(db, accountId, e.id);
  },
};
