// The only two ways to touch tenant data. withTenant switches to a role without BYPASSRLS and
// names the account, so row-level security filters every statement; withPlatform is the explicit,
// greppable door for cross-tenant work (staff screens, host resolution, jobs that fan out).
//
// On PostgreSQL the transaction is run here rather than by Drizzle, to save round trips: BEGIN and
// the role switch go in one message, and `commitWith` sends a transaction's last statements and its
// COMMIT in one message, so a row lock those statements take is held only while the database runs
// them and writes the commit — not across a round trip to this process (decision 0025).
import { type SQLWrapper, sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { databaseUnavailable } from "../errors";
import type { Db, Tx } from "./client";
import { isConnectionLoss } from "./connection-loss";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function withTenant<T>(db: Db, accountId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!UUID.test(accountId)) throw new Error(`withTenant needs an account id, got "${accountId}"`);
  // set_config(…, true) is SET LOCAL, and `role` is the setting SET ROLE writes. The id is checked
  // above to be a UUID, so it is safe as a literal (the one place a value is written into the text).
  return inTransaction(
    db,
    `select set_config('role', 'atrium_tenant', true), set_config('app.account_id', '${accountId}', true)`,
    fn,
  );
}

export async function withPlatform<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(db, "set local role atrium_platform", fn);
}

/** What the PostgreSQL runner knows of a transaction it runs. */
type Open = { client: pg.PoolClient; committed: boolean; close(): void };
const running = new WeakMap<Tx, Open>();
// pg's own conversion of a parameter to text (dates, arrays, JSON) and its literal escaping.
const pgUtils = (pg as unknown as { utils: { prepareValue(v: unknown): unknown; escapeLiteral(s: string): string } })
  .utils;
const dialect = new PgDialect();

/**
 * Runs `statements` as the transaction's last and commits. On PostgreSQL they travel with the
 * COMMIT in one message (their values written in as literals), so the locks they take are released
 * without waiting on this process; the transaction must do nothing after it. A statement that fails
 * rolls everything back and throws, like any other. On PGlite they simply run, and the transaction
 * commits when its function returns.
 */
export async function commitWith(tx: Tx, statements: readonly SQLWrapper[]): Promise<void> {
  const open = running.get(tx);
  if (!open) {
    for (const s of statements) await tx.execute(s.getSQL());
    return;
  }
  if (open.committed) throw new Error("commitWith: the transaction has already committed");
  const text = statements.map((s) => inlined(s)).join(";\n");
  open.committed = true;
  try {
    await open.client.query(`${text};\ncommit`);
    open.close();
  } catch (err) {
    // The failed statement aborted the transaction; the runner rolls it back.
    open.committed = false;
    throw err;
  }
}

/**
 * Commits the transaction and runs `alongside` in the same tick, right after the COMMIT was written
 * to the connection and before its answer: the two leave this process together, so a process that
 * dies sends both or neither (mail ends its message there, decision 0046). On PGlite `alongside`
 * runs at once and the transaction commits when its function returns.
 */
export async function commitAlong(tx: Tx, alongside: () => void): Promise<void> {
  const open = running.get(tx);
  if (!open) return alongside();
  if (open.committed) throw new Error("commitAlong: the transaction has already committed");
  open.committed = true;
  const committing = open.client.query("commit");
  alongside();
  try {
    await committing;
    open.close();
  } catch (err) {
    open.committed = false;
    throw err;
  }
}

/** A statement's text with its parameters written in as escaped literals (the simple protocol has none). */
export function inlined(statement: SQLWrapper): string {
  const query = dialect.sqlToQuery(statement.getSQL());
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = pgUtils.prepareValue(query.params[Number(n) - 1]);
    if (value === null || value === undefined) return "null";
    if (Buffer.isBuffer(value)) throw new Error("commitWith: binary values cannot be written as literals");
    return pgUtils.escapeLiteral(String(value));
  });
}

/** A transaction whose lost connection is the one error callers (and the HTTP edge) know: a 503. */
async function inTransaction<T>(db: Db, setup: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    if (runsBesideTransactions(db)) {
      return await pgTransaction((db as unknown as { session: object }).session, setup, fn);
    }
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(setup));
      return fn(tx as Tx);
    });
  } catch (err) {
    throw isConnectionLoss(err, { fromDatabase: true }) ? databaseUnavailable(err) : err;
  }
}

const isPool = (client: unknown): client is pg.Pool => client instanceof pg.Pool;

/**
 * Whether a statement can run and commit while another transaction of this process is open (a
 * pool of connections); PGlite has one connection, so it would wait for that transaction.
 */
export function runsBesideTransactions(db: Db): boolean {
  const session = (db as unknown as { session: unknown }).session;
  return session instanceof NodePgSession && isPool((session as unknown as { client: unknown }).client);
}

type SessionParts = { client: pg.Pool; dialect: PgDialect; options: unknown };

async function pgTransaction<T>(session: object, setup: string, fn: (tx: Tx) => Promise<T>) {
  const parts = session as unknown as SessionParts;
  const client = await parts.client.connect();
  // Drizzle's own classes, bound to this one connection, so the callback's tx is what Drizzle gives.
  // Without the schema: with it, Drizzle builds a relational query builder for each of the ~100
  // tables on every transaction (about 50 µs), for an API (`tx.query`) that Tx leaves out.
  const txSession = new NodePgSession(client, parts.dialect, undefined, parts.options as never);
  const tx = new NodePgTransaction(parts.dialect, txSession, undefined) as unknown as Tx;
  // Statements after the commit would run outside any transaction and role: refuse them.
  const close = () => {
    (txSession as unknown as { client: unknown }).client = closedClient;
  };
  const open: Open = { client, committed: false, close };
  running.set(tx, open);
  let lost: Error | undefined;
  try {
    await client.query(`begin;\n${setup}`);
    const result = await fn(tx);
    if (!open.committed) await client.query("commit");
    open.committed = true;
    return result;
  } catch (err) {
    // On a lost connection the rollback fails too, once the client has seen the end (and said so in
    // the log); the client is then dropped from the pool, not reused.
    if (!open.committed) await client.query("rollback").catch((e: Error) => (lost = e));
    if (isConnectionLoss(err, { fromDatabase: true })) lost = err as Error;
    throw err;
  } finally {
    close();
    client.release(lost);
  }
}

const closedClient = {
  query() {
    throw new Error("The transaction has ended; no statement may follow it");
  },
};

/** The refusal key of an error raised by `atrium_refuse(key)` in a statement, else null. */
export function refusalOf(err: unknown): string | null {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === "P0001" && typeof e.message === "string") return e.message;
  }
  return null;
}
