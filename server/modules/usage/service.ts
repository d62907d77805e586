// The one place a site's use of its plan is counted and checked (spec §6, §9, decision 0028).
// Every write of something limited calls it inside the write's own transaction, so the count and
// the thing counted commit together, and two requests racing for the last unit cannot both get it:
// - a monthly meter moves with one `insert … on conflict do update … where value + n <= limit`, so
//   the check and the addition are one atomic statement on the meter's row;
// - a count of rows (members, courses, pages) is taken under a transaction-scoped advisory lock on
//   the (site, limit) pair, so the next creator waits for this one's commit before counting.
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import {
  COUNT_LIMITS,
  type CountLimit,
  fitsLimit,
  type LimitName,
  limitOf,
  METER_LIMIT,
  planLimitDetails,
  planLimitMessage,
  planRequiredDetails,
} from "../../../core/plan-limits";
import { planAllows, planAllowsAddon, USAGE_METER_KEYS, type UsageMeterKey } from "../../../core/plans";
import type { Db, Tx } from "../../db/client";
import { activeMembers, courses, funnels, groups, media, members, pages, usageMeters } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";

/** The part of a site the meters need: whose, and which plan. The platform's own site is not metered. */
export type MeteredSite = { accountId: string; isPlatform?: boolean; settings: { plan: string | null } };

/** The first day of the month a moment falls in, UTC, as the `date` the meters are keyed by. */
export function periodOf(at: Date = new Date()): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

/** Refuses with plan_required unless the site's plan includes the feature (§6); details name what does. */
export function requirePlanFeatureOf(site: MeteredSite, feature: string): void {
  if (site.isPlatform || planAllows(site.settings.plan, feature)) return;
  throw planRequiredError(site, feature);
}

/** Refuses with plan_required unless the site's plan includes the addon (planAllowsAddon, §3). */
export function requireAddonOf(site: MeteredSite, addon: string): void {
  if (site.isPlatform || planAllowsAddon(site.settings.plan, addon)) return;
  throw addonRequiredError(site, addon);
}

/** The plan_required refusal for an addon the site's plan does not include; details name the plan that does. */
export function addonRequiredError(site: MeteredSite, addon: string): AppError {
  return new AppError(
    "plan_required",
    `The site's plan does not include the ${addon} addon`,
    planRequiredDetails(site.settings.plan, addon, { addon: true }),
  );
}

export function planRequiredError(site: MeteredSite, feature: string): AppError {
  return new AppError(
    "plan_required",
    `The site's plan does not include ${feature}`,
    planRequiredDetails(site.settings.plan, feature),
  );
}

export function planLimitError(site: MeteredSite, name: LimitName, used: number): AppError {
  const details = planLimitDetails(site.settings.plan, name, used);
  return new AppError("plan_limit", planLimitMessage(details), details);
}

async function meterValue(tx: Tx, accountId: string, meter: UsageMeterKey, period: string): Promise<number> {
  const [row] = await tx
    .select({ value: usageMeters.value })
    .from(usageMeters)
    .where(and(eq(usageMeters.accountId, accountId), eq(usageMeters.meter, meter), eq(usageMeters.period, period)));
  return row?.value ?? 0;
}

/** How many of a counted thing the site holds now (inside the caller's transaction). */
async function held(tx: Tx, accountId: string, name: CountLimit | "images" | "videos" | "storage"): Promise<number> {
  switch (name) {
    case "totalMembers":
      return one(tx.select({ n: count() }).from(members).where(eq(members.accountId, accountId)));
    case "courses":
      return one(tx.select({ n: count() }).from(courses).where(eq(courses.accountId, accountId)));
    case "pages":
      return one(
        tx
          .select({ n: count() })
          .from(pages)
          .where(and(eq(pages.accountId, accountId), eq(pages.kind, "page"))),
      );
    case "images":
    case "videos": {
      const prefix = name === "images" ? "image/%" : "video/%";
      return one(
        tx
          .select({ n: count() })
          .from(media)
          .where(and(eq(media.accountId, accountId), sql`${media.mime} like ${prefix}`)),
      );
    }
    case "storage": {
      const [r] = await tx
        .select({ n: sql<string>`coalesce(sum(${media.size}), 0)` })
        .from(media)
        .where(eq(media.accountId, accountId));
      return Math.ceil(Number(r?.n ?? 0) / (1024 * 1024));
    }
    case "funnels":
      return one(tx.select({ n: count() }).from(funnels).where(eq(funnels.accountId, accountId)));
    case "groups":
      return one(tx.select({ n: count() }).from(groups).where(eq(groups.accountId, accountId)));
    default:
      return 0;
  }
}

async function one(q: Promise<{ n: number }[]>): Promise<number> {
  const [r] = await q;
  return Number(r?.n ?? 0);
}

