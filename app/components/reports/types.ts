import type { AtriumLoadContext } from "../../../server/http/load-context";

/** The report the screen's loader hands over (server/modules/reports). */
export type SiteReport = Awaited<ReturnType<AtriumLoadContext["services"]["reports"]["report"]>>;
export type ReportTotals = SiteReport["totals"];
