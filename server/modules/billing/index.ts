// Plans: the catalogue of core/plans.ts kept in the plans table. Gating itself is a pure rule
// (core/plans.ts planAllows/planLimit), applied by the route guards and the services.
export { billing } from "./service";
export { cardBilling, type PlatformInvoiceRow, planName, platformStripe, savePlatformStripe } from "./card";
export { type PeriodRun, runPlanPeriods } from "./periods";
export {
  type Actor,
  checkChoice,
  periodEnd,
  planPrice,
  recordAudit,
  type SiteSubscriptionRow,
  siteBilling,
  TRIAL_DAYS,
} from "./subscriptions";
export { type SiteSuspensionRow, siteSuspension } from "./suspension";
export { invoiceNumber, planReceipt } from "./receipt";
