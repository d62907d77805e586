// Messages from the platform to a site's owner (spec §3 account_notifications).
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

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
