// "3 minutes ago", "in 2 days": a moment against the moment the page was loaded, in the reader's
// language (the server and the browser get the same `now`, so both render the same words).
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

export function relativeTime(at: string | Date, now: string | Date, language: string): string {
  const seconds = Math.round((new Date(at).getTime() - new Date(now).getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, "minute");
}
