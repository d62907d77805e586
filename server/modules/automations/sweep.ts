// The safety net under automation runs, every minute and when a working process starts: a run that
// is due and queued whose job pg-boss no longer holds (never queued after a crash, lost), and a run
// left `running` by a process that is gone, get a new job. The claim decides who works a run, so a
// job too many only finds nothing to do.
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automationRuns } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { processAliveSql } from "../../jobs/liveness";
import { jobs } from "../../jobs/queue";
import { type CreatedRun, queueRuns, RUN_JOB } from "./runs";

const SWEEP = "automations.sweep";
const PAGE = 500;
/** A run job alive this long is stuck: its retries take well under an hour. */
const STUCK_AFTER_SECONDS = 6 * 60 * 60;

type Pending = { accountId: string; id: string; jobId: string | null; runAt: Date };

/** Due runs nobody works: queued a while ago, or running under a claim whose process is gone. */
function page(db: Db, after: Pending | null, graceSeconds: number): Promise<Pending[]> {
  return withPlatform(db, (tx) =>
    tx
      .select({
        accountId: automationRuns.accountId,
        id: automationRuns.id,
        jobId: automationRuns.jobId,
        runAt: automationRuns.runAt,
      })
      .from(automationRuns)
      .where(
        and(
          inArray(automationRuns.status, ["queued", "running"]),
          lt(automationRuns.runAt, sql`now() - ${graceSeconds}::int * interval '1 second'`),
          or(
            eq(automationRuns.status, "queued"),
            sql`${automationRuns.claimedBy} is null`,
            sql`not ${sql.raw(processAliveSql(`"automation_runs"."claimed_by"::int`))}`,
          ),
          after
            ? or(
                gt(automationRuns.runAt, after.runAt),
                and(eq(automationRuns.runAt, after.runAt), gt(automationRuns.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(automationRuns.runAt), asc(automationRuns.id))
      .limit(PAGE),
  );
}

/** Gives each lost run a new job; returns how many. `graceSeconds`: how long a due run may wait for its job. */
export async function sweepLostRuns(db: Db, graceSeconds = 60): Promise<number> {
  let requeued = 0;
  let after: Pending | null = null;
  for (;;) {
    const rows = await page(db, after, graceSeconds);
    if (rows.length === 0) break;
    const live = await jobs.liveJobIds(
      db,
      RUN_JOB,
      rows.flatMap((r) => (r.jobId ? [r.jobId] : [])),
      { stuckAfterSeconds: STUCK_AFTER_SECONDS },
    );
    if (!live) break;
    const lost = rows.filter((r) => !r.jobId || !live.has(r.jobId));
    const moved: CreatedRun[] = [];
    await withPlatform(db, async (tx) => {
      for (const r of lost) {
        const jobId = randomUUID();
        const [m] = await tx
          .update(automationRuns)
          .set({ jobId })
          .where(
            and(
              eq(automationRuns.accountId, r.accountId),
              eq(automationRuns.id, r.id),
              inArray(automationRuns.status, ["queued", "running"]),
              r.jobId ? eq(automationRuns.jobId, r.jobId) : sql`${automationRuns.jobId} is null`,
            ),
          )
          .returning({ id: automationRuns.id });
        if (m) moved.push({ accountId: r.accountId, id: r.id, jobId, runAt: new Date() });
      }
    });
    await queueRuns(db, moved);
    requeued += moved.length;
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1];
  }
  return requeued;
}

jobs.define(SWEEP, async (db) => void (await sweepLostRuns(db)), { retryLimit: 0 });
jobs.schedule(SWEEP, "* * * * *");
// At start, a run a killed process held is taken over at once (its claim's process is gone).
jobs.onStart(SWEEP, (db) => sweepLostRuns(db, 0));
