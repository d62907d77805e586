// The plan clock (decision 0035), run every quarter hour: reminders before a trial or an offline
// period ends, and what happens after. Each change is one conditional UPDATE (status and dates in
// its WHERE), so two runs at once change a site once and send one e-mail.
//
//   trialing, trial ends within 3 days      → reminder e-mail (once)
//   trialing, trial ended                   → canceled, no plan
//   active offline, period ends in 7 days    → reminder to pay (once)
//   active, cancel at period end, ended      → canceled, no plan
//   active, period ended a day ago, unpaid   → past_due (Stripe retries; offline: staff confirm)
//   past_due for 7 days                      → canceled, no plan (a Stripe subscription is ended)
import { and, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { siteSubscriptions } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { accounts as sites } from "../accounts";
import { endReplacedSubscription, mailOwner, planName } from "./card";
import { setSitePlan } from "./subscriptions";

const DAY_MS = 86_400_000;
export const TRIAL_REMINDER_DAYS = 3;
export const RENEWAL_REMINDER_DAYS = 7;
/** How long after a period's end a renewal may still arrive before the site is past due. */
export const PAST_DUE_AFTER_DAYS = 1;
/** How long a site stays past due (features kept) before its plan is removed. */
export const GRACE_DAYS = 7;

type Row = typeof siteSubscriptions.$inferSelect;

async function transition(db: Db, where: SQL, set: Partial<Row>, dropPlan: boolean): Promise<Row[]> {
  const rows = await withPlatform(db, async (tx) => {
    const changed = await tx
      .update(siteSubscriptions)
      .set({ ...set, updatedAt: new Date() })
      .where(where)
      .returning();
    if (dropPlan) for (const r of changed) await setSitePlan(tx, r.siteId, null);
    return changed;
  });
  if (dropPlan) for (const r of rows) await sites.invalidate(r.siteId);
  return rows;
}

export type PeriodRun = {
  trialReminders: number;
  trialsEnded: number;
  renewalReminders: number;
  pastDue: number;
  ended: number;
};

/** One pass of the plan clock at `now`; returns what it changed. */
export async function runPlanPeriods(db: Db, now = new Date()): Promise<PeriodRun> {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const s = siteSubscriptions;

  const trialReminders = await transition(
    db,
    and(
      eq(s.status, "trialing"),
      isNull(s.reminderSentAt),
      lte(s.trialEndsAt, at(TRIAL_REMINDER_DAYS)),
      sql`${s.trialEndsAt} > ${now}`,
    ) as SQL,
    { reminderSentAt: now },
    false,
  );
  for (const r of trialReminders) {
    await mailOwner(db, r.siteId, "plan-trial-ending", "trialEnding", (m) => ({
      plan: planName(m, r.planId),
      date: m.date(r.trialEndsAt),
    }));
  }

  const trialsEnded = await transition(
    db,
    and(eq(s.status, "trialing"), lte(s.trialEndsAt, now)) as SQL,
    { status: "canceled" },
    true,
  );
  for (const r of trialsEnded) {
    await mailOwner(db, r.siteId, "plan-trial-ended", "trialEnded");
  }

  const renewalReminders = await transition(
    db,
    and(
      eq(s.status, "active"),
      eq(s.provider, "offline"),
      eq(s.cancelAtPeriodEnd, false),
      isNull(s.reminderSentAt),
      lte(s.currentPeriodEnd, at(RENEWAL_REMINDER_DAYS)),
      sql`${s.currentPeriodEnd} > ${now}`,
    ) as SQL,
    { reminderSentAt: now },
    false,
  );
  for (const r of renewalReminders) {
    await mailOwner(db, r.siteId, "plan-renewal-due", "renewalDue", (m) => ({
      plan: planName(m, r.planId),
      date: m.date(r.currentPeriodEnd),
    }));
  }

  const cancelled = await transition(
    db,
    and(eq(s.status, "active"), eq(s.cancelAtPeriodEnd, true), lte(s.currentPeriodEnd, now)) as SQL,
    { status: "canceled", cancelAtPeriodEnd: false },
    true,
  );

  const pastDue = await transition(
    db,
    and(
      eq(s.status, "active"),
      eq(s.cancelAtPeriodEnd, false),
      lte(s.currentPeriodEnd, at(-PAST_DUE_AFTER_DAYS)),
    ) as SQL,
    { status: "past_due", pastDueSince: now },
    false,
  );
  for (const r of pastDue) {
    await mailOwner(db, r.siteId, "plan-past-due", "pastDue", (m) => ({
      date: m.date(r.currentPeriodEnd),
      until: m.date(at(GRACE_DAYS)),
    }));
  }

  const lapsed = await transition(
    db,
    and(eq(s.status, "past_due"), lte(s.pastDueSince, at(-GRACE_DAYS))) as SQL,
    { status: "canceled" },
    true,
  );
  for (const r of lapsed) {
    if (r.provider === "stripe" && r.providerRef) await endReplacedSubscription(db, r.providerRef);
    await mailOwner(db, r.siteId, "plan-ended", "ended", undefined, "notRenewed");
  }

  return {
    trialReminders: trialReminders.length,
    trialsEnded: trialsEnded.length,
    renewalReminders: renewalReminders.length,
    pastDue: pastDue.length,
    ended: cancelled.length + lapsed.length,
  };
}

const PERIODS = "billing.periods";
jobs.define(PERIODS, async (db) => {
  await runPlanPeriods(db);
});
jobs.schedule(PERIODS, "*/15 * * * *");
