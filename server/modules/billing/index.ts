// Plans: the catalogue of core/plans.ts kept in the plans table. Gating itself is a pure rule
// (core/plans.ts planAllows/planLimit), applied by the route guards and the services.
export { billing } from "./service";
export {
  type Actor,
  periodEnd,
  planPrice,
  recordAudit,
  type SiteSubscriptionRow,
  siteBilling,
  TRIAL_DAYS,
} from "./subscriptions";
export { type SiteSuspensionRow, siteSuspension } from "./suspension";