export const usage = {
  /**
   * Adds `amount` to this month's meter, or refuses with plan_limit when the plan's limit would be
   * passed. `enforce: false` counts without refusing: mail a person asked for (a password reset, a
   * receipt) is never held back by a marketing allowance.
   */
  async use(
    tx: Tx,
    site: MeteredSite,
    meter: UsageMeterKey,
    amount = 1,
    opts: { enforce?: boolean; at?: Date } = {},
  ): Promise<number> {
    if (site.isPlatform || amount <= 0) return 0;
    const period = periodOf(opts.at);
    const limitName = METER_LIMIT[meter];
    const limit = opts.enforce === false || !limitName ? null : limitOf(site.settings.plan, limitName);
    const fits = limit === null ? sql`true` : sql`${amount}::bigint <= ${limit}::bigint`;
    const within = limit === null ? sql`true` : sql`${usageMeters.value} + excluded.value <= ${limit}::bigint`;
    const rows = await tx.execute<{ value: string | number }>(sql`
      insert into ${usageMeters} (account_id, meter, period, value)
      select ${site.accountId}::uuid, ${meter}, ${period}::date, ${amount}::bigint where ${fits}
      on conflict (account_id, meter, period)
      do update set value = ${usageMeters.value} + excluded.value where ${within}
      returning value`);
    const [row] = (rows as unknown as { rows: { value: string | number }[] }).rows;
    if (!row) {
      throw planLimitError(site, limitName as LimitName, await meterValue(tx, site.accountId, meter, period));
    }
    return Number(row.value);
  },

  /**
   * Refuses with plan_limit when this month's meter has already reached the plan's limit. For work
   * whose cost is known only afterwards (an AI answer's tokens): it starts while some allowance is
   * left and is then counted in full with `use(…, { enforce: false })`.
   */
  async requireAllowance(tx: Tx, site: MeteredSite, meter: UsageMeterKey, at?: Date): Promise<void> {
    if (site.isPlatform) return;
    const limitName = METER_LIMIT[meter];
    const limit = limitName ? limitOf(site.settings.plan, limitName) : null;
    if (limit === null) return;
    const used = await meterValue(tx, site.accountId, meter, periodOf(at));
    if (used >= limit) throw planLimitError(site, limitName as LimitName, used);
  },

  /**
   * The statement that adds `amount` to this month's meter without a limit (a count only), for a
   * caller to send with its COMMIT (commitWith), so the meter's row is locked only while the
   * database runs it. Null for the platform's own site, which is not metered.
   */
  countStatement(site: MeteredSite, meter: UsageMeterKey, amount = 1, at?: Date): SQL | null {
    if (site.isPlatform || amount <= 0) return null;
    return sql`insert into ${usageMeters} (account_id, meter, period, value)
      values (${site.accountId}::uuid, ${meter}, ${periodOf(at)}::date, ${amount}::bigint)
      on conflict (account_id, meter, period) do update set value = ${usageMeters.value} + excluded.value`;
  },

  /** Refuses, without counting, when `amount` more of a monthly meter would pass the plan's limit. */
  async checkMeter(tx: Tx, site: MeteredSite, meter: UsageMeterKey, amount = 1, at?: Date): Promise<void> {
    const limitName = METER_LIMIT[meter];
    if (site.isPlatform || !limitName) return;
    const limit = limitOf(site.settings.plan, limitName);
    const used = await meterValue(tx, site.accountId, meter, periodOf(at));
    if (!fitsLimit(limit, used, amount)) throw planLimitError(site, limitName, used);
  },

  /**
   * Checks that one more (or `amount` more) of a counted thing fits the plan, under a lock that makes
   * the next creator on this site wait for this transaction. Call it before the insert, in the
   * insert's transaction.
   */
  async guardCount(
    tx: Tx,
    site: MeteredSite,
    name: CountLimit | "images" | "videos" | "storage",
    amount = 1,
  ): Promise<void> {
    if (site.isPlatform) return;
    const limit = limitOf(site.settings.plan, name);
    if (limit === null) return;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`limit:${site.accountId}:${name}`}, 0))`);
    const used = await held(tx, site.accountId, name);
    if (!fitsLimit(limit, used, amount)) throw planLimitError(site, name, used);
  },

  /**
   * Counts a member as active this month, once (the `mau` meter). A member who is new this month
   * beyond the plan's mau limit is refused when `enforce` is set (joining); a returning member who
   * signs in is counted and let in (decision 0028).
   */
  async markActive(tx: Tx, site: MeteredSite, userId: string, opts: { enforce?: boolean; at?: Date } = {}) {
    if (site.isPlatform) return;
    const period = periodOf(opts.at);
    const added = await tx
      .insert(activeMembers)
      .values({ accountId: site.accountId, period, userId })
      .onConflictDoNothing()
      .returning({ userId: activeMembers.userId });
    if (added.length) await usage.use(tx, site, "mau", 1, { enforce: opts.enforce ?? false, at: opts.at });
  },

  /** What the site used this month and holds now, each against its plan's limit (null: not capped). */
  async summary(db: Db, site: MeteredSite, at: Date = new Date()): Promise<UsageSummary> {
    const period = periodOf(at);
    return withTenant(db, site.accountId, async (tx) => {
      const rows = await tx
        .select({ meter: usageMeters.meter, value: usageMeters.value })
        .from(usageMeters)
        .where(and(eq(usageMeters.accountId, site.accountId), eq(usageMeters.period, period)));
      const byMeter = new Map(rows.map((r) => [r.meter, r.value]));
      const plan = site.settings.plan;
      const meters = USAGE_METER_KEYS.map((key) => {
        const limitName = METER_LIMIT[key];
        return {
          key,
          used: byMeter.get(key) ?? 0,
          limit: site.isPlatform || !limitName ? null : limitOf(plan, limitName),
        };
      });
      const counted = [...COUNT_LIMITS, "images", "videos", "storage"] as const;
      const holdings = [];
      for (const name of counted) {
        holdings.push({
          key: name,
          used: await held(tx, site.accountId, name),
          limit: site.isPlatform ? null : limitOf(plan, name),
        });
      }
      return { period, meters, holdings };
    });
  },
};

export type UsageLine = { key: string; used: number; limit: number | null };
export type UsageSummary = { period: string; meters: UsageLine[]; holdings: UsageLine[] };
