// Paying for a plan by card (decision 0035). The platform takes plan payments through its own
// Stripe account: the platform site's Stripe settings, entered by staff the way an owner enters a
// site's. A monthly or annual plan is a Stripe subscription (Checkout in subscription mode); the
// Lifetime offer is one payment (Checkout in payment mode). Each charge is a `platform_invoices`
// row; Stripe's signed messages move the site's plan, and each message is acted on once.
import { and, eq, sql } from "drizzle-orm";
import type { BillingPeriod } from "../../../core/plan-types";
import { findPlan } from "../../../core/plans";
import type { Db, Tx } from "../../db/client";
import { accounts, platformInvoices, platformPaymentEvents, siteSubscriptions, users } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import { type ProviderEvent, type ProviderSettings, providerFor } from "../../payments";
import { stripeClient } from "../../payments/stripe";
import { accounts as sites } from "../accounts";
import { paymentSetup, savePaymentSettings } from "../commerce";
import { mail, platformMailTexts } from "../mail";
import { GRACE_DAYS } from "./periods";
import { type Actor, checkChoice, periodEnd, planPrice, recordAudit, setSitePlan } from "./subscriptions";

export type PlatformInvoiceRow = typeof platformInvoices.$inferSelect;

const DAY_S = 86_400;
const PERIOD_SECONDS: Record<Exclude<BillingPeriod, "onetime">, number> = {
  monthly: 30 * DAY_S,
  annual: 365 * DAY_S,
};

/**
 * Staff set the platform's Stripe keys (what plan payments use); audited. A secret left empty keeps
 * the stored one. Answers whether card payments are now on.
 */
export async function savePlatformStripe(
  db: Db,
  input: { publishableKey?: unknown; secretKey?: unknown; webhookSecret?: unknown; enabled?: unknown },
  actor: Actor,
): Promise<boolean> {
  const platform = await sites.getPlatform(db);
  if (!platform) throw notFound("Platform");
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  await savePaymentSettings(db, platform.accountId, "stripe", {
    enabled: input.enabled === true || input.enabled === "on" || input.enabled === "true",
    config: { publishableKey: text(input.publishableKey) },
    secrets: { secretKey: text(input.secretKey), webhookSecret: text(input.webhookSecret) },
  });
  const on = (await platformStripe(db)) !== null;
  await withPlatform(db, (tx) =>
    recordAudit(tx, actor, "billing.stripe", null, {
      enabled: on,
      changed: ["secretKey", "webhookSecret"].filter((k) => text(input[k as keyof typeof input]) !== ""),
    }),
  );
  return on;
}

/** The platform's Stripe settings, or null while staff have not set card payments up. */
export async function platformStripe(db: Db): Promise<{ platformId: string; settings: ProviderSettings } | null> {
  const platform = await sites.getPlatform(db);
  if (!platform) return null;
  const setup = await withTenant(db, platform.accountId, (tx) => paymentSetup(tx, platform.accountId));
  if (!setup.enabled.includes("stripe")) return null;
  return { platformId: platform.accountId, settings: setup.settingsOf("stripe") };
}

const planTitle = (planId: string, period: BillingPeriod) => {
  const label = findPlan(planId)?.label ?? "Plan";
  return period === "onetime" ? `Atrium ${label} (one payment)` : `Atrium ${label} (${period})`;
};

/** The site's owner: who plan e-mails go to. */
async function ownerOf(tx: Tx, siteId: string) {
  const [row] = await tx
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      settings: accounts.settings,
      slug: accounts.slug,
    })
    .from(accounts)
    .leftJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.accountId, siteId));
  if (!row) return null;
  const title = (row.settings as { sitetitle?: string }).sitetitle || row.slug;
  return { userId: row.userId, email: row.email, name: row.name, title };
}

type PlatformMail = Awaited<ReturnType<typeof platformMailTexts>>;

/** A plan's name in the reader's language (the catalogue's, else the plan table's). */
export function planName(m: Pick<PlatformMail, "t">, planId: string | null | undefined): string {
  const plan = planId ? findPlan(planId) : null;
  return plan ? m.t(`plans.${plan.slug}.label`, { defaultValue: plan.label }) : "";
}

