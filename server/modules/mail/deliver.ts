// Delivers one outbox row per job. The row is claimed first (a short transaction), so two jobs for
// one row never send it at once and a job that is not the row's current one does nothing; the SMTP
// conversation runs outside any transaction. Delivery is at least once: a crash after the server
// accepted and before `sent` is written sends it again, with the same Message-ID.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { type JobRun, jobs, type RetryPolicy } from "../../jobs/queue";
import { messageIdFor } from "./message-id";
import { CAMPAIGN_KIND, CLAIM_STALE_MINUTES, DELIVER, mailConfig, SENDABLE } from "./state";

/** Eight retries, the first after 10-20 seconds, doubling: 45 to 85 minutes in all. */
export const DELIVER_POLICY: RetryPolicy = { retryLimit: 8, retryDelay: 10, retryBackoff: true };
const SLOW_RETRY_MAX_SECONDS = 30 * 60;

/**
 * How long a failed message waits between slow retries: the step the backoff would take next,
 * at most half an hour (retries shortened by JOB_RETRY_* shorten this too).
 */
export const slowRetrySeconds = (p: RetryPolicy) =>
  Math.max(1, Math.min(SLOW_RETRY_MAX_SECONDS, p.retryDelay * 2 ** p.retryLimit));

const thisRow = (accountId: string, id: string) => and(eq(mailOutbox.accountId, accountId), eq(mailOutbox.id, id));

async function claim(db: Db, accountId: string, id: string, jobId: string) {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .update(mailOutbox)
      .set({ status: "sending", claimedAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        and(
          thisRow(accountId, id),
          eq(mailOutbox.jobId, jobId),
          or(
            inArray(mailOutbox.status, SENDABLE),
            and(
              eq(mailOutbox.status, "sending"),
              lt(mailOutbox.claimedAt, sql`now() - ${CLAIM_STALE_MINUTES}::int * interval '1 minute'`),
              // Campaign mail is at most once: an attempt that died while talking to the server may
              // have delivered it, so it is not tried again (decision 0040).
              ne(mailOutbox.kind, CAMPAIGN_KIND),
            ),
          ),
        ),
      )
      .returning(),
  );
  return row;
}

/** The job's retries are spent: the message waits as failed, and a slow retry is queued for it. */
async function failForNow(db: Db, accountId: string, id: string, jobId: string, lastError: string) {
  const wait = slowRetrySeconds(jobs.policy(db, DELIVER) ?? DELIVER_POLICY);
  const next = randomUUID();
  const [moved] = await withTenant(db, accountId, (tx) =>
    tx
      .update(mailOutbox)
      .set({
        status: "failed",
        lastError,
        claimedAt: null,
        jobId: next,
        queuedAt: sql`now()`,
        nextAttemptAt: sql`now() + ${wait}::int * interval '1 second'`,
      })
      .where(and(thisRow(accountId, id), eq(mailOutbox.jobId, jobId)))
      .returning({ id: mailOutbox.id }),
  );
  // A slow retry is one attempt; when it fails it queues the next one itself.
  if (moved) await jobs.send(db, DELIVER, { accountId, id }, { id: next, startAfterSeconds: wait, retryLimit: 0 });
}

export async function deliver(db: Db, data: Record<string, unknown>, job: JobRun) {
  const config = mailConfig.get(db);
  if (!config) throw new Error("mail is not configured for this database");
  const accountId = String(data.accountId);
  const id = String(data.id);
  const row = await claim(db, accountId, id, job.id);
  // Already out, being sent by a live attempt, or queued again under another job: nothing to do.
  if (!row) return;
  const messageId = row.messageId ?? messageIdFor(row.id, row.fromAddress);
  try {
    await config.transport.send({
      from: row.fromAddress,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
      messageId,
    });
  } catch (err) {
    const lastError = (err as Error).message.slice(0, 500);
    if (job.retryCount >= job.retryLimit) return failForNow(db, accountId, id, job.id, lastError);
    await withTenant(db, accountId, (tx) =>
      tx
        .update(mailOutbox)
        .set({ status: "retrying", lastError, claimedAt: null })
        .where(and(thisRow(accountId, id), eq(mailOutbox.jobId, job.id))),
    );
    throw err;
  }
  // Whichever job it was, the server has the message now: record it, or it would be sent again.
  await withTenant(db, accountId, (tx) =>
    tx
      .update(mailOutbox)
      .set({
        status: config.transport.kind === "smtp" ? "sent" : "stored",
        messageId,
        sentAt: sql`now()`,
        lastError: null,
        claimedAt: null,
        nextAttemptAt: null,
      })
      .where(thisRow(accountId, id)),
  );
}

jobs.define(DELIVER, deliver, { ...DELIVER_POLICY, concurrency: 10 });
