// What the dashboard home and the setup page call from their loaders: for the site's owner and
// manage_options holders, the setup checklist, plan usage, the last 30 days of sales, the feed of
// recent activity; each panel one call, so a loader runs them side by side.
import type { Context } from "hono";
import { presetRange } from "../../../core/report-range";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated } from "../../errors";
import { recentActivity, setChecklistHidden, setupState } from "../../modules/dashboard";
import { salesByDay } from "../../modules/reports";
import { usage } from "../../modules/usage";
import type { AppEnv } from "../env";

/** How many lines the feed shows. */
export const FEED_LENGTH = 10;

export function dashboardServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const user = c.get("user");
  const member = c.get("member");
  const canManage = Boolean(
    user && member && !site.isPlatform && (member.isOwner || hasCap(member.caps, "manage_options")),
  );
  const manager = () => {
    if (!user) throw notAuthenticated();
    if (!canManage) throw new AppError("forbidden", "This needs the manage_options capability on this site");
    return member!.member;
  };
  return {
    dashboard: {
      /** Whether the signed-in person runs this site (the owner's home, the setup page). */
      canManage,
      /** What the site has set up, and whether this member folded the checklist away. */
      setup: () => setupState(db, site.accountId, manager().id),
      setChecklistHidden: (hidden: boolean) => setChecklistHidden(db, site.accountId, manager().id, hidden),
      /** This month's meters and what the site holds, against its plan (null: not capped). */
      usage: () => {
        manager();
        return usage.summary(db, site);
      },
      /** Revenue and orders per day over the last 30 days (the reports' own definitions). */
      sales: () => {
        manager();
        return salesByDay(db, site.accountId, presetRange("30d"));
      },
      activity: () => {
        manager();
        return recentActivity(db, site.accountId, FEED_LENGTH);
      },
    },
  };
}
