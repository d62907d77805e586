// A fresh database for one test file: in-memory PGlite by default, or — when TEST_DATABASE_URL is
// set — a new PostgreSQL database created on that server and dropped afterwards. The new database
// is a copy of the suite's migrated template (pglite-template.global.ts) unless `empty` is asked
// for: a test of the migrations themselves, or of who owns what they create.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type {} from "./pglite-template.global";

export type TestDatabase = { url?: string; drop(): Promise<void> };

/** Runs one statement on the test server (`serverUrl`), as its administrator, in its own connection. */
export async function onTestServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { drop: async () => undefined };
  const name = `atrium_t_${randomBytes(6).toString("hex")}`;
  const template = opts.empty ? "" : inject("postgresTemplate");
  await onTestServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onTestServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
