// Every e-mail the product sends is written here first, then delivered by a job; with no SMTP
// configured this table is the mailbox staff read, so nothing is ever silently dropped.
// Status: queued → sending → sent (or stored, without SMTP); a failed attempt leaves it retrying,
// and once the job's retries are spent it is failed and tried again at a slow pace (decision 0004).
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export type MailAttachment = { filename: string; contentType: string; content: string };

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Extra headers of the message (List-Unsubscribe and List-Unsubscribe-Post of campaign mail). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Small text attachments (an appointment's .ics invitation), sent with every attempt. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The Message-ID header, fixed when the row is written: every attempt and resend carries it. */
    messageId: text("message_id"),
    /** The pg-boss job meant to deliver it; a job with another id finds nothing to do. */
    jobId: uuid("job_id"),
    /** When that job was queued: the sweep leaves young rows alone. */
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while an attempt talks to the SMTP server; an old claim is an attempt that died. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** The liveness key of the process whose attempt holds the claim (server/jobs/liveness.ts). */
    claimedBy: integer("claimed_by"),
    /** For a failed message: when the slow retry tries it again. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("mail_outbox_account_time_idx").on(t.accountId, t.createdAt),
    // The sweep's and the staff filter's look-up: only messages not yet out, across all sites.
    index("mail_outbox_pending_idx").on(t.queuedAt).where(sql`status not in ('sent', 'stored')`),
    ...tenantPolicies(),
  ],
);
