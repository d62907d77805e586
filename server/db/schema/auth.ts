// better-auth's tables. A person has one login on the platform (`users`); sessions are per site
// because cookies are per host, so each session records the account it was opened on.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgPolicy, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accountIdColumn, CURRENT_ACCOUNT_ID, platformRole, tenantPolicies, tenantRole } from "./_tenancy";

// A site reads the logins of its own people only — its members, and whoever holds a session on it
// (someone signing in is about to join) — and only the columns granted in server/db/grants.ts.
// Looking a person up across the platform (an invitation by e-mail) goes through withPlatform.
const sitePeople = sql.raw(
  `exists (select 1 from members m where m.account_id = ${CURRENT_ACCOUNT_ID} and m.user_id = users.id)` +
    ` or exists (select 1 from sessions s where s.account_id = ${CURRENT_ACCOUNT_ID} and s.user_id = users.id)`,
);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    pgPolicy("site_people", { as: "permissive", for: "select", to: tenantRole, using: sitePeople }),
    pgPolicy("platform_access", {
      as: "permissive",
      for: "all",
      to: platformRole,
      using: sql`true`,
      withCheck: sql`true`,
    }),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    accountId: accountIdColumn(),
    token: text("token").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sessions_account_user_idx").on(t.accountId, t.userId),
    index("sessions_token_idx").on(t.token),
    ...tenantPolicies(),
  ],
);

/** A session ended by the site rather than by its holder, so the next request can say why. */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    accountId: accountIdColumn(),
    tokenHash: text("token_hash").notNull(),
    reason: text("reason").notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ended_sessions_account_token_idx").on(t.accountId, t.tokenHash), ...tenantPolicies()],
);

/** better-auth's "account": the credential (password hash) of a user, not a site. */
export const authAccounts = pgTable("auth_accounts", {
  id: text("id").primaryKey(),
  accountId: text("provider_account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  password: text("password"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_idx").on(t.userId)],
);

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey().default(sql`gen_random_uuid()::text`),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});
