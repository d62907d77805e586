// The platform's plan catalogue (spec §6, §9). A platform table: no account owns a plan.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const plans = pgTable("plans", {
  id: uuid("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  label: text("label").notNull(),
  description: text("description").notNull(),
  kind: text("kind").notNull(),
  features: jsonb("features").$type<string[]>().notNull(),
  addons: jsonb("addons").$type<string[]>().notNull(),
  limits: jsonb("limits").$type<Record<string, unknown>>().notNull(),
  pricing: jsonb("pricing").$type<Record<string, unknown>>().notNull(),
  trialDays: integer("trial_days").notNull(),
  concurrentUsers: integer("concurrent_users").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A site's plan subscription with the platform: one row a site (its current state). A platform
 * table keyed by `site_id`, not `account_id`, so a site's own role can never read or change it;
 * the owner's billing screen reads it through the billing service.
 */
export const siteSubscriptions = pgTable(
  "site_subscriptions",
  {
    siteId: uuid("site_id")
      .primaryKey()
      .references(() => accounts.accountId, { onDelete: "cascade" }),
    planId: uuid("plan_id").notNull(),
    /** monthly | annual | onetime */
    period: text("period").notNull(),
    /** trialing | active | past_due | canceled */
    status: text("status").notNull(),
    /** trial | offline | stripe */
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A change the owner asked for that staff grant (offline payment): plan id and period. */
    requestedPlanId: uuid("requested_plan_id"),
    requestedPeriod: text("requested_period"),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    /** When the owner was told the trial or the paid period ends soon (cleared when it moves on). */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** When the period ended unpaid and the site went past due (the grace period runs from here). */
    pastDueSince: timestamp("past_due_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check("site_subscriptions_period_check", sql`period in ('monthly', 'annual', 'onetime')`),
    check("site_subscriptions_status_check", sql`status in ('trialing', 'active', 'past_due', 'canceled')`),
  ],
);

/** Every staff action on the platform (plan changes, trials, suspensions), readable by staff. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    /** The site acted on, when there is one. */
    siteId: uuid("site_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_time_idx").on(t.createdAt), index("audit_log_site_idx").on(t.siteId, t.createdAt)],
);

/**
 * A site staff have suspended (decision 0031): one row while it is suspended, removed on restore
 * (the audit log keeps the history). A platform table keyed by `site_id`, so a site's own role can
 * neither read nor clear it; host resolution reads it with the site.
 */
export const siteSuspensions = pgTable("site_suspensions", {
  siteId: uuid("site_id")
    .primaryKey()
    .references(() => accounts.accountId, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  suspendedByEmail: text("suspended_by_email").notNull(),
  suspendedAt: timestamp("suspended_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a site paid the platform (decision 0035): one row per charge, made when the owner starts a
 * card checkout (open) or when staff grant a plan paid offline (paid), and one per renewal the
 * provider reports. `number` is the receipt number, sequential across the platform.
 */
export const platformInvoices = pgTable(
  "platform_invoices",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    number: integer("number").generatedAlwaysAsIdentity().notNull().unique(),
    siteId: uuid("site_id")
      .notNull()
      .references(() => accounts.accountId, { onDelete: "cascade" }),
    planId: uuid("plan_id").notNull(),
    period: text("period").notNull(),
    /** Minor units (US cents). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("USD"),
    /** open | paid | void */
    status: text("status").notNull(),
    /** stripe | offline */
    provider: text("provider").notNull(),
    /** Stripe: the checkout session (first payment) or the provider's event (renewals). */
    providerRef: text("provider_ref"),
    /** Stripe: the subscription the charge belongs to. */
    subscriptionRef: text("subscription_ref"),
    /** Who started it (the owner's e-mail) or who granted it (staff). */
    byEmail: text("by_email"),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("platform_invoices_site_idx").on(t.siteId, t.createdAt),
    index("platform_invoices_time_idx").on(t.createdAt),
    index("platform_invoices_ref_idx").on(t.providerRef),
    check("platform_invoices_status_check", sql`status in ('open', 'paid', 'void')`),
    check("platform_invoices_period_check", sql`period in ('monthly', 'annual', 'onetime')`),
  ],
);

/** Provider messages about plan payments, by id: a message is acted on once (replays find it here). */
export const platformPaymentEvents = pgTable(
  "platform_payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    siteId: uuid("site_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
