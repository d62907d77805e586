// What the site's page loaders call on each view by a signed-in member: the pending redirect an
// automation set for them (redirect_user), taken so it is answered once.
import type { Context } from "hono";
import { takeRedirect } from "../../modules/automations";
import type { AppEnv } from "../env";

export function automationRedirectServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const user = c.get("user");
  return {
    automationRedirect: {
      /** The URL to send the member to now, or null (none pending, or nobody signed in). */
      take: async (): Promise<string | null> => (user ? takeRedirect(db, site.accountId, user.id) : null),
    },
  };
}
