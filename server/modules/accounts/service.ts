import { and, eq, sql } from "drizzle-orm";
import { ZAccountSettings } from "../../../core/account";
import { DEFAULT_SITE_FEATURES, isSiteFeature, planFeatureFor, type SiteFeatures } from "../../../core/features";
import { PLAN_IDS, planAllows } from "../../../core/plans";
import { normalizeHost } from "../../../core/domain-rule";
import { isAcceptableCustomDomain } from "../../../core/site-address";
import { isValidSiteSlug } from "../../../core/site-slug-rule";
import type { Db, Tx } from "../../db/client";
import { accounts as accountsTable, members, roles, siteSuspensions } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { AppError, fieldError } from "../../errors";
import { bus } from "../../realtime/bus";
import { announceChange, siteConfig, updateConfig } from "./config";
import { hostCache } from "./host-cache";
import { ACCOUNT_CHANGED, type AccountRow, toSite } from "./row";
import type { HostResolution, SiteAccount } from "./types";
import { DEFAULT_ROLES } from "../../../core/roles";
import { uniqueMemberSlug } from "../members";
import { siteBilling } from "../billing";

export const PLATFORM_SLUG = "www";

bus.on(ACCOUNT_CHANGED, (id) => hostCache.invalidateAccount(String(id)));
// The bus was away: any site may have changed meanwhile (its configuration is cached with its host).
bus.onResync(() => hostCache.clear());

/** The site's row with its suspension, if any: what a request needs to know about its site. */
function selectSite(tx: Tx) {
  return tx
    .select({ row: accountsTable, reason: siteSuspensions.reason, since: siteSuspensions.suspendedAt })
    .from(accountsTable)
    .leftJoin(siteSuspensions, eq(siteSuspensions.siteId, accountsTable.accountId));
}

type SelectedSite = { row: AccountRow; reason: string | null; since: Date | null };
const selectedToSite = (r: SelectedSite) =>
  toSite(r.row, r.reason !== null && r.since ? { reason: r.reason, since: r.since.toISOString() } : null);

async function lookupHost(db: Db, baseDomain: string, host: string): Promise<HostResolution> {
  const base = baseDomain.toLowerCase();
  return withPlatform(db, async (tx) => {
    let found: SelectedSite | undefined;
    if (host === base) {
      [found] = await selectSite(tx).where(eq(accountsTable.isPlatform, true)).limit(1);
    } else if (host.endsWith(`.${base}`)) {
      const slug = host.slice(0, -(base.length + 1));
      if (!slug.includes(".")) {
        [found] = await selectSite(tx).where(eq(accountsTable.slug, slug)).limit(1);
        if (found?.row.isPlatform) found = undefined;
      }
    } else {
      const bare = normalizeHost(host);
      if (isAcceptableCustomDomain(bare)) {
        [found] = await selectSite(tx).where(eq(accountsTable.domain, bare)).limit(1);
      }
    }
    return found ? { kind: "site", site: selectedToSite(found) } : { kind: "unknown" };
  });
}

async function seedRoles(tx: Tx, accountId: string) {
  await tx
    .insert(roles)
    .values(DEFAULT_ROLES.map((r) => ({ accountId, name: r.name, caps: [...r.caps] })))
    .onConflictDoNothing();
}

async function createAccountRow(
  tx: Tx,
  input: { slug: string; sitetitle: string; ownerUserId: string | null; isPlatform?: boolean; plan?: string | null },
) {
  const settings = ZAccountSettings.parse({ sitetitle: input.sitetitle, plan: input.plan ?? null });
  const [row] = await tx
    .insert(accountsTable)
    .values({
      slug: input.slug,
      isPlatform: input.isPlatform ?? false,
      ownerUserId: input.ownerUserId,
      settings,
      features: { ...DEFAULT_SITE_FEATURES },
    })
    .returning();
  await seedRoles(tx, row.accountId);
  return row;
}

