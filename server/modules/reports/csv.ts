// A report as CSV for a spreadsheet: the daily series with a total row, then every figure of the
// range. Money is in the site's currency, in major units (49.00), named in the column heading;
// every value is a plain number or a date, so nothing in the file can be read as a formula.
import type { SiteReport } from "./report";

const major = (minor: number, digits: number) => (minor / 10 ** digits).toFixed(digits);

export function reportCsv(r: SiteReport): string {
  const money = (minor: number) => major(minor, r.digits);
  const t = r.totals;
  const lines: (string | number)[][] = [
    ["date", `revenue (${r.currency})`, "orders", "enrolments", "new_members"],
    ...r.days.map((d) => [d.date, money(d.revenue), d.orders, d.enrolments, d.newMembers]),
    ["total", money(t.revenue), t.orders, t.enrolments, t.newMembers],
    [],
    ["figure", "value"],
    ["from", r.range.from],
    ["to", r.range.to],
    [`revenue (${r.currency})`, money(t.revenue)],
    ["orders", t.orders],
    ["refunds", t.refunds],
    [`refunded (${r.currency})`, money(t.refundedAmount)],
    ["new_members", t.newMembers],
    ["active_members", t.activeMembers],
    ["enrolments", t.enrolments],
    ["completions", t.completions],
    ["quiz_graded", t.quizGraded],
    ["quiz_passed", t.quizPassed],
    ["quiz_pass_rate_percent", t.quizPassRate ?? ""],
  ];
  // Headings are fixed words, values numbers and ISO dates: none needs quoting.
  return `${lines.map((l) => l.join(",")).join("\r\n")}\r\n`;
}

/** The download's file name: the site and the range, safe in a Content-Disposition header. */
export const reportFileName = (siteSlug: string, r: Pick<SiteReport, "range">) =>
  `report-${siteSlug.replace(/[^a-z0-9-]/gi, "")}-${r.range.from}-to-${r.range.to}.csv`;
