// The staff mailbox: every site's messages, newest first, and sending a failed message again.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, auditLog, mailOutbox } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { AppError, notFound } from "../../errors";
import { DELIVER, type MailStatus, RESENDABLE } from "./state";

export type MailView = {
  id: string;
  accountId: string;
  site: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  kind: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  messageId: string | null;
  createdAt: string;
  sentAt: string | null;
  /** A failed message: when the slow retry tries it again. */
  nextAttemptAt: string | null;
};

type Row = typeof mailOutbox.$inferSelect;
const view = (m: Row, site: string): MailView => ({
  id: m.id,
  accountId: m.accountId,
  site,
  to: m.toAddress,
  from: m.fromAddress,
  subject: m.subject,
  text: m.text,
  kind: m.kind,
  status: m.status as MailStatus,
  attempts: m.attempts,
  lastError: m.lastError,
  messageId: m.messageId,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt?.toISOString() ?? null,
  nextAttemptAt: m.nextAttemptAt?.toISOString() ?? null,
});

export type MailList = { items: MailView[]; total: number; failed: number };

/** The outbox across all sites, newest first, optionally of one status; `failed` counts failed mail. */
export async function listOutbox(
  db: Db,
  q: { page: number; perPage: number; status?: MailStatus | null },
): Promise<MailList> {
  return withPlatform(db, async (tx) => {
    const where = q.status ? eq(mailOutbox.status, q.status) : undefined;
    const rows = await tx
      .select({ m: mailOutbox, site: accounts.slug })
      .from(mailOutbox)
      .innerJoin(accounts, eq(accounts.accountId, mailOutbox.accountId))
      .where(where)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage);
    const [{ total }] = await tx.select({ total: count() }).from(mailOutbox).where(where);
    const [{ failed }] = await tx
      .select({ failed: count() })
      .from(mailOutbox)
      .where(and(sql`${mailOutbox.status} not in ('sent', 'stored')`, eq(mailOutbox.status, "failed")));
    return { total, failed, items: rows.map(({ m, site }) => view(m, site)) };
  });
}

/**
 * Sends a failed (or retrying) message again now, with a fresh set of retries and the same
 * Message-ID. The status changes in one statement, so of two staff pressing the button at once
 * one wins and the other is told it is already on its way.
 */
export async function resendMessage(
  db: Db,
  id: string,
  /** The staff member resending: written to the audit log with the resend. */
  actor: { userId: string | null; email: string },
): Promise<MailView> {
  const jobId = randomUUID();
  const result = await withPlatform(db, async (tx) => {
    const [moved] = await tx
      .update(mailOutbox)
      .set({ status: "queued", jobId, queuedAt: sql`now()`, nextAttemptAt: null, claimedAt: null })
      .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, RESENDABLE)))
      .returning();
    if (!moved) {
      const [exists] = await tx.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!exists) throw notFound("Message");
      throw new AppError("conflict", `This message is ${exists.status}; only failed messages are sent again`, {
        status: exists.status,
      });
    }
    const [site] = await tx
      .select({ slug: accounts.slug })
      .from(accounts)
      .where(eq(accounts.accountId, moved.accountId));
    await tx.insert(auditLog).values({
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: "mail.resend",
      siteId: moved.accountId,
      details: { messageId: moved.id, to: moved.toAddress, kind: moved.kind },
    });
    return view(moved, site?.slug ?? "");
  });
  await jobs.send(db, DELIVER, { accountId: result.accountId, id }, { id: jobId });
  return result;
}