/**
 * Tells the site's owner about their plan (sent from the platform, not counted on the site), in the
 * owner's language on the platform's site, else English: `mail.plan.<name>.subject` and its `text`
 * (or another text of the same mail), with the site's title and `vars` as placeholders.
 */
export async function mailOwner(
  db: Db,
  siteId: string,
  kind: string,
  name: string,
  vars: (m: PlatformMail) => Record<string, string> = () => ({}),
  text = "text",
) {
  const [platform, owner] = await Promise.all([sites.getPlatform(db), withPlatform(db, (tx) => ownerOf(tx, siteId))]);
  if (!platform || !owner?.email) return;
  const m = await platformMailTexts(db, { userId: owner.userId, email: owner.email });
  const values = { site: owner.title, ...vars(m) };
  await mail.enqueue(db, platform.accountId, {
    to: owner.email,
    kind,
    subject: m.t(`mail.plan.${name}.subject`, values),
    text: m.t(`mail.plan.${name}.${text}`, values),
  });
}

export const cardBilling = {
  /**
   * Starts a card payment for a plan: an open invoice, then Stripe's hosted page. Retrying with the
   * same open invoice reuses Stripe's session (the idempotency key is the invoice's).
   */
  async start(
    db: Db,
    siteId: string,
    input: { planId: unknown; period: unknown },
    buyer: { userId: string; email: string; name: string },
    urls: { success: string; cancel: string },
  ): Promise<{ url: string; invoiceId: string }> {
    const choice = checkChoice(input.planId, input.period);
    const stripe = await platformStripe(db);
    if (!stripe) throw new AppError("conflict", "Card payments for plans are not set up; ask for the plan instead");
    const amount = planPrice(choice.planId, choice.period) as number;
    const invoice = await withPlatform(db, async (tx) => {
      const [current] = await tx
        .select()
        .from(siteSubscriptions)
        .where(eq(siteSubscriptions.siteId, siteId))
        .for("update");
      if (current?.status === "active" && current.period === "onetime" && choice.period !== "onetime")
        throw new AppError("conflict", "The site has a lifetime plan; it does not need a subscription");
      if (
        current &&
        current.status === "active" &&
        current.planId === choice.planId &&
        current.period === choice.period
      )
        throw new AppError("conflict", "The site is on this plan already");
      // An earlier unpaid attempt for the same choice is reused; any other is void from now on.
      const open = await tx
        .select()
        .from(platformInvoices)
        .where(and(eq(platformInvoices.siteId, siteId), eq(platformInvoices.status, "open")));
      const same = open.find((i) => i.planId === choice.planId && i.period === choice.period);
      for (const other of open.filter((i) => i !== same)) {
        await tx.update(platformInvoices).set({ status: "void" }).where(eq(platformInvoices.id, other.id));
      }
      if (same) return same;
      const [row] = await tx
        .insert(platformInvoices)
        .values({
          siteId,
          planId: choice.planId,
          period: choice.period,
          amount,
          status: "open",
          provider: "stripe",
          byEmail: buyer.email,
        })
        .returning();
      return row;
    });
    const provider = providerFor("stripe");
    if (!provider) throw new AppError("payment_failed", "Stripe is not available");
    const period = choice.period;
    const start = await provider.startCheckout(stripe.settings, {
      accountId: stripe.platformId,
      orderId: invoice.id,
      currency: "USD",
      totalAmount: amount,
      items: [{ productId: choice.planId, title: planTitle(choice.planId, period), amount, quantity: 1 }],
      subscription:
        period === "onetime"
          ? null
          : {
              productId: choice.planId,
              productTitle: planTitle(choice.planId, period),
              amount,
              firstAmount: amount,
              periodSeconds: PERIOD_SECONDS[period],
              duration: { value: 1, parameter: PERIOD_SECONDS[period] },
              discount: null,
            },
      buyer,
      successUrl: urls.success.replace("{INVOICE}", invoice.id),
      cancelUrl: urls.cancel,
      idempotencyKey: `plan-invoice-${invoice.id}`,
    });
    if (start.kind !== "redirect") throw new AppError("payment_failed", "Stripe did not answer a payment page");
    await withPlatform(db, (tx) =>
      tx.update(platformInvoices).set({ providerRef: start.providerRef }).where(eq(platformInvoices.id, invoice.id)),
    );
    return { url: start.url, invoiceId: invoice.id };
  },

  /**
   * The owner is back from Stripe's page: asks Stripe whether the invoice was paid, so the plan
   * changes even when the message is late. Paying twice is impossible: the invoice row decides.
   */
  async confirm(
    db: Db,
    siteId: string,
    invoiceId: string,
  ): Promise<{ invoice: PlatformInvoiceRow; changed: boolean } | null> {
    const [invoice] = await withPlatform(db, (tx) =>
      tx
        .select()
        .from(platformInvoices)
        .where(and(eq(platformInvoices.id, invoiceId), eq(platformInvoices.siteId, siteId))),
    );
    if (!invoice) return null;
    const unchanged = { invoice, changed: false };
    if (invoice.status !== "open" || !invoice.providerRef) return unchanged;
    const stripe = await platformStripe(db);
    const provider = providerFor("stripe");
    if (!stripe || !provider) return unchanged;
    const status = await provider.paymentStatus(stripe.settings, invoice.providerRef).catch((err: Error) => {
      console.warn(`[billing] checking plan payment ${invoice.id} failed: ${err.message}`);
      return null;
    });
    if (!status?.paid) return unchanged;
    const changed = await applyFirstPayment(db, invoice.id, status.subscriptionRef ?? null);
    const [now] = await withPlatform(db, (tx) =>
      tx.select().from(platformInvoices).where(eq(platformInvoices.id, invoiceId)),
    );
    return { invoice: now, changed };
  },

  /** A verified Stripe message on the platform's address: acted on once, whatever it is. */
  async handleEvent(db: Db, event: ProviderEvent): Promise<{ duplicate: boolean; changed: boolean }> {
    const fresh = await withPlatform(db, async (tx) => {
      const inserted = await tx
        .insert(platformPaymentEvents)
        .values({ provider: "stripe", eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: platformPaymentEvents.eventId });
      return inserted.length > 0;
    });
    if (!fresh) return { duplicate: true, changed: false };
    let changed = false;
    try {
      if (event.type === "payment_succeeded" && event.orderId) {
        changed = await applyFirstPayment(db, event.orderId, event.subscriptionRef ?? null);
      } else if (event.type === "subscription_renewed" && event.subscriptionRef) {
        changed = await applyRenewal(db, event);
      } else if (event.type === "payment_failed" && event.subscriptionRef) {
        changed = await applyFailure(db, event.subscriptionRef);
      } else if (event.type === "subscription_ended" && event.subscriptionRef) {
        changed = await applyEnd(db, event.subscriptionRef);
      }
    } catch (err) {
      // Not acted on: forget the id so Stripe's retry of the message is handled.
      await withPlatform(db, (tx) =>
        tx
          .delete(platformPaymentEvents)
          .where(and(eq(platformPaymentEvents.provider, "stripe"), eq(platformPaymentEvents.eventId, event.id))),
      );
      throw err;
    }
    return { duplicate: false, changed };
  },

  /** The owner stops or resumes renewal: Stripe is told first, so it neither charges nor stops wrongly. */
  async setCancelAtPeriodEnd(db: Db, subscriptionRef: string, cancel: boolean) {
    const stripe = await platformStripe(db);
    if (!stripe) throw new AppError("payment_failed", "Card payments for plans are not set up");
    try {
      await stripeClient(stripe.settings).subscriptions.update(subscriptionRef, { cancel_at_period_end: cancel });
    } catch (err) {
      console.error(`[billing] Stripe refused the renewal change of ${subscriptionRef}:`, (err as Error).message);
      throw new AppError("payment_failed", "Stripe did not accept the change; try again.");
    }
  },

  invoices: {
    /** Staff: every plan payment across the platform, newest first, with its site. */
    async all(
      db: Db,
      query: { status?: string | null; siteId?: string | null; page: number; perPage: number },
    ): Promise<{ items: (PlatformInvoiceRow & { siteTitle: string; siteSlug: string })[]; total: number }> {
      const where = and(
        query.status ? eq(platformInvoices.status, query.status) : undefined,
        query.siteId ? eq(platformInvoices.siteId, query.siteId) : undefined,
      );
      return withPlatform(db, async (tx) => {
        // One statement at a time on the transaction's client.
        const rows = await tx
          .select({ invoice: platformInvoices, settings: accounts.settings, slug: accounts.slug })
          .from(platformInvoices)
          .innerJoin(accounts, eq(accounts.accountId, platformInvoices.siteId))
          .where(where)
          .orderBy(sql`${platformInvoices.createdAt} desc`, sql`${platformInvoices.number} desc`)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage);
        const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(platformInvoices).where(where);
        return {
          items: rows.map((r) => ({
            ...r.invoice,
            siteTitle: (r.settings as { sitetitle?: string }).sitetitle || r.slug,
            siteSlug: r.slug,
          })),
          total,
        };
      });
    },
    async ofSite(db: Db, siteId: string): Promise<PlatformInvoiceRow[]> {
      return withPlatform(db, (tx) =>
        tx
          .select()
          .from(platformInvoices)
          .where(and(eq(platformInvoices.siteId, siteId), sql`${platformInvoices.status} <> 'void'`))
          .orderBy(sql`${platformInvoices.createdAt} desc`)
          .limit(100),
      );
    },
    async one(db: Db, siteId: string, id: string): Promise<PlatformInvoiceRow> {
      const [row] = /^[0-9a-f-]{36}$/i.test(id)
        ? await withPlatform(db, (tx) =>
            tx
              .select()
              .from(platformInvoices)
              .where(and(eq(platformInvoices.id, id), eq(platformInvoices.siteId, siteId))),
          )
        : [];
      if (!row) throw notFound("Invoice");
      return row;
    },
  },
};

