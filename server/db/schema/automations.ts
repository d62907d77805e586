// Automations (spec §3, §5, §9; decision 0047): the owner's When / Only if / Then rules, and one run
// per (automation, cause) — the event of the outbox, a manual run on a member, a re-run — with what
// its conditions and each action did. The run row is the unit of work: the job that handles it reads
// it, and its unique `dedupe_key` is what makes each event run each automation once.
import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Action, AutomationTrigger, Condition, ConditionKey, TimeDelayArgs } from "../../../core/automations";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export const AUTOMATION_STATUSES = ["active", "paused"] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];

export const automations = pgTable(
  "automations",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    /** Spec §3 trigger_type. */
    trigger: text("trigger_type").$type<AutomationTrigger>().notNull(),
    /** time_delay's event and delay; null for the other triggers. */
    triggerArgs: jsonb("trigger_args").$type<TimeDelayArgs | null>(),
    conditions: jsonb("conditions").$type<Condition[]>().notNull().default([]),
    actions: jsonb("actions").$type<Action[]>().notNull().default([]),
    status: text("status", { enum: AUTOMATION_STATUSES }).notNull().default("active"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("automations_trigger_idx").on(t.accountId, t.trigger).where(sql`status = 'active'`),
    ...tenantPolicies(),
  ],
);

export const AUTOMATION_RUN_STATUSES = [
  /** Waiting for its job (or for its time, a delayed run). */
  "queued",
  "running",
  /** Every action succeeded. */
  "succeeded",
  /** A condition did not hold: no action ran. */
  "skipped",
  /** At least one action failed after its retries (the others still ran). */
  "failed",
] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];

/** One action's outcome in a run, in the automation's order. */
export type AutomationActionResult = {
  key: Action["key"];
  status: "pending" | "ok" | "error";
  /** What the action did ("tag vip added") or why it failed. */
  message?: string;
  attempts: number;
  at?: string;
};

export type AutomationFailedCondition = { index: number; key: ConditionKey; reason: string };

export const automationRuns = pgTable(
  "automation_runs",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    automationId: uuid("automation_id").notNull(),
    /**
     * What makes the run once: `event:<outbox id>` for an event, `manual:<request>:<user>` for a
     * manual run, `rerun:<run id>:<request>` for a re-run.
     */
    dedupeKey: text("dedupe_key").notNull(),
    /** The outbox event that caused it, when one did. */
    eventId: uuid("event_id"),
    /** The event's type, or manual. */
    trigger: text("trigger").notNull(),
    /** The event's payload as it was (a re-run uses it again). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** The member the run is about (users.id), and/or the address. */
    userId: text("user_id"),
    email: text("email"),
    status: text("status", { enum: AUTOMATION_RUN_STATUSES }).notNull().default("queued"),
    failedConditions: jsonb("failed_conditions").$type<AutomationFailedCondition[]>().notNull().default([]),
    actionResults: jsonb("action_results").$type<AutomationActionResult[]>().notNull().default([]),
    attempts: integer("attempts").notNull().default(0),
    /** When it is due: now, or later for a time_delay run. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** The run this one re-runs. */
    rerunOf: uuid("rerun_of"),
    /** The pg-boss job queued for it: when pg-boss no longer holds it, the sweep queues another. */
    jobId: uuid("job_id"),
    /** The working process that claimed it (its liveness key) and when. */
    claimedBy: text("claimed_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      columns: [t.accountId, t.automationId],
      foreignColumns: [automations.accountId, automations.id],
      name: "automation_runs_automation_fk",
    }).onDelete("cascade"),
    uniqueIndex("automation_runs_dedupe_idx").on(t.accountId, t.automationId, t.dedupeKey),
    index("automation_runs_log_idx").on(t.accountId, t.automationId, t.createdAt),
    index("automation_runs_pending_idx").on(t.runAt).where(sql`status in ('queued', 'running')`),
    ...tenantPolicies(),
  ],
);

/** redirect_user: where a member is sent on their next page view of the site (the latest wins). */
export const automationRedirects = pgTable(
  "automation_redirects",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    url: text("url").notNull(),
    runId: uuid("run_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), ...tenantPolicies()],
);
