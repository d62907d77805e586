// What the marketing home (/dashboard/manage/marketing) calls, for the site's managers.
import type { Context } from "hono";
import { audienceSummary } from "../../modules/audience";
import type { AppEnv } from "../env";
import { requireSiteManager } from "../middleware/guards";

export function marketingServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  return {
    marketing: {
      summary: () => {
        requireSiteManager(c);
        return audienceSummary(db, site.accountId);
      },
    },
  };
}
