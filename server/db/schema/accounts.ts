// Accounts are the tenants: one row a site. The platform's own site is an account too (is_platform),
// so everything it publishes lives under an account_id like any other site's content.
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { tenantPolicies } from "./_tenancy";
import { users } from "./auth";
import type {
  AccountCaps,
  AccountFooter,
  AccountHeader,
  AccountMenus,
  AccountMisc,
  AccountSettings,
  AccountTheme,
} from "../../../core/account";
import type { SiteFeatures } from "../../../core/features";

export const accounts = pgTable(
  "accounts",
  {
    accountId: uuid("account_id").primaryKey().default(sql`gen_random_uuid()`),
    slug: text("slug").notNull(),
    domain: text("domain"),
    isPlatform: boolean("is_platform").notNull().default(false),
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "restrict" }),
    settings: jsonb("settings").$type<AccountSettings>().notNull(),
    menus: jsonb("menus").$type<AccountMenus>().notNull().default({ header: [], mobile: [] }),
    header: jsonb("header").$type<AccountHeader>().notNull().default({}),
    footer: jsonb("footer").$type<AccountFooter>().notNull().default({}),
    theme: jsonb("theme").$type<AccountTheme>().notNull().default({}),
    misc: jsonb("misc").$type<AccountMisc>().notNull().default({}),
    caps: jsonb("caps").$type<AccountCaps>().notNull().default({}),
    features: jsonb("features").$type<SiteFeatures>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounts_slug_idx").on(t.slug),
    uniqueIndex("accounts_domain_idx").on(t.domain),
    uniqueIndex("accounts_one_platform_idx").on(t.isPlatform).where(sql`is_platform`),
    ...tenantPolicies(),
  ],
);
