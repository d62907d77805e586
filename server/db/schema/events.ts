// The domain-event outbox: a change and the events it causes commit together, then a job turns each
// event into notifications, e-mails and (later) automations. Nothing is lost on a crash: unprocessed
// rows are swept and retried.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export const eventOutbox = pgTable(
  "event_outbox",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    /** The spec's event name, e.g. course_subscribed. */
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** The member who caused it (users.id), when there is one. */
    actorId: text("actor_id"),
    attempts: integer("attempts").notNull().default(0),
    /** The pg-boss job queued to handle it: when pg-boss no longer holds it, the sweep queues another. */
    jobId: uuid("job_id"),
    /**
     * Set while a worker handles it; the claim is abandoned once the claiming process is gone
     * (its liveness key, server/jobs/liveness.ts) or the claim is five minutes old.
     */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    claimedBy: integer("claimed_by"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("event_outbox_pending_idx").on(t.createdAt).where(sql`processed_at is null`),
    index("event_outbox_account_type_idx").on(t.accountId, t.type, t.createdAt),
    ...tenantPolicies(),
  ],
);
