// Brings a database to the committed schema: roles first (policies name them), then drizzle's
// migrations, then the roles' privileges (grants.ts) and FORCE row-level security on every table
// that has an account_id.
// Safe to run from several processes at once: PostgreSQL serialises them with an advisory lock.
import { fileURLToPath } from "node:url";
import { resolve, dirname } from "node:path";
import { existsSync } from "node:fs";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import type { Database, SqlRunner } from "./client";
import { GRANTS_SQL } from "./grants";

const MIGRATION_LOCK = 7_241_001;

export function migrationsFolder(): string {
  // Source tree (tsx, vitest) and the bundled server (dist/server) both find the committed folder.
  const here = dirname(fileURLToPath(import.meta.url));
  for (const c of [
    resolve(here, "migrations"),
    resolve(here, "../../server/db/migrations"),
    resolve(process.cwd(), "server/db/migrations"),
  ]) {
    if (existsSync(c)) return c;
  }
  throw new Error("server/db/migrations not found");
}

const ROLES_SQL = ["atrium_tenant", "atrium_platform"].map(
  (role) => `DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
      CREATE ROLE ${role} NOLOGIN NOBYPASSRLS;
    END IF;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END $$;`,
);

const AFTER_SQL = [
  `GRANT atrium_tenant, atrium_platform TO CURRENT_USER`,
  GRANTS_SQL,
  `DO $$ DECLARE t record; BEGIN
    FOR t IN SELECT c.relname FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped
      WHERE c.relkind = 'r' AND NOT c.relforcerowsecurity
    LOOP
      EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', t.relname);
      EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', t.relname);
    END LOOP;
  END $$;`,
];

async function runAll(run: SqlRunner, statements: string[]) {
  for (const s of statements) {
    try {
      await run(s);
    } catch (err) {
      // Granting a role to oneself fails for a superuser on some servers; it is not needed there.
      if (!s.startsWith("GRANT atrium_tenant, atrium_platform TO")) throw err;
    }
  }
}

/**
 * Runs start-up work (migrations, seeding) in one process at a time: on PostgreSQL under a
 * session advisory lock held by a dedicated connection; PGlite has one process by construction.
 */
export async function underStartupLock<T>(
  database: Database,
  fn: (run: SqlRunner | null, client: pg.Client | null) => Promise<T>,
): Promise<T> {
  if (database.kind === "pglite") return fn(null, null);
  const client = new pg.Client({ connectionString: database.url, application_name: "atrium start-up" });
  // Lost mid-way (a failover during start-up), the work below fails and start() reports it; an
  // unheard 'error' event would instead end the process with no word about why.
  client.on("error", (err) => console.warn(`[database] start-up connection lost: ${err.message}`));
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const run: SqlRunner = async (text, values) => ({ rows: (await client.query(text, values as unknown[])).rows });
    return await fn(run, client);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === "pglite") {
    await runAll(database.sql, ROLES_SQL);
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    await runAll(database.sql, AFTER_SQL);
    return;
  }
  await underStartupLock(database, async (run, client) => {
    await runAll(run!, ROLES_SQL);
    await migratePg(drizzlePg(client!), { migrationsFolder: folder });
    await runAll(run!, AFTER_SQL);
  });
}
