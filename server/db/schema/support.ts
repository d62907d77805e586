// What people tell us: feedback from the dashboard tab, support tickets with their threads, and
// errors reported by browsers.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { TICKET_CATEGORIES, TICKET_STATUSES } from "../../../core/support-tickets";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";
import { users } from "./auth";

export const feedback = pgTable(
  "feedback",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    userId: text("user_id"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), ...tenantPolicies()],
);

const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * A site's support ticket (spec §3: category, status), opened by its owner or a manage_options
 * holder and answered by platform staff. The thread is in ticket_replies, the opening message first.
 */
export const tickets = pgTable(
  "tickets",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    category: text("category").notNull(),
    status: text("status").notNull().default("unresolved"),
    subject: text("subject").notNull(),
    openedBy: text("opened_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastReplyAt: timestamp("last_reply_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("tickets_account_status_idx").on(t.accountId, t.status, t.lastReplyAt),
    // The staff list: every site's tickets, by status, most recently active first.
    index("tickets_status_last_reply_idx").on(t.status, t.lastReplyAt),
    check("tickets_category_check", sql`category in (${oneOf(TICKET_CATEGORIES)})`),
    check("tickets_status_check", sql`status in (${oneOf(TICKET_STATUSES)})`),
    ...tenantPolicies(),
  ],
);

/** A file of the site's media library attached to a reply. */
export type TicketAttachment = { mediaId: string; url: string; filename: string };

/** One message of a ticket's thread: plain text, from the site's side or from staff. */
export const ticketReplies = pgTable(
  "ticket_replies",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    ticketId: uuid("ticket_id").notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name when they wrote, so the thread reads the same after they leave. */
    authorName: text("author_name").notNull(),
    isStaff: boolean("is_staff").notNull().default(false),
    body: text("body").notNull(),
    attachments: jsonb("attachments").$type<TicketAttachment[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({ columns: [t.accountId, t.ticketId], foreignColumns: [tickets.accountId, tickets.id] }).onDelete(
      "cascade",
    ),
    index("ticket_replies_ticket_idx").on(t.accountId, t.ticketId, t.createdAt),
    ...tenantPolicies(),
  ],
);

export const clientErrors = pgTable(
  "client_errors",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    userId: text("user_id"),
    message: text("message").notNull(),
    url: text("url"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("client_errors_account_time_idx").on(t.accountId, t.createdAt),
    ...tenantPolicies(),
  ],
);

/** Platform updates published by staff; owners receive them through getUpdates. */
export const platformUpdates = pgTable("platform_updates", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  title: text("title").notNull(),
  body: text("body").notNull(),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
});