export const accounts = {
  /** The site for a Host header value, or unknown. The platform's own site answers the base domain. */
  async resolveHost(db: Db, baseDomain: string, rawHost: string | undefined | null): Promise<HostResolution> {
    const host = (rawHost ?? "").trim().toLowerCase().replace(/\.$/, "");
    if (!host) return { kind: "unknown" };
    const cached = hostCache.get(db, host);
    if (cached) return cached;
    const resolved = await lookupHost(db, baseDomain, host);
    hostCache.set(db, host, resolved);
    return resolved;
  },

  async bySlug(db: Db, slug: string): Promise<SiteAccount | null> {
    const [found] = await withPlatform(db, (tx) => selectSite(tx).where(eq(accountsTable.slug, slug)).limit(1));
    return found ? selectedToSite(found) : null;
  },

  /** A site by id with its suspension (staff screens), or null. */
  async byId(db: Db, accountId: string): Promise<SiteAccount | null> {
    const [found] = await withPlatform(db, (tx) =>
      selectSite(tx).where(eq(accountsTable.accountId, accountId)).limit(1),
    );
    return found ? selectedToSite(found) : null;
  },

  async getPlatform(db: Db): Promise<SiteAccount | null> {
    const [row] = await withPlatform(db, (tx) =>
      tx.select().from(accountsTable).where(eq(accountsTable.isPlatform, true)).limit(1),
    );
    return row ? toSite(row) : null;
  },

  async ensurePlatform(db: Db, sitetitle = "Atrium"): Promise<SiteAccount> {
    const existing = await accounts.getPlatform(db);
    if (existing) return existing;
    const row = await withPlatform(db, (tx) =>
      createAccountRow(tx, { slug: PLATFORM_SLUG, sitetitle, ownerUserId: null, isPlatform: true }),
    );
    return toSite(row);
  },

  /**
   * Creates a site for an account owner (`/dashboard/setup`): the account, its seeded roles and the
   * owner's admin membership, in one transaction.
   */
  async createSite(
    db: Db,
    owner: { userId: string; name: string; email: string },
    input: { slug: string; sitetitle: string; plan?: string | null },
  ): Promise<SiteAccount> {
    const slug = input.slug.trim().toLowerCase();
    if (!isValidSiteSlug(slug)) {
      throw fieldError(
        "validation_failed",
        "slug",
        "This address is not available: use 3 to 40 lowercase letters, digits or hyphens, not a reserved word",
      );
    }
    const sitetitle = input.sitetitle.trim();
    if (!sitetitle || sitetitle.length > 120) {
      throw fieldError("validation_failed", "sitetitle", "Site title is required (at most 120 characters)");
    }
    try {
      const row = await withPlatform(db, async (tx) => {
        // A new site starts on Starter (its 30-day trial) unless a plan is given; null is "no plan".
        const plan = input.plan === undefined ? PLAN_IDS.starter : input.plan;
        const created = await createAccountRow(tx, { slug, sitetitle, ownerUserId: owner.userId, plan });
        if (plan) await siteBilling.startTrial(tx, created.accountId, plan);
        const [admin] = await tx
          .select()
          .from(roles)
          .where(and(eq(roles.accountId, created.accountId), eq(roles.name, "admin")));
        await tx.insert(members).values({
          accountId: created.accountId,
          userId: owner.userId,
          name: owner.name,
          email: owner.email,
          slug: await uniqueMemberSlug(tx, created.accountId, owner.name || owner.email),
          roleId: admin.roleId,
        });
        return created;
      });
      await bus.publish(ACCOUNT_CHANGED, row.accountId);
      return toSite(row);
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw fieldError("conflict", "slug", "This address is already taken");
      }
      throw err;
    }
  },

  /** Sites a person owns, for the account-owner dashboard. */
  async ownedBy(db: Db, userId: string): Promise<SiteAccount[]> {
    const rows = await withPlatform(db, (tx) =>
      tx.select().from(accountsTable).where(eq(accountsTable.ownerUserId, userId)).orderBy(accountsTable.createdAt),
    );
    return rows.map((r) => toSite(r));
  },

  async isOwnerUser(_db: Db, site: SiteAccount, userId: string): Promise<boolean> {
    return site.ownerUserId === userId;
  },

  /** Applies a change to an account row inside a tenant transaction and tells every process. */
  async update(
    db: Db,
    accountId: string,
    patch: Partial<
      Pick<AccountRow, "slug" | "domain" | "settings" | "features" | "menus" | "header" | "footer" | "theme" | "misc">
    >,
  ) {
    if (patch.domain != null) {
      const d = normalizeHost(patch.domain);
      if (!isAcceptableCustomDomain(d)) {
        throw fieldError("validation_failed", "domain", "This is not a valid domain name");
      }
      patch = { ...patch, domain: d };
    }
    if (patch.slug !== undefined && !isValidSiteSlug(patch.slug)) {
      throw fieldError("validation_failed", "slug", "This address is not available");
    }
    let row: AccountRow | undefined;
    try {
      [row] = await withTenant(db, accountId, (tx) =>
        tx
          .update(accountsTable)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(eq(accountsTable.accountId, accountId))
          .returning(),
      );
    } catch (err) {
      // Another site already has this slug or domain: the same answer createSite gives, not a 500.
      if (isUniqueViolation(err)) {
        const constraint = String((err as { cause?: { constraint?: unknown } }).cause?.constraint ?? "");
        const field = constraint.includes("domain") ? "domain" : "slug";
        throw fieldError("conflict", field, "This address is already taken");
      }
      throw err;
    }
    if (!row) throw new AppError("not_found", "Site not found");
    await announceChange(accountId);
    return toSite(row);
  },

  /** Switches site flags; a flag the plan does not include cannot be switched on (§6 gating). */
  async setFeatures(db: Db, site: SiteAccount, patch: Partial<SiteFeatures>): Promise<SiteAccount> {
    for (const [name, on] of Object.entries(patch)) {
      if (!isSiteFeature(name)) throw fieldError("validation_failed", name, `Unknown feature "${name}"`);
      const needs = planFeatureFor(name);
      if (on && needs && !site.features[name] && !planAllows(site.settings.plan, needs)) {
        throw fieldError("plan_required", name, `The site's plan does not include ${name}`);
      }
    }
    return accounts.update(db, site.accountId, { features: { ...site.features, ...patch } });
  },

  /** The editable configuration of a site, defaults filled in (settings without plan and backend). */
  config: siteConfig,
  /** Merges a configuration patch (validated with core's ZAccountConfigPatch) over the stored one. */
  updateConfig,

  /** Drops the site's cached host entry (its settings and configuration) and its cached pages, everywhere. */
  invalidate: (accountId: string) => announceChange(accountId),
  /** Drops this database's cached host resolutions (when a database is closed). */
  forgetCache: (db: Db) => hostCache.forget(db),
};

export function isUniqueViolation(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === "object" && !seen.has(e)) {
    seen.add(e);
    if ((e as { code?: string }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
