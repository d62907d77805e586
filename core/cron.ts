// The next time a five-field cron expression (minute hour day-of-month month day-of-week, UTC) fires,
// as pg-boss reads it: `*`, `*/n`, `a-b`, `a-b/n` and lists of them. Used to tell staff when a
// scheduled job runs next; an expression this does not understand gives null, never a guess.
const FIELDS = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  { min: 0, max: 7 },
] as const;

function parseField(text: string, { min, max }: { min: number; max: number }): Set<number> | null {
  const out = new Set<number>();
  for (const part of text.split(",")) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return null;
    const step = m[4] ? Number(m[4]) : 1;
    let lo = min;
    let hi = max;
    if (m[1] !== "*") {
      lo = Number(m[2]);
      hi = m[3] !== undefined ? Number(m[3]) : m[4] ? max : lo;
    }
    if (step < 1 || lo < min || hi > max || lo > hi) return null;
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

/** The first minute strictly after `from` that the expression matches, or null (unparsable, or none within a year). */
export function nextCronRun(expression: string, from: Date): Date | null {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const sets = parts.map((p, i) => parseField(p, FIELDS[i]));
  if (sets.some((s) => s === null)) return null;
  const [minutes, hours, days, months, weekdays] = sets as Set<number>[];
  if (weekdays.has(7)) weekdays.add(0);
  // Standard cron: when both day fields are restricted, either may match.
  const dayAny = parts[2] === "*";
  const weekAny = parts[4] === "*";
  const t = new Date(from.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = from.getTime() + 366 * 86_400_000;
  while (t.getTime() <= limit) {
    const dayOk = days.has(t.getUTCDate());
    const weekOk = weekdays.has(t.getUTCDay());
    const dateOk = dayAny && weekAny ? true : dayAny ? weekOk : weekAny ? dayOk : dayOk || weekOk;
    if (!months.has(t.getUTCMonth() + 1) || !dateOk) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0);
      continue;
    }
    if (!hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0);
      continue;
    }
    if (!minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1);
      continue;
    }
    return t;
  }
  return null;
}
