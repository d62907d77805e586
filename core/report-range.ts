// The date range of a site report: whole UTC days from `from` to `to`, both included. A preset
// counts back from today (7, 30 or 90 days, or 12 months); a custom range must run forwards and
// span at most two years. Shared by the API, the reports screen's loader and its form.

export const REPORT_PRESETS = ["7d", "30d", "90d", "12m"] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const DEFAULT_REPORT_PRESET: ReportPreset = "30d";
export const isReportPreset = (s: unknown): s is ReportPreset => (REPORT_PRESETS as readonly unknown[]).includes(s);

/** Inclusive dates, YYYY-MM-DD, in UTC. */
export type ReportRange = { from: string; to: string };

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar date of a moment, as YYYY-MM-DD. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== "string" || !ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDay(d) === s;
}

const at = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => isoDay(new Date(at(day).getTime() + n * DAY_MS));

/** The same day `n` years on (29 February becomes 28 February in a common year). */
function addYears(day: string, n: number): string {
  const d = at(day);
  const target = new Date(Date.UTC(d.getUTCFullYear() + n, d.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return isoDay(target);
}

/** The range a preset names, ending today (UTC). */
export function presetRange(preset: ReportPreset, now: Date = new Date()): ReportRange {
  const to = isoDay(now);
  switch (preset) {
    case "7d":
      return { from: addDays(to, -6), to };
    case "30d":
      return { from: addDays(to, -29), to };
    case "90d":
      return { from: addDays(to, -89), to };
    case "12m":
      return { from: addDays(addYears(to, -1), 1), to };
  }
}

/** The preset a range is, if it is one (for the screen's selected button). */
export function presetOf(range: ReportRange, now: Date = new Date()): ReportPreset | null {
  return (
    REPORT_PRESETS.find((p) => {
      const r = presetRange(p, now);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

export type RangeProblem = {
  field: "from" | "to";
  key: "reports.errors.date" | "reports.errors.order" | "reports.errors.span";
};

/** Why a range cannot be reported on, or null when it can. */
export function rangeProblem(from: unknown, to: unknown): RangeProblem | null {
  if (!isIsoDate(from)) return { field: "from", key: "reports.errors.date" };
  if (!isIsoDate(to)) return { field: "to", key: "reports.errors.date" };
  if (from > to) return { field: "to", key: "reports.errors.order" };
  if (to >= addYears(from, 2)) return { field: "to", key: "reports.errors.span" };
  return null;
}

/** A problem in words for an API caller (screens show the translation of its key instead). */
export const RANGE_MESSAGES: Record<RangeProblem["key"], string> = {
  "reports.errors.date": "must be a date written YYYY-MM-DD (give both from and to, or neither)",
  "reports.errors.order": "must not be before from",
  "reports.errors.span": "must be less than two years after from",
};

/** The days of a range in order (at most two years' worth). */
export function daysOf(range: ReportRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The first and the last moment of a range, as timestamps the database reads (to the microsecond,
 * its own precision, so `lte` takes in the whole of the last day and nothing of the next).
 */
export function rangeBounds(range: ReportRange): { start: string; end: string } {
  return { start: `${range.from}T00:00:00.000000Z`, end: `${range.to}T23:59:59.999999Z` };
}
