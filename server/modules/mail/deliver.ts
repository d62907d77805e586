// Delivers one outbox row per job. The row is claimed first (a short transaction), so two jobs for
// one row never send it at once and a job that is not the row's current one does nothing; the SMTP
// conversation runs outside any transaction. Delivery is exactly once across crashes (decision
// 0046): the row is recorded as sent while the server holds the whole message but not its end, and
// the end goes out only after that record is committed. A row still `sending` therefore never
// reached anyone, and once the process that claimed it is gone it is sent again.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { commitAlong, withTenant } from "../../db/tenant";
import { processAliveSql } from "../../jobs/liveness";
import { type JobRun, jobs, type RetryPolicy } from "../../jobs/queue";
import { SmtpSendError } from "../../mail/smtp-sender";
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
      .set({
        status: "sending",
        claimedAt: sql`now()`,
        claimedBy: jobs.workerKey(db),
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        and(
          thisRow(accountId, id),
          eq(mailOutbox.jobId, jobId),
          or(
            inArray(mailOutbox.status, SENDABLE),
            // A claim whose process is gone, or that is far older than any attempt lasts: that
            // attempt never finished the message (it would be `sent`), so nobody has it.
            and(
              eq(mailOutbox.status, "sending"),
              isNotNull(mailOutbox.claimedBy),
              or(
                sql`not ${sql.raw(processAliveSql(`"mail_outbox"."claimed_by"`))}`,
                lt(mailOutbox.claimedAt, sql`now() - ${CLAIM_STALE_MINUTES}::int * interval '1 minute'`),
              ),
            ),
            // Claimed before claims named their process: the message may have been finished then.
            // Product mail is tried again after a while (at least once); campaign mail is not.
            and(
              eq(mailOutbox.status, "sending"),
              isNull(mailOutbox.claimedBy),
              lt(mailOutbox.claimedAt, sql`now() - ${CLAIM_STALE_MINUTES}::int * interval '1 minute'`),
              ne(mailOutbox.kind, CAMPAIGN_KIND),
            ),
          ),
        ),
      )
      .returning(),
  );
  return row;
}

/**
 * A campaign message's recipient follows its message: failed when the message fails for good, sent
 * again when a later attempt gets it through; the campaign's figures move with it.
 */
function campaignRecipientMoves(accountId: string, outboxId: string, from: "sent" | "failed", error: string | null) {
  const to = from === "sent" ? "failed" : "sent";
  const failedBy = to === "failed" ? 1 : -1;
  return sql`
    with moved as (
      update email_campaign_recipients set status = ${to}, error = ${error}
      where account_id = ${accountId}::uuid and outbox_id = ${outboxId}::uuid and status = ${from}
      returning campaign_id)
    update email_campaigns c
    set failed_count = c.failed_count + ${failedBy}::int, sent_count = c.sent_count - ${failedBy}::int
    from moved where c.account_id = ${accountId}::uuid and c.id = moved.campaign_id`;
}

/** The job's retries are spent: the message waits as failed, and a slow retry is queued for it. */
async function failForNow(db: Db, accountId: string, id: string, jobId: string, lastError: string, kind: string) {
  const wait = slowRetrySeconds(jobs.policy(db, DELIVER) ?? DELIVER_POLICY);
  const next = randomUUID();
  const [moved] = await withTenant(db, accountId, async (tx) => {
    const rows = await tx
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
      .returning({ id: mailOutbox.id });
    if (rows.length && kind === CAMPAIGN_KIND)
      await tx.execute(campaignRecipientMoves(accountId, id, "sent", lastError));
    return rows;
  });
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
  /** This attempt's own claim: the row as it claimed it, still in that state. */
  const ours = (status: "sending" | "sent") =>
    and(
      thisRow(accountId, id),
      eq(mailOutbox.jobId, job.id),
      eq(mailOutbox.attempts, row.attempts),
      eq(mailOutbox.status, status),
    );
  let recorded = false;
  // The row becomes sent in a transaction whose COMMIT leaves together with the message's end.
  let recording: Promise<void> | null = null;
  const record = (finish: (() => void) | null) =>
    (recording = withTenant(db, accountId, async (tx) => {
      const [done] = await tx
        .update(mailOutbox)
        .set({
          status: config.transport.kind === "smtp" ? "sent" : "stored",
          messageId,
          sentAt: sql`now()`,
          lastError: null,
          claimedAt: null,
          nextAttemptAt: null,
        })
        .where(ours("sending"))
        .returning({ id: mailOutbox.id });
      // The claim was taken over (this process looked gone): the message is left unfinished.
      if (!done) return;
      // Through after having failed for good: its campaign counts it as sent again.
      if (row.kind === CAMPAIGN_KIND && row.lastError !== null)
        await tx.execute(campaignRecipientMoves(accountId, id, "failed", null));
      if (finish) await commitAlong(tx, finish);
      recorded = true;
    }));
  try {
    await config.transport.send(
      {
        from: row.fromAddress,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
        attachments: row.attachments,
        messageId,
      },
      record,
    );
    // A transport with no server to finish a message for (the outbox) never asks; and a COMMIT
    // that failed after the end went out is written again, as the server has the message.
    if (!recorded) await record(null);
  } catch (err) {
    // The server's answer can come before the COMMIT's: know how the record went first.
    await (recording as Promise<void> | null)?.catch(() => undefined);
    const refused = err instanceof SmtpSendError ? err : null;
    // The end went out and no answer came back (the connection broke): the server may have it.
    // It stays sent — never twice.
    if (recorded && refused?.finished && refused.responseCode === null) return;
    const lastError = (err as Error).message.slice(0, 500);
    // The claim was taken over meanwhile (this process looked gone): the other attempt sends it.
    if (!recorded && !(await stillOurs(db, accountId, ours("sending")))) return;
    if (job.retryCount >= job.retryLimit) return failForNow(db, accountId, id, job.id, lastError, row.kind);
    await withTenant(db, accountId, (tx) =>
      tx
        .update(mailOutbox)
        .set({ status: "retrying", lastError, claimedAt: null, sentAt: null })
        .where(ours(recorded ? "sent" : "sending")),
    );
    throw err;
  }
}

async function stillOurs(db: Db, accountId: string, where: ReturnType<typeof and>) {
  const [r] = await withTenant(db, accountId, (tx) =>
    tx.select({ id: mailOutbox.id }).from(mailOutbox).where(where).limit(1),
  );
  return Boolean(r);
}

jobs.define(DELIVER, deliver, { ...DELIVER_POLICY, concurrency: 10 });
