// What the notifications screen (/dashboard/manage/notifications) calls: the site's touchpoints in
// their groups, and switching them. For the site's managers, in a browser session.
import type { Context } from "hono";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated } from "../../errors";
import { touchpoints } from "../../modules/options";
import type { AppEnv } from "../env";

export function touchpointServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const manager = () => {
    if (!c.get("user")) throw notAuthenticated();
    const m = c.get("member");
    if (site.isPlatform || !m || !(m.isOwner || hasCap(m.caps, "manage_options")))
      throw new AppError("forbidden", "This needs the manage_options capability on this site");
  };
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
