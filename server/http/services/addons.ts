// What the addons screen (/dashboard/addons) and /api/v1/addons call: the catalogue with what the
// site's plan includes and which addons are on, and switching one on or off. For the site's managers.
import type { Context } from "hono";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated } from "../../errors";
import { addons } from "../../modules/addons";
import type { AppEnv } from "../env";

export function addonServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const manager = () => {
    if (!c.get("user")) throw notAuthenticated();
    const m = c.get("member");
    if (site.isPlatform || !m || !(m.isOwner || hasCap(m.caps, "manage_options")))
      throw new AppError("forbidden", "This needs the manage_options capability on this site");
  };
  return {
    addons: {
      list: () => {
        manager();
        return addons.list(db, site);
      },
      activate: (id: string) => {
        manager();
        return addons.activate(db, site, id);
      },
      deactivate: (id: string) => {
        manager();
        return addons.deactivate(db, site, id);
      },
    },
  };
}
