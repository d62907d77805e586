// Writing messages to the outbox: each row gets its Message-ID and the id of the job that will
// deliver it before the job exists, so a crash between the two leaves a row the sweep recognises.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../../db/client";
import { type MailAttachment, mailOutbox } from "../../db/schema";
import { commitWith, withTenant } from "../../db/tenant";
import { usage } from "../usage";
import { jobs } from "../../jobs/queue";
import { messageIdFor } from "./message-id";
import { DEFAULT_FROM, DELIVER, mailConfig } from "./state";

export type NewMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  from?: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};

export type PreparedMail = ReturnType<typeof prepareMail>[number];

/** The outbox rows of some messages, each with its id, Message-ID and delivery job id fixed. */
export function prepareMail(db: Db, accountId: string, messages: NewMail[]) {
  const defaultFrom = mailConfig.get(db)?.from ?? DEFAULT_FROM;
  return messages.map((m) => {
    const id = randomUUID();
    const from = m.from ?? defaultFrom;
    return {
      accountId,
      id,
      jobId: randomUUID(),
      messageId: messageIdFor(id, from),
      fromAddress: from,
      toAddress: m.to,
      subject: m.subject || "New mail",
      text: m.text,
      html: m.html,
      headers: m.headers ?? null,
      attachments: m.attachments?.length ? m.attachments : null,
      kind: m.kind,
    };
  });
}

/** Writes prepared rows in the caller's transaction (a caller that records the send in the same commit). */
export async function writeMail(tx: Tx, rows: PreparedMail[]): Promise<void> {
  if (rows.length) await tx.insert(mailOutbox).values(rows);
}

/** Queues the delivery jobs of rows already committed (a crash before this is the sweep's to mend). */
export async function startDelivery(db: Db, accountId: string, rows: PreparedMail[]): Promise<void> {
  if (rows.length === 0) return;
  await jobs.sendMany(
    db,
    DELIVER,
    rows.map((r) => ({ id: r.jobId, data: { accountId, id: r.id } })),
  );
}

/** Writes the messages of one site in one transaction and queues their delivery in one statement. */
export async function enqueueMail(db: Db, accountId: string, messages: NewMail[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = prepareMail(db, accountId, messages);
  await withTenant(db, accountId, async (tx) => {
    await writeMail(tx, rows);
    // Counted in the site's e-mails meter with the COMMIT, so the meter's row (one a site a month)
    // is held only while the database runs it; mail a person asked for is never refused for it.
    const counted = usage.countStatement({ accountId, settings: { plan: null } }, "emails", rows.length);
    if (counted) await commitWith(tx, [counted]);
  });
  await startDelivery(db, accountId, rows);
  return rows.map((r) => r.id);
}
