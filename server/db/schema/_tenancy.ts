// Row-level security shared by every tenant table: the database itself keeps sites apart.
// `atrium_tenant` sees only rows of the account set by withTenant(); `atrium_platform` is the
// explicit cross-tenant role used by withPlatform(). Both roles are created before migrations run.
import { sql } from "drizzle-orm";
import { pgPolicy, pgRole, uuid } from "drizzle-orm/pg-core";

export const tenantRole = pgRole("atrium_tenant").existing();
export const platformRole = pgRole("atrium_platform").existing();

/** The account withTenant() named for this transaction (null outside one). */
export const CURRENT_ACCOUNT_ID = "nullif(current_setting('app.account_id', true), '')::uuid";

const currentAccount = sql.raw(`account_id = ${CURRENT_ACCOUNT_ID}`);

/** The tenant column: NOT NULL on every tenant-owned table, leading every unique index and foreign key. */
export const accountIdColumn = () => uuid("account_id").notNull();

/** Policies for a tenant table (RLS is enabled by their presence; FORCE is applied after migrating). */
export const tenantPolicies = () => [
  pgPolicy("tenant_isolation", {
    as: "permissive",
    for: "all",
    to: tenantRole,
    using: currentAccount,
    withCheck: currentAccount,
  }),
  pgPolicy("platform_access", {
    as: "permissive",
    for: "all",
    to: platformRole,
    using: sql`true`,
    withCheck: sql`true`,
  }),
];
