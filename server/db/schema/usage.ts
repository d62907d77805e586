// Usage meters (spec §9): what each site used of the platform's metered services, per calendar
// month (UTC). One row a site, meter and month; a use adds to it in one atomic statement that also
// checks the plan's limit, so two requests racing for the last unit cannot both get it.
import { sql } from "drizzle-orm";
import { bigint, check, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export const usageMeters = pgTable(
  "usage_meters",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    meter: text("meter").notNull(),
    /** The first day of the month the use falls in (UTC). */
    period: date("period").notNull(),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.meter, t.period] }),
    check("usage_meters_value_check", sql`value >= 0`),
    ...tenantPolicies(),
  ],
);

/** Members active on a site in a month: the monthly-active-users meter counts each one once. */
export const activeMembers = pgTable(
  "active_members",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    period: date("period").notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.period, t.userId] }), ...tenantPolicies()],
);
