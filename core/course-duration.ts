// Durations and enrolment expiry (spec §4, §9): a course's duration is value × parameter seconds.
import type { Duration } from "./curriculum";

export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86400;
export const WEEK = 604800;
/** 30 days: shown as days, so the splitter returns it with a day parameter. */
export const MONTH = 2592000;

/** Spec §9: duration meta without a parameter lasts 999999 seconds. */
export const DURATION_WITHOUT_PARAMETER_SECONDS = 999999;
/** Spec §9: with no duration at all, an enrolment lasts about 27 years. */
export const DEFAULT_EXPIRY_MS = 8639136e5;

/** The units an owner picks from, largest first (months are 30 days, stored as days). */
export const DURATION_UNITS = [MONTH, WEEK, DAY, HOUR, MINUTE] as const;

/**
 * Spec §9 duration splitter: seconds → the largest whole unit. 30-day months come back as days
 * (value 60, parameter 86400 for 60 days), because a month is shown in days. Anything that is not
 * a whole number of minutes stays in seconds (parameter 1).
 */
export function splitDuration(seconds: number): { value: number; parameter: number } {
  const s = Math.max(0, Math.round(seconds));
  if (s === 0) return { value: 0, parameter: DAY };
  for (const unit of DURATION_UNITS) {
    if (s % unit === 0) {
      return unit === MONTH ? { value: s / DAY, parameter: DAY } : { value: s / unit, parameter: unit };
    }
  }
  return { value: s, parameter: 1 };
}

/** Length of a duration in seconds (no parameter: 999999 seconds; none: null). */
export function durationSeconds(duration: Duration | null | undefined): number | null {
  if (!duration || !Number.isFinite(duration.value) || duration.value <= 0) return null;
  if (!duration.parameter) return DURATION_WITHOUT_PARAMETER_SECONDS;
  return duration.value * duration.parameter;
}

/** When a new enrolment ends (ms since the epoch): now + the course duration, or the ~27-year default. */
export function enrolmentExpiry(nowMs: number, courseDuration: Duration | null | undefined): number {
  const seconds = durationSeconds(courseDuration);
  return seconds == null ? nowMs + DEFAULT_EXPIRY_MS : nowMs + seconds * 1000;
}

/**
 * Spec §4: the instructor extends an expiry by value × parameter, added to the current expiry while
 * it is still ahead, otherwise to now (a lapsed enrolment restarts from today).
 */
export function extendExpiry(currentExpiryMs: number | null, nowMs: number, extension: Duration): number {
  const seconds = durationSeconds(extension) ?? 0;
  const base = currentExpiryMs != null && currentExpiryMs > nowMs ? currentExpiryMs : nowMs;
  return base + seconds * 1000;
}

export const isExpired = (expiryMs: number | null, nowMs: number) => expiryMs != null && expiryMs <= nowMs;