/** Ends a Stripe subscription the site no longer uses (it moved to another plan). */
export async function endReplacedSubscription(db: Db, subscriptionRef: string) {
  const stripe = await platformStripe(db);
  if (!stripe) return;
  try {
    await stripeClient(stripe.settings).subscriptions.cancel(subscriptionRef);
  } catch (err) {
    console.error(`[billing] ending replaced subscription ${subscriptionRef} failed:`, (err as Error).message);
  }
}

/** The first payment of an invoice: the site moves to its plan at once. False when already applied. */
async function applyFirstPayment(db: Db, invoiceId: string, subscriptionRef: string | null): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(invoiceId)) return false;
  const result = await withPlatform(db, async (tx) => {
    const [invoice] = await tx.select().from(platformInvoices).where(eq(platformInvoices.id, invoiceId)).for("update");
    if (!invoice || invoice.status === "paid") return null;
    const period = invoice.period as BillingPeriod;
    if (period !== "onetime" && !subscriptionRef) return null;
    const now = new Date();
    const end = periodEnd(period, now);
    await tx
      .update(platformInvoices)
      .set({ status: "paid", paidAt: now, subscriptionRef, periodStart: now, periodEnd: end })
      .where(eq(platformInvoices.id, invoice.id));
    const [before] = await tx
      .select()
      .from(siteSubscriptions)
      .where(eq(siteSubscriptions.siteId, invoice.siteId))
      .for("update");
    await setSitePlan(tx, invoice.siteId, invoice.planId);
    const values = {
      planId: invoice.planId,
      period,
      status: "active",
      provider: "stripe",
      providerRef: subscriptionRef,
      trialEndsAt: null,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      requestedPlanId: null,
      requestedPeriod: null,
      requestedAt: null,
      reminderSentAt: null,
      pastDueSince: null,
      updatedAt: now,
    };
    await tx
      .insert(siteSubscriptions)
      .values({ siteId: invoice.siteId, ...values })
      .onConflictDoUpdate({ target: siteSubscriptions.siteId, set: values });
    const replaced =
      before?.provider === "stripe" && before.providerRef && before.providerRef !== subscriptionRef
        ? before.providerRef
        : null;
    return { invoice, replaced };
  });
  if (!result) return false;
  await sites.invalidate(result.invoice.siteId);
  if (result.replaced) await endReplacedSubscription(db, result.replaced);
  const planId = result.invoice.planId;
  await mailOwner(db, result.invoice.siteId, "plan-paid", "paid", (m) => ({ plan: planName(m, planId) }));
  return true;
}

