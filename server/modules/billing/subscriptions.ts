// A site's plan with the platform (decision 0029): its trial, the plan and period it pays for, and
// changes. A change takes effect on features and limits at once: the plan id is written to the
// site's settings in the same transaction as the subscription row, and every process drops its
// cached copy of the site. Staff grant plans paid offline; every staff action goes to the audit log.
import { eq, sql } from "drizzle-orm";
import { BILLING_PERIODS, type BillingPeriod } from "../../../core/plan-types";
import { findPlan, PLAN_IDS } from "../../../core/plans";
import type { Db, Tx } from "../../db/client";
import { accounts, auditLog, platformInvoices, siteSubscriptions } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import { accounts as sites } from "../accounts";
import { cardBilling, endReplacedSubscription } from "./card";

export type SiteSubscriptionRow = typeof siteSubscriptions.$inferSelect;
export type Actor = { userId: string | null; email: string };

const DAY_MS = 86_400_000;
export const TRIAL_DAYS = 30;

/** The price of a plan for a period (minor units, USD), or null when the plan is not sold so. */
export function planPrice(planId: string, period: BillingPeriod): number | null {
  const plan = findPlan(planId);
  const pricing = plan?.pricing;
  const option = pricing?.stripe?.[period] ?? pricing?.paypal?.[period];
  return option ? option.amount : null;
}

export function checkChoice(planId: unknown, period: unknown): { planId: string; period: BillingPeriod } {
  const plan = typeof planId === "string" ? findPlan(planId) : undefined;
  if (!plan) throw fieldError("validation_failed", "planId", "Choose one of the plans");
  if (typeof period !== "string" || !(BILLING_PERIODS as readonly string[]).includes(period))
    throw fieldError("validation_failed", "period", "The period is monthly, annual or onetime");
  if (planPrice(plan.id, period as BillingPeriod) === null)
    throw fieldError("validation_failed", "period", `The ${plan.label} plan is not sold ${period}`);
  return { planId: plan.id, period: period as BillingPeriod };
}

