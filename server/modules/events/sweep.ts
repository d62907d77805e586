// The safety net under event handling: an unprocessed event whose dispatch job pg-boss no longer
// holds (never queued after a crash, or finished while a subscriber failed) gets a new job. An
// event whose job is waiting in a backlog keeps it: handling it here too would only compete with
// the workers, and re-queueing it would only grow the backlog.
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { eventOutbox } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { DISPATCH, type EmittedEvent, events, unclaimed } from "./service";

const SWEEP = "events.sweep";
const SWEEP_PAGE = 500;
/** A dispatch job alive this long is stuck: its retries take at most 70 seconds. */
const STUCK_AFTER_SECONDS = 6 * 60 * 60;

/** Re-queues the unprocessed events whose dispatch job is lost or stuck; returns how many. */
export async function sweepLostEvents(db: Db): Promise<number> {
  let requeued = 0;
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = await unprocessedPage(db, after);
    if (page.length === 0) break;
    const live = await jobs.liveJobIds(
      db,
      DISPATCH,
      page.flatMap((e) => (e.jobId ? [e.jobId] : [])),
      { stuckAfterSeconds: STUCK_AFTER_SECONDS },
    );
    // Without a queue in this database nothing can be told apart, and nothing could be queued.
    if (!live) break;
    requeued += await requeue(
      db,
      page.filter((e) => !e.jobId || !live.has(e.jobId)),
    );
    if (page.length < SWEEP_PAGE) break;
    after = page[page.length - 1];
  }
  return requeued;
}

type Pending = { id: string; accountId: string; jobId: string | null; createdAt: Date };

/** Unprocessed events older than a minute and not being handled, oldest first, after the given one. */
function unprocessedPage(db: Db, after: { createdAt: Date; id: string } | null): Promise<Pending[]> {
  return withPlatform(db, (tx) =>
    tx
      .select({
        id: eventOutbox.id,
        accountId: eventOutbox.accountId,
        jobId: eventOutbox.jobId,
        createdAt: eventOutbox.createdAt,
      })
      .from(eventOutbox)
      .where(
        and(
          isNull(eventOutbox.processedAt),
          lt(eventOutbox.createdAt, sql`now() - interval '1 minute'`),
          unclaimed(),
          after
            ? or(
                gt(eventOutbox.createdAt, after.createdAt),
                and(eq(eventOutbox.createdAt, after.createdAt), gt(eventOutbox.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(eventOutbox.createdAt), asc(eventOutbox.id))
      .limit(SWEEP_PAGE),
  );
}

/** Gives each event a new job, unless it was handled or re-queued meanwhile. */
async function requeue(db: Db, lost: Pending[]): Promise<number> {
  const requeued: EmittedEvent[] = [];
  await withPlatform(db, async (tx) => {
    for (const e of lost) {
      const jobId = randomUUID();
      const [moved] = await tx
        .update(eventOutbox)
        .set({ jobId })
        .where(
          and(
            eq(eventOutbox.accountId, e.accountId),
            eq(eventOutbox.id, e.id),
            isNull(eventOutbox.processedAt),
            e.jobId ? eq(eventOutbox.jobId, e.jobId) : isNull(eventOutbox.jobId),
          ),
        )
        .returning({ id: eventOutbox.id });
      if (moved) requeued.push({ accountId: e.accountId, id: e.id, jobId });
    }
  });
  await events.publish(db, requeued);
  return requeued.length;
}

jobs.define(SWEEP, async (db) => void (await sweepLostEvents(db)), { retryLimit: 0 });
jobs.schedule(SWEEP, "* * * * *");