async function subscriptionByRef(tx: Tx, ref: string) {
  const [row] = await tx
    .select()
    .from(siteSubscriptions)
    .where(and(eq(siteSubscriptions.provider, "stripe"), eq(siteSubscriptions.providerRef, ref)))
    .for("update");
  return row ?? null;
}

/** A renewal: the period moves on and a paid invoice records it. */
async function applyRenewal(db: Db, event: ProviderEvent): Promise<boolean> {
  const ref = event.subscriptionRef as string;
  const done = await withPlatform(db, async (tx) => {
    const sub = await subscriptionByRef(tx, ref);
    if (!sub || sub.period === "onetime") return null;
    const from = sub.currentPeriodEnd ?? new Date();
    const end = event.periodEnd ?? periodEnd(sub.period as BillingPeriod, from);
    if (end && sub.currentPeriodEnd && end.getTime() <= sub.currentPeriodEnd.getTime()) return null;
    const now = new Date();
    await tx.insert(platformInvoices).values({
      siteId: sub.siteId,
      planId: sub.planId,
      period: sub.period,
      amount: event.amount ?? planPrice(sub.planId, sub.period as BillingPeriod) ?? 0,
      status: "paid",
      provider: "stripe",
      providerRef: event.id,
      subscriptionRef: ref,
      periodStart: from,
      periodEnd: end,
      paidAt: now,
    });
    const wasLapsed = sub.status === "past_due" || sub.status === "canceled";
    await tx
      .update(siteSubscriptions)
      .set({ status: "active", currentPeriodEnd: end, reminderSentAt: null, pastDueSince: null, updatedAt: now })
      .where(eq(siteSubscriptions.siteId, sub.siteId));
    if (wasLapsed) await setSitePlan(tx, sub.siteId, sub.planId);
    return sub.siteId;
  });
  if (!done) return false;
  await sites.invalidate(done);
  return true;
}

