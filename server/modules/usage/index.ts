export {
  addonRequiredError,
  type MeteredSite,
  periodOf,
  planLimitError,
  planRequiredError,
  requireAddonOf,
  requirePlanFeatureOf,
  type UsageSummary,
  usage,
} from "./service";
