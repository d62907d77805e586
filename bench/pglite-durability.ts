// What durability costs the embedded database: N small write transactions (an insert and an
// update each, like a member saving progress) in a fresh directory, PGlite as it ships (fsync
// off) against the durable set-up the server uses (server/db/pglite-durable.ts). Run with
// `npx tsx bench/pglite-durability.ts [transactions]`; figures go to docs/performance.md.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDurablePglite } from "../server/db/pglite-durable";

const N = Number(process.argv[2] ?? 1000);

async function measure(label: string, open: (dir: string) => Promise<PGlite>) {
  const dir = mkdtempSync(join(tmpdir(), "atrium-durability-"));
  try {
    const db = await open(dir);
    await db.exec("create table progress (id int primary key, done int not null, at timestamptz not null)");
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      await db.transaction(async (tx) => {
        await tx.query("insert into progress values ($1, 0, now())", [i]);
        await tx.query("update progress set done = done + 1, at = now() where id = $1", [i]);
      });
    }
    const ms = performance.now() - t0;
    await db.close();
    console.log(
      `${label.padEnd(22)} ${N} transactions in ${(ms / 1000).toFixed(2)} s: ${Math.round(N / (ms / 1000))}/s, ${(ms / N).toFixed(2)} ms each`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await measure("fsync off (PGlite)", async (dir) => {
  const db = new PGlite({ dataDir: dir });
  await db.waitReady;
  return db;
});
await measure("durable (Atrium)", (dir) => openDurablePglite(dir));
