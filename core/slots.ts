// Free appointment slots. An instructor's weekly hours and date overrides are wall-clock times in
// their own IANA zone; each day's intervals are turned into UTC instants with Intl (so a day with a
// daylight-saving change has its real length), cut into slots of the type's duration, and a slot is
// offered when all of these hold, in this order:
//   1. it lies wholly inside one interval of its local day (an override replaces the weekday's hours;
//      an override with no intervals is a day off);
//   2. it starts at least `minimumNoticeMinutes` after now, and before now + `bookingWindowDays`;
//   3. with its own buffers before and after, it does not overlap any existing booking widened by
//      that booking's buffers.
// Slots are returned as UTC instants; a member's screen shows them in the member's zone.

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const; // 0 = Sunday, as Date#getUTCDay
export type Weekday = (typeof WEEKDAYS)[number];

/** "HH:MM" wall-clock times; end may be "24:00"; start < end. */
export type TimeInterval = { start: string; end: string };
export type WeeklyInterval = TimeInterval & { weekday: Weekday };
/** One date's own hours: no intervals is a day off. `date` is YYYY-MM-DD in the instructor's zone. */
export type DateOverride = { date: string; intervals: TimeInterval[] };
export type Busy = { start: Date; end: Date; bufferBeforeMinutes?: number; bufferAfterMinutes?: number };

export type SlotRules = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  bookingWindowDays: number;
  /** Minutes between slot starts; the duration when not given. */
  stepMinutes?: number;
};

export type SlotInput = SlotRules & {
  timeZone: string;
  weekly: readonly WeeklyInterval[];
  overrides: readonly DateOverride[];
  busy: readonly Busy[];
  /** The range asked for (UTC instants): slots starting in [from, to). */
  from: Date;
  to: Date;
  now: Date;
};

export type Slot = { start: Date; end: Date };

const MINUTE = 60_000;
const DAY = 86_400_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isTime = (v: string) => TIME.test(v);
export const isIsoDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock date and time of an instant in a zone. */
export function localParts(at: Date, zone: string) {
  const p: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(at)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour % 24, minute: p.minute, second: p.second };
}

/** YYYY-MM-DD of an instant in a zone. */
export function localDate(at: Date, zone: string): string {
  const p = localParts(at, zone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const p = localParts(new Date(instant), zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a wall-clock time on a date in a zone. A time skipped by a spring-forward change
 * moves forward by the gap (02:30 in Berlin on 2026-03-29 is 03:30 CEST); a time that happens twice
 * (autumn) maps to its first occurrence.
 */
export function zonedInstant(date: string, minutes: number, zone: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d) + minutes * MINUTE;
  const first = offsetAt(wall, zone);
  const guess = wall - first;
  const second = offsetAt(guess, zone);
  if (second === first) return new Date(guess);
  // Around a change: prefer the earlier reading that maps back to the same wall time.
  const other = wall - second;
  return new Date(offsetAt(other, zone) === second ? Math.min(guess, other) : Math.max(guess, other));
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;

/** The intervals of one local date: its override's, or its weekday's. */
export function intervalsOn(date: string, weekly: readonly WeeklyInterval[], overrides: readonly DateOverride[]) {
  const override = overrides.find((o) => o.date === date);
  if (override) return override.intervals;
  const day = weekdayOf(date);
  return weekly.filter((w) => w.weekday === day);
}

function blocked(start: number, end: number, rules: SlotRules, busy: readonly Busy[]) {
  const s = start - rules.bufferBeforeMinutes * MINUTE;
  const e = end + rules.bufferAfterMinutes * MINUTE;
  return busy.some((b) => {
    const bs = b.start.getTime() - (b.bufferBeforeMinutes ?? 0) * MINUTE;
    const be = b.end.getTime() + (b.bufferAfterMinutes ?? 0) * MINUTE;
    return s < be && bs < e;
  });
}

/** The free slots starting in [from, to), earliest first. */
export function freeSlots(input: SlotInput): Slot[] {
  const { timeZone: zone, durationMinutes } = input;
  if (durationMinutes <= 0 || input.to <= input.from) return [];
  const step = (input.stepMinutes ?? durationMinutes) * MINUTE;
  const earliest = Math.max(input.from.getTime(), input.now.getTime() + input.minimumNoticeMinutes * MINUTE);
  const latest = Math.min(input.to.getTime(), input.now.getTime() + input.bookingWindowDays * DAY);
  if (latest <= earliest) return [];
  const out: Slot[] = [];
  // One day either side: an interval of the previous local day may run past midnight UTC.
  const last = localDate(new Date(latest), zone);
  for (let date = addDays(localDate(new Date(earliest), zone), -1); date <= last; date = addDays(date, 1)) {
    const intervals = [...intervalsOn(date, input.weekly, input.overrides)].sort(
      (a, b) => minutesOf(a.start) - minutesOf(b.start),
    );
    for (const iv of intervals) {
      const open = zonedInstant(date, minutesOf(iv.start), zone).getTime();
      const close = zonedInstant(date, minutesOf(iv.end), zone).getTime();
      for (let s = open; s + durationMinutes * MINUTE <= close; s += step) {
        const e = s + durationMinutes * MINUTE;
        if (s < earliest || s >= latest) continue;
        if (blocked(s, e, input, input.busy)) continue;
        if (out.length && out[out.length - 1].start.getTime() >= s) continue;
        out.push({ start: new Date(s), end: new Date(e) });
      }
    }
  }
  return out;
}

/** Whether a slot starting at `start` is free under the same rules (the booking's own check). */
export function isFreeSlot(input: Omit<SlotInput, "from" | "to">, start: Date): boolean {
  const slots = freeSlots({ ...input, from: start, to: new Date(start.getTime() + MINUTE) });
  return slots.some((s) => s.start.getTime() === start.getTime());
}

/** Weekly intervals are well formed: start before end, no overlaps on one weekday. */
export function overlappingInterval(intervals: readonly TimeInterval[]): number | null {
  const sorted = intervals.map((iv, i) => ({ ...iv, i })).sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  for (let k = 1; k < sorted.length; k++) {
    if (minutesOf(sorted[k].start) < minutesOf(sorted[k - 1].end)) return sorted[k].i;
  }
  return null;
}
