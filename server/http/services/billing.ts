// What the owner's billing screen calls: the site's plan subscription, the plan catalogue with
// prices, this month's usage, and asking for a plan change (granted by staff once paid offline).
import type { Context } from "hono";
import { BILLING_PERIODS } from "../../../core/plan-types";
import { findPlan, PLANS } from "../../../core/plans";
import { AppError, notAuthenticated, notFound } from "../../errors";
import { accounts } from "../../modules/accounts";
import {
  cardBilling,
  invoiceNumber,
  type PlatformInvoiceRow,
  planName,
  planPrice,
  planReceipt,
  platformStripe,
  type SiteSubscriptionRow,
  siteBilling,
} from "../../modules/billing";
import { mail, platformMailTexts } from "../../modules/mail";
import { usage } from "../../modules/usage";
import { requireSiteManager } from "../middleware/guards";
import type { AppEnv } from "../env";

export type BillingState = ReturnType<typeof stateOf>;

function stateOf(planId: string | null, row: SiteSubscriptionRow | null) {
  const plan = findPlan(planId);
  const requested = row?.requestedPlanId ? findPlan(row.requestedPlanId) : undefined;
  return {
    plan: plan ? { id: plan.id, slug: plan.slug, label: plan.label, kind: plan.kind } : null,
    subscription: row
      ? {
          period: row.period,
          status: row.status,
          provider: row.provider,
          price: planPrice(row.planId, row.period as (typeof BILLING_PERIODS)[number]),
          trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
          currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        }
      : null,
    request:
      row?.requestedPlanId && requested
        ? {
            planId: requested.id,
            label: requested.label,
            period: row.requestedPeriod ?? "monthly",
            at: row.requestedAt?.toISOString() ?? null,
          }
        : null,
  };
}

/** An invoice as the owner and staff see it. */
export function invoiceView(i: PlatformInvoiceRow) {
  const plan = findPlan(i.planId);
  return {
    id: i.id,
    number: invoiceNumber(i.number),
    planId: i.planId,
    plan: plan?.label ?? "",
    period: i.period,
    amount: i.amount,
    currency: i.currency,
    status: i.status,
    provider: i.provider,
    periodStart: i.periodStart?.toISOString() ?? null,
    periodEnd: i.periodEnd?.toISOString() ?? null,
    paidAt: i.paidAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
  };
}

/** Every plan with its price per period (minor units, USD; null: not sold so). */
export function planCatalogue() {
  return PLANS.map((p) => ({
    id: p.id,
    slug: p.slug,
    label: p.label,
    kind: p.kind,
    trialDays: p.trialDays,
    features: [...p.features],
    addons: [...p.addons],
    limits: p.limits,
    prices: Object.fromEntries(BILLING_PERIODS.map((period) => [period, planPrice(p.id, period)])) as Record<
      (typeof BILLING_PERIODS)[number],
      number | null
    >,
  }));
}

export function billingServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  /** Billing is the site owner's (not every manage_options holder's): it spends the owner's money. */
  const owner = () => {
    const user = c.get("user");
    if (!user) throw notAuthenticated();
    if (site.isPlatform || !c.get("member")?.isOwner)
      throw new AppError("forbidden", "Only the site's owner manages its plan");
    return user;
  };
  const manager = () => requireSiteManager(c);
  return {
    billing: {
      /** Whether the viewer may change the plan (the owner), as the screen shows its buttons. */
      canChange: Boolean(c.get("member")?.isOwner) && !site.isPlatform,
      async state() {
        manager();
        const [row, used, card, invoices] = await Promise.all([
          siteBilling.of(db, site.accountId),
          usage.summary(db, site),
          platformStripe(db),
          cardBilling.invoices.ofSite(db, site.accountId),
        ]);
        return {
          ...stateOf(site.settings.plan, row),
          usage: used,
          plans: planCatalogue(),
          /** Plans can be paid by card here (the platform has set Stripe up). */
          cardPayments: card !== null,
          invoices: invoices.filter((i) => i.status === "paid").map(invoiceView),
        };
      },
      /** Starts paying for a plan by card: the address of Stripe's page to send the owner to. */
      async checkout(input: { planId: unknown; period: unknown }) {
        const user = owner();
        const back = `${c.get("origin")}/dashboard/billing`;
        return cardBilling.start(
          db,
          site.accountId,
          input,
          { userId: user.id, email: user.email, name: user.name },
          { success: `${back}?invoice={INVOICE}`, cancel: back },
        );
      },
      /** Back from Stripe: whether that payment went through (and the plan changed). */
      async confirm(invoiceId: string) {
        manager();
        const result = await cardBilling.confirm(db, site.accountId, invoiceId);
        return result ? { ...invoiceView(result.invoice), changed: result.changed } : null;
      },
      async invoices() {
        manager();
        return (await cardBilling.invoices.ofSite(db, site.accountId))
          .filter((i) => i.status === "paid")
          .map(invoiceView);
      },
      async receipt(id: string) {
        manager();
        const invoice = await cardBilling.invoices.one(db, site.accountId, id);
        if (invoice.status !== "paid") throw notFound("Invoice");
        return planReceipt(db, invoice, c.get("origin"));
      },
      async request(input: { planId: unknown; period: unknown }) {
        const user = owner();
        const row = await siteBilling.request(db, site.accountId, input);
        const wanted = findPlan(row.requestedPlanId);
        const platform = await accounts.getPlatform(db);
        const staff = c.get("platform").cfg.staffEmails;
        if (platform && staff.length && wanted) {
          // Each member of staff reads it in their language on the platform's site, else English.
          const messages = await Promise.all(
            staff.map(async (to) => {
              const m = await platformMailTexts(db, { email: to });
              const values = {
                site: site.settings.sitetitle,
                slug: site.slug,
                plan: planName(m, wanted.id),
                period: m.t(`billing.periods.${row.requestedPeriod}`, { defaultValue: row.requestedPeriod ?? "" }),
                name: user.name,
                email: user.email,
              };
              return {
                to,
                kind: "plan-request",
                subject: m.t("mail.plan.request.subject", values),
                text: m.t("mail.plan.request.text", values),
              };
            }),
          );
          await mail.enqueueMany(db, platform.accountId, messages);
        }
        return stateOf(site.settings.plan, row);
      },
      async withdraw() {
        owner();
        await siteBilling.withdrawRequest(db, site.accountId);
      },
      async cancelAtPeriodEnd(cancel: boolean) {
        owner();
        return stateOf(site.settings.plan, await siteBilling.cancelAtPeriodEnd(db, site.accountId, cancel));
      },
    },
  };
}
