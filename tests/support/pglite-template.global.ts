// Runs once before the integration and browser suites: makes one in-memory PGlite database,
// migrates it, and writes its data directory to a file that every test file's in-memory databases
// start from (pglite-template.setup.ts), so each skips initdb and the migrations.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";

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
  return () => rmSync(file, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
