// Opens the database: PGlite in DATA_DIR when DATABASE_URL is unset (durable: pglite-durable.ts),
// PostgreSQL when it is set. Both give the same Drizzle API, so nothing above this file knows
// which one it runs on.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { consoleLog, type Log } from "../log";
import { guardPool, poolOptions } from "./connection-loss";
import { openDurablePglite } from "./pglite-durable";
import * as schema from "./schema";

export { isConnectionLoss } from "./connection-loss";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * A transaction. Drizzle's relational queries (`tx.query.…`) are left out: statements are written
 * with the query builder, and the PostgreSQL runner builds its transactions without the schema
 * they would need (tenant.ts).
 */
export type Tx = Omit<PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>, "query">;

/** A raw SQL runner for the few callers that are not Drizzle (migrations, pg-boss). */
export type SqlRunner = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type Database = {
  kind: "pglite" | "postgres";
  /** The application's handle; tenant work goes through withTenant/withPlatform on it. */
  db: Db;
  /** The handle for the auth library: it runs as the platform role, never as the owner. */
  authDb: Db;
  sql: SqlRunner;
  pglite?: PGlite;
  url?: string;
  close(): Promise<void>;
};

export type OpenOptions = { url?: string; dataDir?: string; memory?: boolean; poolSize?: number; log?: Log };

let memoryTemplate: Blob | null = null;

/**
 * An in-memory database may start as a copy of a data directory already made and migrated (a
 * `dumpDataDir` of one), instead of running initdb and every migration again: the test suites
 * open hundreds of them. Migrations still run on the copy and find nothing left to do.
 */
export function startMemoryDatabasesFrom(dump: Blob | null): void {
  memoryTemplate = dump;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10, opts.log ?? consoleLog);
  // pg_trgm backs the trigram indexes of site search (the migration creates the extension).
  const extensions = { pg_trgm };
  let client: PGlite;
  if (opts.memory) {
    client = new PGlite({ extensions, ...(memoryTemplate ? { loadDataDir: memoryTemplate } : {}) });
    await client.waitReady;
  } else {
    const dir = resolve(opts.dataDir ?? "./data", "pgdata");
    mkdirSync(dir, { recursive: true });
    client = await openDurablePglite(dir, { extensions });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    authDb: db,
    pglite: client,
    sql: async (text, values) => {
      const r = await client.query<Record<string, unknown>>(text, values as unknown[]);
      return { rows: r.rows };
    },
    close: () => client.close(),
  };
}

function openPostgres(url: string, poolSize: number, log: Log): Database {
  const pool = guardPool(new pg.Pool({ ...poolOptions(url, "atrium"), max: poolSize }), "application pool", log.warn);
  // The auth library's queries are cross-tenant by nature (sign-in knows no site yet): its
  // connections start as the platform role, set in the connection's start-up options.
  const authPool = guardPool(
    new pg.Pool({
      ...poolOptions(url, "atrium auth"),
      max: Math.max(2, Math.ceil(poolSize / 2)),
      options: "-c role=atrium_platform",
    }),
    "auth pool",
    log.warn,
  );
  return {
    kind: "postgres",
    db: drizzlePg(pool, { schema }) as unknown as Db,
    authDb: drizzlePg(authPool, { schema }) as unknown as Db,
    url,
    sql: async (text, values) => {
      const r = await pool.query(text, values as unknown[]);
      return { rows: r.rows };
    },
    close: async () => {
      await Promise.all([pool.end(), authPool.end()]);
    },
  };
}
