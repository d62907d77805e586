// Reports (spec §2 /dashboard/reports, §9 sum_column_advanced): a site's figures for a date range,
// every one an aggregate over an explicit allow-list of tables and columns, read inside the site.
export { sumColumnAdvanced, type SumColumnInput } from "./aggregate";
export { OPERATORS, SUMMABLE } from "./allow-list";
export { reportCsv, reportFileName } from "./csv";
export {
  type ReportDay,
  type ReportTotals,
  type SalesSeries,
  type SiteReport,
  salesByDay,
  siteReport,
} from "./report";
