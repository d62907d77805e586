// What the notifications screen (/dashboard/manage/notifications) calls: the site's touchpoints in
// their groups, and switching them. For the site's managers, in a browser session.
import type { Context } from "hono";
import { touchpoints } from "../../modules/options";
import { requireSiteManager } from "../middleware/guards";
import type { AppEnv } from "../env";

export function touchpointServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const manager = () => requireSiteManager(c);
  return {
    touchpoints: {
      read: () => {
        manager();
        return touchpoints.read(db, site.accountId);
      },
      /** `{ touchpoints: { key: on } }`; unknown keys are refused with field `touchpoints.<key>`. */
      update: (input: unknown) => {
        manager();
        return touchpoints.update(db, site.accountId, input);
      },
    },
  };
}
