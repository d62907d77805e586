// Funnels (spec §2–§4, §7): a site's funnels and their graphs, the visitor sessions campaign links
// start and move along the graph, and the per-step analytics of those sessions.
export { checkRefs, objectsFor, type SiteObject, siteObjects, stepTargets } from "./objects";
export { type FunnelListItem, type FunnelView, funnels } from "./service";
export { type FunnelStats, funnelStats, parseStatsQuery, type StatsQuery, type StepStats, ZStatsQuery } from "./stats";
export {
  type FunnelEvent,
  type FunnelStart,
  funnelTracking,
  parseEvent,
  parseStart,
  ZDeviceInfo,
  ZFunnelEvent,
  ZFunnelStart,
} from "./tracking";
