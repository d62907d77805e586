// What the reports screen calls from its loader: the site's report for a date range. Only the
// owner and manage_options holders get anything.
import type { Context } from "hono";
import type { ReportRange } from "../../../core/report-range";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated } from "../../errors";
import { siteReport } from "../../modules/reports";
import type { AppEnv } from "../env";

export function reportsServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const accountId = c.get("site").accountId;
  const user = c.get("user");
  const member = c.get("member");
  const canView = Boolean(user && member && (member.isOwner || hasCap(member.caps, "manage_options")));
  return {
    reports: {
      canView,
      /** The range must already be checked (core/report-range rangeProblem). */
      report: (range: ReportRange) => {
        if (!user) throw notAuthenticated();
        if (!canView) throw new AppError("forbidden", "This needs the manage_options capability on this site");
        return siteReport(db, accountId, range);
      },
    },
  };
}
