// What the funnels screens (/dashboard/manage/marketing/funnels…) call, for the site's managers: the
// funnels, the site objects a step can point at, and the per-step figures.
import type { Context } from "hono";
import type { FunnelStepType } from "../../../core/funnel-graph";
import { funnelStats, funnels, type StatsQuery, siteObjects } from "../../modules/funnels";
import type { AppEnv } from "../env";
import { requireSiteManager } from "../middleware/guards";

export function funnelServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const accountId = site.accountId;
  const managed = async <T>(run: () => Promise<T>): Promise<T> => {
    requireSiteManager(c);
    return run();
  };
  return {
    funnels: {
      list: () => managed(() => funnels.list(db, accountId)),
      get: (id: string) => managed(() => funnels.get(db, accountId, id)),
      create: (input: unknown) => managed(() => funnels.create(db, site, input)),
      update: (id: string, patch: unknown) => managed(() => funnels.update(db, accountId, id, patch)),
      remove: (id: string) => managed(() => funnels.remove(db, accountId, id)),
      stats: (id: string, q: StatsQuery) => managed(() => funnelStats(db, accountId, id, q)),
      /** The site's objects a step of `type` can point at, by title. */
      objects: (type: FunnelStepType, search = "") => managed(() => siteObjects(db, accountId, type, search)),
    },
  };
}
