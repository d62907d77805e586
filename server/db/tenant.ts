// The only two ways to touch tenant data. withTenant switches to a role without BYPASSRLS and
// names the account, so row-level security filters every statement; withPlatform is the explicit,
// greppable door for cross-tenant work (staff screens, host resolution, jobs that fan out).
import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function withTenant<T>(db: Db, accountId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!UUID.test(accountId)) throw new Error(`withTenant needs an account id, got "${accountId}"`);
  return db.transaction(async (tx) => {
    // One round trip: set_config(…, true) is SET LOCAL, and `role` is the setting SET ROLE writes.
    await tx.execute(
      sql`select set_config('role', 'atrium_tenant', true), set_config('app.account_id', ${accountId}, true)`,
    );
    return fn(tx as Tx);
  });
}

export async function withPlatform<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local role atrium_platform`);
    return fn(tx as Tx);
  });
}
