// The safety net under delivery: a message whose job pg-boss no longer holds (lost in a crash
// between the insert and the queueing, or failed by pg-boss without its handler running) gets a
// new job. A message whose job is alive is left alone, however long the backlog ahead of it.
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { DELIVER } from "./state";

const SWEEP = "mail-sweep";
const PAGE = 500;
/** Rows queued this recently may not have their job inserted yet. */
const YOUNG_MINUTES = 2;
/** A job alive this long after it was queued is stuck, far beyond the retry schedule (at most 85 minutes). */
const STUCK_AFTER_SECONDS = 6 * 60 * 60;

type Candidate = { accountId: string; id: string; jobId: string | null; status: string; queuedAt: Date };

/** One page of messages not yet out, queued before `youngMinutes` ago, oldest first, after the given one. */
function pendingPage(db: Db, after: Candidate | null, youngMinutes: number) {
  return withPlatform(db, (tx) =>
    tx
      .select({
        accountId: mailOutbox.accountId,
        id: mailOutbox.id,
        jobId: mailOutbox.jobId,
        status: mailOutbox.status,
        queuedAt: mailOutbox.queuedAt,
      })
      .from(mailOutbox)
      .where(
        and(
          sql`${mailOutbox.status} not in ('sent', 'stored')`,
          lt(mailOutbox.queuedAt, sql`now() - ${youngMinutes}::int * interval '1 minute'`),
          // A failed message's slow retry is due at next_attempt_at; only after that can it be late.
          or(
            ne(mailOutbox.status, "failed"),
            isNull(mailOutbox.nextAttemptAt),
            lt(mailOutbox.nextAttemptAt, sql`now() - interval '1 minute'`),
          ),
          after
            ? or(
                gt(mailOutbox.queuedAt, after.queuedAt),
                and(eq(mailOutbox.queuedAt, after.queuedAt), gt(mailOutbox.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(mailOutbox.queuedAt), asc(mailOutbox.id))
      .limit(PAGE),
  );
}

/** Gives each row a new job, unless it moved meanwhile (sent, resent, or re-queued elsewhere). */
async function requeue(db: Db, lost: Candidate[]) {
  const queued: { id: string; data: Record<string, unknown>; retryLimit?: number }[] = [];
  await withPlatform(db, async (tx) => {
    for (const m of lost) {
      const next = randomUUID();
      const [moved] = await tx
        .update(mailOutbox)
        .set({ jobId: next, queuedAt: sql`now()` })
        .where(
          and(
            eq(mailOutbox.accountId, m.accountId),
            eq(mailOutbox.id, m.id),
            m.jobId ? eq(mailOutbox.jobId, m.jobId) : isNull(mailOutbox.jobId),
            sql`${mailOutbox.status} not in ('sent', 'stored')`,
          ),
        )
        .returning({ id: mailOutbox.id });
      // A failed message has had its retries: it goes on at the slow pace, one attempt at a time.
      if (moved)
        queued.push({
          id: next,
          data: { accountId: m.accountId, id: m.id },
          ...(m.status === "failed" ? { retryLimit: 0 } : {}),
        });
    }
  });
  await jobs.sendMany(db, DELIVER, queued);
  return queued.length;
}

/**
 * Re-queues the messages whose delivery job is lost or stuck; returns how many. `youngMinutes`
 * spares rows whose job a live process may be about to queue; a row re-queued anyway only costs a
 * job that does nothing (the row names its new job, and a job that is not the row's does nothing).
 */
export async function sweepLostMail(db: Db, opts: { youngMinutes?: number } = {}): Promise<number> {
  const youngMinutes = opts.youngMinutes ?? YOUNG_MINUTES;
  let requeued = 0;
  let after: Candidate | null = null;
  for (;;) {
    const page: Candidate[] = await pendingPage(db, after, youngMinutes);
    if (page.length === 0) break;
    const ids = page.flatMap((m) => (m.jobId ? [m.jobId] : []));
    const live = await jobs.liveJobIds(db, DELIVER, ids, { stuckAfterSeconds: STUCK_AFTER_SECONDS });
    // Without a queue in this database nothing can be told apart, and nothing could be queued.
    if (!live) break;
    requeued += await requeue(
      db,
      page.filter((m) => !m.jobId || !live.has(m.jobId)),
    );
    if (page.length < PAGE) break;
    after = page[page.length - 1];
  }
  return requeued;
}

jobs.define(SWEEP, async (db) => void (await sweepLostMail(db)), { retryLimit: 0 });
// A process starting after a crash takes over at once the messages whose job died with it (their
// rows committed, their jobs never queued).
jobs.onStart(SWEEP, (db) => sweepLostMail(db, { youngMinutes: 0 }));
jobs.schedule(SWEEP, "*/5 * * * *");
