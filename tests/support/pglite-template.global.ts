// Runs once before the integration and browser suites: makes one migrated database that every
// test file's databases start from, so each skips the migrations. On PGlite (the default) the
// template is an in-memory database's data directory written to a file (pglite-template.setup.ts
// loads it); on PostgreSQL (TEST_DATABASE_URL) it is a migrated database on that server, which
// createTestDatabase copies with CREATE DATABASE … TEMPLATE.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";
import { onTestServer } from "./database";

/** A migrated PostgreSQL database named for this run, and how to drop it. */
async function postgresTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `atrium_tpl_${randomBytes(6).toString("hex")}`;
  await onTestServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  return { name, drop: () => onTestServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export default async function setup(project: TestProject) {
  const file = resolve(".tmp", `pglite-template-${process.pid}-${project.name}.tar`);
  const database = await openDatabase({ memory: true });
  try {
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir("none");
    mkdirSync(".tmp", { recursive: true });
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplate", file);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const onServer = serverUrl ? await postgresTemplate(serverUrl) : null;
  project.provide("postgresTemplate", onServer?.name ?? "");
  return async () => {
    rmSync(file, { force: true });
    await onServer?.drop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
