// Enforces the dependency directions of ARCHITECTURE.md:
//   core/            imports nothing of the project (only zod and itself)
//   app/             never imports server/ except type-only imports of server/http/load-context
//   server/modules/X imports another module only through that module's index.ts
//   nothing but tests imports i18next or react-i18next: the translator is app/i18n (decision 0073)
//   server/db, drivers (pg, @electric-sql/pglite, drizzle-orm/pglite|node-postgres) stay in server/
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { sourceFiles } from "./source-files.mjs";

const files = sourceFiles(["app", "core", "server"]);

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
const DRIVERS = ["pg", "@electric-sql/pglite", "drizzle-orm/pglite", "drizzle-orm/node-postgres", "pg-boss"];
const problems = [];

for (const file of files) {
  const src = readFileSync(file, "utf8");
  for (const m of src.matchAll(IMPORT)) {
    const typeOnly = Boolean(m[2]);
    const spec = m[3] ?? m[4];
    const target = spec.startsWith(".") ? normalize(join(dirname(file), spec)) : null;
    const say = (why) => problems.push(`${file}: imports "${spec}" — ${why}`);
    if (file.startsWith("core/")) {
      if (target && !target.startsWith("core")) say("core/ must not import the rest of the project");
      if (!target && !["zod", "vitest"].includes(spec) && !spec.startsWith("node:")) say("core/ is pure: only zod");
      if (spec.startsWith("node:") && !file.endsWith(".test.ts")) say("core/ does no I/O");
    }
    if (file.startsWith("app/")) {
      if (target?.startsWith("server") && !(typeOnly && target.startsWith("server/http/load-context"))) {
        say("app/ reaches the server only through the load context and the HTTP API");
      }
      if (DRIVERS.includes(spec)) say("app/ never imports a database driver");
    }
    if (["i18next", "react-i18next"].includes(spec) && !file.endsWith(".test.ts")) {
      say("translate with app/i18n (its translator and useTranslation); i18next is only the tests' reference");
    }
    if (file.startsWith("server/modules/") && target?.startsWith("server/modules/")) {
      const own = file.split("/")[2];
      const [, , other, ...rest] = target.split("/");
      if (other !== own && rest.length > 0 && !(rest.length === 1 && ["index", "types"].includes(rest[0]))) {
        say(`use server/modules/${other}/index.ts, not its inner files`);
      }
    }
    if (file.startsWith("server/modules/") && DRIVERS.includes(spec))
      say("modules use Drizzle through server/db, not a driver");
    if (file.startsWith("server/http/") && target?.startsWith("server/db") && !target.startsWith("server/db/client")) {
      say("HTTP handlers call services in server/modules, not the database");
    }
  }
}

if (problems.length) {
  console.error(`Import rules broken (${problems.length}):\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`import rules: ${files.length} files checked, no violations`);
