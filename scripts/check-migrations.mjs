// Fails when the Drizzle schema and the committed migrations disagree: drizzle-kit would generate
// a new migration from the schema. The probe migration is removed again either way.
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync, readFileSync, writeFileSync } from "node:fs";

const dir = "server/db/migrations";
const before = new Set(readdirSync(dir));
const journal = `${dir}/meta/_journal.json`;
const journalBefore = readFileSync(journal, "utf8");
const metaBefore = new Set(readdirSync(`${dir}/meta`));
const r = spawnSync("npx", ["drizzle-kit", "generate", "--name=schema-drift-probe"], { encoding: "utf8" });
const added = readdirSync(dir).filter((f) => !before.has(f));
for (const f of added) rmSync(`${dir}/${f}`, { recursive: true, force: true });
for (const f of readdirSync(`${dir}/meta`)) if (!metaBefore.has(f)) rmSync(`${dir}/meta/${f}`);
writeFileSync(journal, journalBefore);
if (r.status !== 0) {
  console.error(r.stdout, r.stderr);
  process.exit(1);
}
if (added.length) {
  console.error(
    "The schema in server/db/schema differs from the committed migrations. Run `npm run db:generate` and commit the migration.",
  );
  process.exit(1);
}
console.log("migrations: schema and committed migrations agree");
