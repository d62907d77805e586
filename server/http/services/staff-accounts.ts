// What the staff screens (accounts, owners, audit log, scheduled jobs, billing lists) call from
// loaders and actions. Only platform staff on the platform's own host get anything; to anyone else
// these screens do not exist.
import type { Context } from "hono";
import { notAuthenticated, notFound, requireUuid } from "../../errors";
import { aiSetup } from "../../ai";
import { accounts } from "../../modules/accounts";
import { cardBilling, platformStripe, savePlatformStripe, siteBilling, siteSuspension } from "../../modules/billing";
import { paymentSettingsView } from "../../modules/commerce";
import {
  type AccountListQuery,
  type AccountStatus,
  staffAccounts,
  staffAudit,
  staffCrons,
  staffOwners,
} from "../../modules/staff";
import type { AppEnv } from "../env";
import { invoiceView, planCatalogue } from "./billing";

export function staffAccountServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const isStaff = Boolean(c.get("user") && c.get("isStaff") && c.get("site").isPlatform);
  const staff = () => {
    if (!c.get("user")) throw notAuthenticated();
    if (!isStaff) throw notFound("Page");
    const user = c.get("user")!;
    return { userId: user.id, email: user.email };
  };
  return {
    staffAccounts: {
      isStaff,
      list: (query: AccountListQuery & { status?: AccountStatus | null }) => {
        staff();
        return staffAccounts.list(db, query);
      },
      detail: (id: string) => {
        staff();
        return staffAccounts.detail(db, requireUuid(id, "Site"));
      },
      changePlan: (id: string, input: { planId: unknown; period: unknown }) =>
        siteBilling.changePlan(db, requireUuid(id, "Site"), input, staff()),
      extendTrial: (id: string, days: unknown) => siteBilling.extendTrial(db, requireUuid(id, "Site"), days, staff()),
      suspend: (id: string, reason: unknown) =>
        siteSuspension.suspend(db, requireUuid(id, "Site"), { reason }, staff()),
      restore: (id: string, reason: unknown) =>
        siteSuspension.restore(db, requireUuid(id, "Site"), { reason }, staff()),
      owners: (query: { q?: string | null; page: number; perPage: number }) => {
        staff();
        return staffOwners.list(db, query);
      },
      audit: (query: { siteId?: string | null; action?: string | null; page: number; perPage: number }) => {
        staff();
        return staffAudit.list(db, { ...query, siteId: query.siteId ? requireUuid(query.siteId, "Site") : null });
      },
      crons: () => {
        staff();
        return staffCrons.list(db);
      },
      runCron: (name: string) => staffCrons.runNow(db, name, staff()),
      /** The installation's AI provider as configured (never its key: only whether one is set). */
      aiSetup: () => {
        staff();
        return aiSetup(c.get("platform").cfg);
      },
      /** The platform's plans and prices, and whether plans can be paid by card. */
      products: async () => {
        staff();
        const card = await platformStripe(db);
        const platform = await accounts.getPlatform(db);
        const view = platform ? await paymentSettingsView(db, platform.accountId) : null;
        const stripe = view?.providers.find((p) => p.provider === "stripe");
        return {
          cardPayments: card !== null,
          stripe: {
            enabled: stripe?.enabled ?? false,
            publishableKey: stripe?.config.publishableKey ?? "",
            secretKeySet: stripe?.secretsSet.secretKey ?? false,
            webhookSecretSet: stripe?.secretsSet.webhookSecret ?? false,
            /** Where Stripe sends its messages about plan payments. */
            webhookUrl: `${c.get("origin")}/api/webhooks/stripe`,
          },
          plans: planCatalogue(),
        };
      },
      saveStripe: (input: Record<string, unknown>) => savePlatformStripe(db, input, staff()),
      /** Plan payments across the platform (the staff orders list). */
      orders: async (query: { status?: string | null; siteId?: string | null; page: number; perPage: number }) => {
        staff();
        const { items, total } = await cardBilling.invoices.all(db, {
          ...query,
          siteId: query.siteId ? requireUuid(query.siteId, "Site") : null,
        });
        return {
          items: items.map((i) => ({
            ...invoiceView(i),
            siteId: i.siteId,
            siteTitle: i.siteTitle,
            siteSlug: i.siteSlug,
            byEmail: i.byEmail,
          })),
          total,
        };
      },
    },
  };
}
