// One worker process for the queue throughput targets of `npm run bench` (jobs-noop, jobs-mail,
// automations), started by bench/run.mjs. It queues BENCH_JOBS jobs while no worker runs, then
// starts the worker (the product's own work loop, concurrency as configured) and times it from
// start until every job has been handled: a no-op job, an e-mail delivered to the SMTP sink at
// SMTP_URL, or an event run through a matching automation (its dispatch, the run's claim, the
// action, the run's outcome). The result is one JSON line on stdout.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readJobConcurrency } from "../server/config";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { jobs } from "../server/jobs/queue";
import { createTransport, type MailTransport } from "../server/mail/transport";
import { accounts } from "../server/modules/accounts";
import { mail } from "../server/modules/mail";
import { automationsBench } from "./automations-bench";

const kind = (["mail", "automations"] as const).find((k) => k === process.env.BENCH_JOBS_KIND) ?? "noop";
const count = Number(process.env.BENCH_JOBS ?? 1000);
const NOOP = "bench.noop";
const CHUNK = 500;

let handled = 0;
let allHandled: () => void = () => undefined;
const finished = new Promise<void>((resolve) => {
  allHandled = resolve;
});
const one = () => {
  if (++handled === count) allHandled();
};

// As many at once as the e-mail queue, unless JOB_CONCURRENCY_BENCH_NOOP says otherwise.
jobs.define(NOOP, async () => one(), { retryLimit: 0, concurrency: 10 });

/** The configured transport, counting the messages the SMTP server accepted. */
function countingTransport(url: string): MailTransport {
  const inner = createTransport(url);
  return {
    ...inner,
    async send(m) {
      const r = await inner.send(m);
      one();
      return r;
    },
  };
}

const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "atrium-bench-jobs-"));
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: dataDir ?? undefined });
try {
  await migrateDatabase(database);
  const platform = await accounts.ensurePlatform(database.db);

  // Queue everything first, with no worker, so the timing is the worker's alone.
  await jobs.start(database, { work: false });
  const bench = kind === "automations" ? await automationsBench(database.db, platform.accountId, count) : null;
  for (let from = 0; from < count && !bench; from += CHUNK) {
    const n = Math.min(CHUNK, count - from);
    const batch = Array.from({ length: n }, (_, i) => from + i);
    if (kind === "noop") {
      await jobs.sendMany(
        database.db,
        NOOP,
        batch.map((i) => ({ data: { i } })),
      );
    } else {
      await mail.enqueueMany(
        database.db,
        platform.accountId,
        batch.map((i) => ({
          to: `reader-${i}@example.org`,
          subject: `Letter ${i}`,
          text: `Letter ${i}`,
          kind: "bench",
        })),
      );
    }
  }
  await jobs.stop(database.db);

  if (kind === "mail") {
    if (!process.env.SMTP_URL) throw new Error("jobs-mail needs SMTP_URL");
    mail.configure(database.db, countingTransport(process.env.SMTP_URL), "Bench <bench@atrium.localhost>");
  }
  const concurrency = readJobConcurrency(process.env);
  const queue = kind === "noop" ? NOOP : kind === "mail" ? "mail-deliver" : "automations.run";
  const started = performance.now();
  await jobs.start(database, { work: true, concurrency });
  await (bench ? bench.finished() : finished);
  const seconds = (performance.now() - started) / 1000;
  const { concurrency: worked } = jobs.policy(database.db, queue) ?? {};
  await jobs.stop(database.db);
  mail.forget(database.db);
  process.stdout.write(
    `${JSON.stringify({
      kind,
      jobs: count,
      seconds,
      jobsPerSecond: count / seconds,
      concurrency: worked,
      database: database.kind,
    })}\n`,
  );
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
