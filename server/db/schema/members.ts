// Who belongs to a site and what they may do there: a members row per person per site, with a role.
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
import type { MenuPreferenceItem } from "../../../core/account";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";
import { users } from "./auth";

export const roles = pgTable(
  "roles",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    roleId: uuid("role_id").notNull().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    caps: jsonb("caps").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.roleId] }),
    uniqueIndex("roles_account_name_idx").on(t.accountId, t.name),
    ...tenantPolicies(),
  ],
);

export const members = pgTable(
  "members",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    slug: text("slug").notNull(),
    roleId: uuid("role_id").notNull(),
    /** The member's chosen interface language on this site (one of core LANGUAGE_CODES); null = the site's. */
    language: text("language"),
    /** Dashboard sidebar order and visibility (spec §2); null = the default menu. */
    menuPreference: jsonb("menu_preference").$type<MenuPreferenceItem[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("members_account_user_idx").on(t.accountId, t.userId),
    uniqueIndex("members_account_slug_idx").on(t.accountId, t.slug),
    index("members_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    foreignKey({ columns: [t.accountId, t.roleId], foreignColumns: [roles.accountId, roles.roleId] }),
    ...tenantPolicies(),
  ],
);

/** Integration keys: only a hash is kept; the key itself is shown once when it is created. */
export const apiKeys = pgTable(
  "api_keys",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdBy: uuid("created_by").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    foreignKey({ columns: [t.accountId, t.createdBy], foreignColumns: [members.accountId, members.id] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);

/**
 * People invited to a site by e-mail. The e-mail carries a link with a random token, of which only
 * the hash is kept; whoever holds the link and signs in with the invited address may accept (and
 * joins with the role) or decline, until it expires. Answered, withdrawn or declined, the row goes.
 */
export const invitations = pgTable(
  "invitations",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    /** Stored lower-cased; one open invitation per address per site. */
    email: text("email").notNull(),
    name: text("name"),
    roleId: uuid("role_id").notNull(),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    sentCount: integer("sent_count").notNull().default(1),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 (hex) of the token in the latest e-mail's link; a resend replaces it. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("invitations_account_email_idx").on(t.accountId, t.email),
    uniqueIndex("invitations_account_token_idx").on(t.accountId, t.tokenHash),
    foreignKey({ columns: [t.accountId, t.roleId], foreignColumns: [roles.accountId, roles.roleId] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);
