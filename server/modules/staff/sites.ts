// Every site for staff: one query a page (subscription, suspension, owner, member count and this
// month's active members alongside), and one site's detail with its usage against the plan's limits.
import { and, desc, eq, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { limitOf } from "../../../core/plan-limits";
import { findPlan } from "../../../core/plans";
import type { Db } from "../../db/client";
import { accounts, siteSubscriptions, siteSuspensions, users } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { notFound } from "../../errors";
import { accounts as sites } from "../accounts";
import { type SiteSubscriptionRow, type SiteSuspensionRow, siteBilling, siteSuspension } from "../billing";
import { type UsageSummary, periodOf, usage } from "../usage";
import { escapeLike } from "../../db/like";

export const ACCOUNT_STATUSES = ["trialing", "active", "past_due", "canceled", "suspended"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export type AccountListQuery = {
  q?: string | null;
  planId?: string | null;
  status?: AccountStatus | null;
  page: number;
  perPage: number;
};

export type Usage = { used: number; limit: number | null };

export type AccountListItem = {
  id: string;
  title: string;
  slug: string;
  domain: string | null;
  owner: { id: string; name: string; email: string } | null;
  planId: string | null;
  planLabel: string | null;
  /** The subscription's status; null when the site has no subscription row. */
  status: string | null;
  suspended: boolean;
  trialEndsAt: string | null;
  renewsAt: string | null;
  requestedPlanId: string | null;
  members: Usage;
  mau: Usage;
  createdAt: string;
};

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function filters(query: AccountListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(accounts.isPlatform, false)];
  const q = query.q?.trim();
  if (q) {
    const like = `%${escapeLike(q.toLowerCase())}%`;
    where.push(
      or(
        sql`lower(${accounts.settings}->>'sitetitle') like ${like}`,
        ilike(accounts.slug, like),
        ilike(accounts.domain, like),
        ilike(users.email, like),
      ),
    );
  }
  if (query.planId) where.push(sql`${accounts.settings}->>'plan' = ${query.planId}`);
  if (query.status === "suspended") where.push(isNotNull(siteSuspensions.siteId));
  else if (query.status) where.push(eq(siteSubscriptions.status, query.status));
  return and(...where);
}

export const staffAccounts = {
  async list(db: Db, query: AccountListQuery): Promise<{ items: AccountListItem[]; total: number }> {
    const period = periodOf();
    const rows = await withPlatform(db, (tx) =>
      tx
        .select({
          id: accounts.accountId,
          title: sql<string>`coalesce(${accounts.settings}->>'sitetitle', '')`,
          slug: accounts.slug,
          domain: accounts.domain,
          planId: sql<string | null>`${accounts.settings}->>'plan'`,
          createdAt: accounts.createdAt,
          ownerId: users.id,
          ownerName: users.name,
          ownerEmail: users.email,
          status: siteSubscriptions.status,
          trialEndsAt: siteSubscriptions.trialEndsAt,
          currentPeriodEnd: siteSubscriptions.currentPeriodEnd,
          cancelAtPeriodEnd: siteSubscriptions.cancelAtPeriodEnd,
          requestedPlanId: siteSubscriptions.requestedPlanId,
          suspendedAt: siteSuspensions.suspendedAt,
          members: sql<number>`(select count(*) from members m where m.account_id = ${accounts.accountId})::int`,
          mau: sql<number>`coalesce((select u.value from usage_meters u where u.account_id = ${accounts.accountId}
            and u.meter = 'mau' and u.period = ${period}::date), 0)::int`,
          total: sql<number>`count(*) over ()::int`,
        })
        .from(accounts)
        .leftJoin(users, eq(users.id, accounts.ownerUserId))
        .leftJoin(siteSubscriptions, eq(siteSubscriptions.siteId, accounts.accountId))
        .leftJoin(siteSuspensions, eq(siteSuspensions.siteId, accounts.accountId))
        .where(filters(query))
        .orderBy(desc(accounts.createdAt), accounts.accountId)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && query.page > 1) total = await staffAccounts.count(db, query);
    const items = rows.map(
      (r): AccountListItem => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        domain: r.domain,
        owner: r.ownerId ? { id: r.ownerId, name: r.ownerName ?? "", email: r.ownerEmail ?? "" } : null,
        planId: r.planId,
        planLabel: findPlan(r.planId)?.label ?? null,
        status: r.status,
        suspended: r.suspendedAt !== null,
        trialEndsAt: r.status === "trialing" ? iso(r.trialEndsAt) : null,
        renewsAt: r.cancelAtPeriodEnd ? null : iso(r.currentPeriodEnd),
        requestedPlanId: r.requestedPlanId,
        members: { used: Number(r.members), limit: limitOf(r.planId, "totalMembers") },
        mau: { used: Number(r.mau), limit: limitOf(r.planId, "mau") },
        createdAt: iso(r.createdAt)!,
      }),
    );
    return { items, total: Number(total) };
  },

  async count(db: Db, query: AccountListQuery): Promise<number> {
    const [row] = await withPlatform(db, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(accounts)
        .leftJoin(users, eq(users.id, accounts.ownerUserId))
        .leftJoin(siteSubscriptions, eq(siteSubscriptions.siteId, accounts.accountId))
        .leftJoin(siteSuspensions, eq(siteSuspensions.siteId, accounts.accountId))
        .where(filters(query)),
    );
    return Number(row?.n ?? 0);
  },

  /** One site: its subscription, pending request, suspension and usage against its plan's limits. */
  async detail(db: Db, siteId: string): Promise<AccountDetail> {
    const site = await sites.byId(db, siteId);
    if (!site || site.isPlatform) throw notFound("Site");
    const [owner] = site.ownerUserId
      ? await withPlatform(db, (tx) =>
          tx
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(eq(users.id, site.ownerUserId!)),
        )
      : [];
    const [subscription, suspension, summary] = await Promise.all([
      siteBilling.of(db, siteId),
      siteSuspension.of(db, siteId),
      usage.summary(db, site),
    ]);
    return {
      id: site.accountId,
      title: site.settings.sitetitle,
      slug: site.slug,
      domain: site.domain,
      owner: owner ?? null,
      planId: site.settings.plan,
      planLabel: findPlan(site.settings.plan)?.label ?? null,
      subscription,
      suspension,
      usage: summary,
    };
  },
};

export type AccountDetail = {
  id: string;
  title: string;
  slug: string;
  domain: string | null;
  owner: { id: string; name: string; email: string } | null;
  planId: string | null;
  planLabel: string | null;
  subscription: SiteSubscriptionRow | null;
  suspension: SiteSuspensionRow | null;
  usage: UsageSummary;
};