/** The end of a period that starts now; a one-time plan never ends. */
export function periodEnd(period: BillingPeriod, from = new Date()): Date | null {
  if (period === "onetime") return null;
  const end = new Date(from);
  if (period === "monthly") end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

export async function recordAudit(
  tx: Tx,
  actor: Actor,
  action: string,
  siteId: string | null,
  details: Record<string, unknown> = {},
) {
  await tx.insert(auditLog).values({ actorUserId: actor.userId, actorEmail: actor.email, action, siteId, details });
}

export async function setSitePlan(tx: Tx, siteId: string, planId: string | null) {
  const updated = await tx
    .update(accounts)
    .set({
      settings: sql`jsonb_set(${accounts.settings}, '{plan}', ${planId === null ? sql`'null'::jsonb` : sql`to_jsonb(${planId}::text)`})`,
      updatedAt: sql`now()`,
    })
    .where(eq(accounts.accountId, siteId))
    .returning({ id: accounts.accountId });
  if (!updated.length) throw notFound("Site");
}

export const siteBilling = {
  /**
   * A new site's plan, written with the site (inside createSite's transaction): a 30-day trial of a
   * subscription plan (Starter by default); a one-time plan given at creation is simply active.
   */
  async startTrial(tx: Tx, siteId: string, planId: string = PLAN_IDS.starter, now = new Date()) {
    const plan = findPlan(planId);
    if (!plan) return;
    const once = plan.kind === "lifetime";
    await tx
      .insert(siteSubscriptions)
      .values({
        siteId,
        planId: plan.id,
        period: once ? "onetime" : "monthly",
        status: once ? "active" : "trialing",
        provider: once ? "offline" : "trial",
        trialEndsAt: once ? null : new Date(now.getTime() + (plan.trialDays || TRIAL_DAYS) * DAY_MS),
      })
      .onConflictDoNothing();
  },

  async of(db: Db, siteId: string): Promise<SiteSubscriptionRow | null> {
    const [row] = await withPlatform(db, (tx) =>
      tx.select().from(siteSubscriptions).where(eq(siteSubscriptions.siteId, siteId)),
    );
    return row ?? null;
  },

  /** The owner asks for a plan paid offline; staff grant it. Asking again replaces the request. */
  async request(db: Db, siteId: string, input: { planId: unknown; period: unknown }): Promise<SiteSubscriptionRow> {
    const choice = checkChoice(input.planId, input.period);
    return withPlatform(db, async (tx) => {
      const [site] = await tx
        .select({ plan: sql<string | null>`${accounts.settings}->>'plan'` })
        .from(accounts)
        .where(eq(accounts.accountId, siteId));
      if (!site) throw notFound("Site");
      const [current] = await tx
        .select()
        .from(siteSubscriptions)
        .where(eq(siteSubscriptions.siteId, siteId))
        .for("update");
      if (
        current &&
        current.status !== "trialing" &&
        current.planId === choice.planId &&
        current.period === choice.period
      )
        throw new AppError("conflict", "The site is on this plan already");
      const request = { requestedPlanId: choice.planId, requestedPeriod: choice.period, requestedAt: new Date() };
      const [row] = current
        ? await tx
            .update(siteSubscriptions)
            .set({ ...request, updatedAt: new Date() })
            .where(eq(siteSubscriptions.siteId, siteId))
            .returning()
        : await tx
            .insert(siteSubscriptions)
            .values({
              siteId,
              planId: site.plan ?? choice.planId,
              period: "monthly",
              status: site.plan ? "active" : "canceled",
              provider: "offline",
              ...request,
            })
            .returning();
      return row;
    });
  },

  async withdrawRequest(db: Db, siteId: string): Promise<void> {
    await withPlatform(db, (tx) =>
      tx
        .update(siteSubscriptions)
        .set({ requestedPlanId: null, requestedPeriod: null, requestedAt: null, updatedAt: new Date() })
        .where(eq(siteSubscriptions.siteId, siteId)),
    );
  },

  /**
   * The owner stops (or resumes) renewal: the plan runs to the end of the paid period. A card
   * subscription is changed at Stripe first, so Stripe neither charges after a cancel nor stops
   * after a resume.
   */
  async cancelAtPeriodEnd(db: Db, siteId: string, cancel: boolean): Promise<SiteSubscriptionRow> {
    const current = await siteBilling.of(db, siteId);
    if (!current) throw notFound("Subscription");
    if (current.period === "onetime") throw new AppError("conflict", "A lifetime plan does not renew");
    if (current.status !== "active" && current.status !== "past_due")
      throw new AppError("conflict", "Only a paid plan can stop or resume renewal");
    if (current.provider === "stripe" && current.providerRef)
      await cardBilling.setCancelAtPeriodEnd(db, current.providerRef, cancel);
    const [row] = await withPlatform(db, (tx) =>
      tx
        .update(siteSubscriptions)
        .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
        .where(eq(siteSubscriptions.siteId, siteId))
        .returning(),
    );
    if (!row) throw notFound("Subscription");
    return row;
  },

  /** Staff: puts a site on a plan (paid offline), effective at once; audited. */
  async changePlan(
    db: Db,
    siteId: string,
    input: { planId: unknown; period: unknown },
    actor: Actor,
  ): Promise<SiteSubscriptionRow> {
    const choice = checkChoice(input.planId, input.period);
    const row = await withPlatform(db, async (tx) => {
      const [before] = await tx
        .select()
        .from(siteSubscriptions)
        .where(eq(siteSubscriptions.siteId, siteId))
        .for("update");
      await setSitePlan(tx, siteId, choice.planId);
      const values = {
        planId: choice.planId,
        period: choice.period,
        status: "active",
        provider: "offline",
        providerRef: null,
        trialEndsAt: null,
        currentPeriodEnd: periodEnd(choice.period),
        cancelAtPeriodEnd: false,
        requestedPlanId: null,
        requestedPeriod: null,
        requestedAt: null,
        reminderSentAt: null,
        pastDueSince: null,
        updatedAt: new Date(),
      };
      const [saved] = await tx
        .insert(siteSubscriptions)
        .values({ siteId, ...values })
        .onConflictDoUpdate({ target: siteSubscriptions.siteId, set: values })
        .returning();
      // Staff grant a plan once its payment arrived offline: that payment is the site's invoice.
      const now = new Date();
      await tx.insert(platformInvoices).values({
        siteId,
        planId: choice.planId,
        period: choice.period,
        amount: planPrice(choice.planId, choice.period) ?? 0,
        status: "paid",
        provider: "offline",
        byEmail: actor.email,
        periodStart: now,
        periodEnd: values.currentPeriodEnd,
        paidAt: now,
      });
      await recordAudit(tx, actor, "plan.change", siteId, {
        from: before ? { planId: before.planId, period: before.period, status: before.status } : null,
        to: { planId: choice.planId, period: choice.period },
      });
      const replaced = before?.provider === "stripe" && before.providerRef ? before.providerRef : null;
      return { saved, replaced };
    });
    await sites.invalidate(siteId);
    // The site no longer pays by card: Stripe must stop charging for the plan it left.
    if (row.replaced) await endReplacedSubscription(db, row.replaced);
    return row.saved;
  },

  /** Staff: gives a trialing site more days; audited. */
  async extendTrial(db: Db, siteId: string, days: unknown, actor: Actor): Promise<SiteSubscriptionRow> {
    if (!Number.isInteger(days) || (days as number) < 1 || (days as number) > 365)
      throw fieldError("validation_failed", "days", "Extend by 1 to 365 days");
    return withPlatform(db, async (tx) => {
      const [current] = await tx
        .select()
        .from(siteSubscriptions)
        .where(eq(siteSubscriptions.siteId, siteId))
        .for("update");
      if (!current) throw notFound("Subscription");
      if (current.status !== "trialing")
        throw new AppError("conflict", "Only a site on trial can have its trial extended");
      const from = Math.max(current.trialEndsAt?.getTime() ?? Date.now(), Date.now());
      const [row] = await tx
        .update(siteSubscriptions)
        .set({ trialEndsAt: new Date(from + (days as number) * DAY_MS), updatedAt: new Date() })
        .where(eq(siteSubscriptions.siteId, siteId))
        .returning();
      await recordAudit(tx, actor, "trial.extend", siteId, { days, trialEndsAt: row.trialEndsAt?.toISOString() });
      return row;
    });
  },
};
