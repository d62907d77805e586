// Messages from the platform to a site's owner (spec §3 account_notifications), and a member's own
// notifications in the header bell (spec §3 notifications: course events, chat, system).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";
import { members } from "./members";

export const accountNotifications = pgTable(
  "account_notifications",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    message: text("message").notNull(),
    severity: smallint("severity").notNull().default(1),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("account_notifications_unread_idx").on(t.accountId, t.read),
    check("account_notifications_severity_check", sql`severity between 1 and 5`),
    ...tenantPolicies(),
  ],
);

/** One notification for one member of a site; it goes when the membership goes. */
export const notifications = pgTable(
  "notifications",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    /** The recipient's users.id (a member of this site). */
    userId: text("user_id").notNull(),
    component: text("component").notNull().default("system"),
    type: text("type").notNull().default("other"),
    title: text("title").notNull(),
    /** Plain text or sanitised HTML (basic formatting and links). */
    message: text("message").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    itemId: text("item_id"),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("notifications_recipient_idx").on(t.accountId, t.userId, t.read, t.createdAt),
    foreignKey({ columns: [t.accountId, t.userId], foreignColumns: [members.accountId, members.userId] }).onDelete(
      "cascade",
    ),
    check("notifications_type_check", sql`type in ('chat', 'other')`),
    ...tenantPolicies(),
  ],
);
