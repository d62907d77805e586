// The only two ways to touch tenant data. withTenant switches to a role without BYPASSRLS and
// names the account, so row-level security filters every statement; withPlatform is the explicit,
// greppable door for cross-tenant work (staff screens, host resolution, jobs that fan out).
import { sql } from "drizzle-orm";
import { databaseUnavailable } from "../errors";
import type { Db, Tx } from "./client";
import { isConnectionLoss } from "./connection-loss";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function withTenant<T>(db: Db, accountId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!UUID.test(accountId)) throw new Error(`withTenant needs an account id, got "${accountId}"`);
  return inTransaction(db, async (tx) => {
    // One round trip: set_config(…, true) is SET LOCAL, and `role` is the setting SET ROLE writes.
    await tx.execute(
      sql`select set_config('role', 'atrium_tenant', true), set_config('app.account_id', ${accountId}, true)`,
    );
    return fn(tx as Tx);
  });
}

export async function withPlatform<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`set local role atrium_platform`);
    return fn(tx as Tx);
  });
}

/** A transaction whose lost connection is the one error callers (and the HTTP edge) know: a 503. */
async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => fn(tx as Tx));
  } catch (err) {
    throw isConnectionLoss(err, { fromDatabase: true }) ? databaseUnavailable(err) : err;
  }
}
