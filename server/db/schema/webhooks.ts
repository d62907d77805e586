// Outgoing webhooks (decision 0034): a site's endpoints and the log of every attempt to deliver an
// event to one of them. The log is kept for 30 days.
import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The outbox event names it subscribes to (core/webhooks.ts WEBHOOK_EVENTS). */
    events: text("events").array().notNull(),
    /** The HMAC key of its signatures (whsec_…); kept as is, because signing needs it. */
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Failed attempts since the last success; at DISABLE_AFTER_FAILURES the endpoint is switched off. */
    failureStreak: integer("failure_streak").notNull().default(0),
    /** Set when it was switched off for failing (not by a person). */
    disabledForFailuresAt: timestamp("disabled_for_failures_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), ...tenantPolicies()],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    endpointId: uuid("endpoint_id").notNull(),
    /** The outbox event's id (a fresh one for a test ping): the same on every attempt. */
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").notNull(),
    attempt: integer("attempt").notNull(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out, blocked). */
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    delivered: boolean("delivered").notNull(),
    /** When the next attempt is due; null after a success or the last attempt. */
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      columns: [t.accountId, t.endpointId],
      foreignColumns: [webhookEndpoints.accountId, webhookEndpoints.id],
    }).onDelete("cascade"),
    // One row per attempt: a job that runs twice records (and sends) its attempt once.
    uniqueIndex("webhook_deliveries_attempt_idx").on(t.accountId, t.endpointId, t.eventId, t.attempt),
    index("webhook_deliveries_endpoint_idx").on(t.accountId, t.endpointId, t.createdAt),
    index("webhook_deliveries_created_idx").on(t.createdAt),
    // The sweep's look-up of overdue retries: only rows that still wait for one.
    index("webhook_deliveries_retry_idx").on(t.nextRetryAt).where(sql`next_retry_at is not null`),
    ...tenantPolicies(),
  ],
);
