// In each test file: in-memory PGlite databases start from the migrated template the global
// set-up wrote (see pglite-template.global.ts).
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { startMemoryDatabasesFrom } from "../../server/db/client";
import type {} from "./pglite-template.global";

const file = inject("pgliteTemplate");
if (file) startMemoryDatabasesFrom(new Blob([readFileSync(file)]));