async function applyFailure(db: Db, ref: string): Promise<boolean> {
  const siteId = await withPlatform(db, async (tx) => {
    const sub = await subscriptionByRef(tx, ref);
    if (sub?.status !== "active") return null;
    await tx
      .update(siteSubscriptions)
      .set({ status: "past_due", pastDueSince: new Date(), updatedAt: new Date() })
      .where(eq(siteSubscriptions.siteId, sub.siteId));
    return sub.siteId;
  });
  if (!siteId) return false;
  // The site keeps its plan for the grace period (periods.ts), until the date named.
  const until = new Date(Date.now() + GRACE_DAYS * 86_400_000);
  await mailOwner(db, siteId, "plan-payment-failed", "paymentFailed", (m) => ({ date: m.date(until) }));
  return true;
}

/** Stripe ended the subscription (cancelled at period end, or unpaid): the site has no plan. */
async function applyEnd(db: Db, ref: string): Promise<boolean> {
  const siteId = await withPlatform(db, async (tx) => {
    const sub = await subscriptionByRef(tx, ref);
    // A subscription the site has already left (it moved to another plan) changes nothing.
    if (!sub || sub.status === "canceled") return null;
    await tx
      .update(siteSubscriptions)
      .set({ status: "canceled", cancelAtPeriodEnd: false, updatedAt: new Date() })
      .where(eq(siteSubscriptions.siteId, sub.siteId));
    await setSitePlan(tx, sub.siteId, null);
    return sub.siteId;
  });
  if (!siteId) return false;
  await sites.invalidate(siteId);
  await mailOwner(db, siteId, "plan-ended", "ended");
  return true;
}
