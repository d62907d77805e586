// Gamification points (spec §2 points count, §3 points log): what each activity earns, the owner's
// levels (a name from a number of points on), and where a member's total puts them. Pure rules,
// shared by the server (granting, validation) and the screens (the same schema checks the form).
import { z } from "zod";

/** The activities that earn points, as the owner sets them (spec issue 15). */
export const POINT_ACTIVITIES = [
  "lesson_completed",
  "course_completed",
  "quiz_passed",
  "course_reviewed",
  "group_post_created",
  "daily_visit",
] as const;
export type PointActivity = (typeof POINT_ACTIVITIES)[number];

export const MAX_POINTS_PER_ACTIVITY = 10_000;
export const MAX_LEVELS = 50;

/** What a site that never saved its rules earns: small numbers an owner can change. */
export const DEFAULT_POINTS: Readonly<Record<PointActivity, number>> = Object.freeze({
  lesson_completed: 10,
  course_completed: 50,
  quiz_passed: 20,
  course_reviewed: 5,
  group_post_created: 2,
  daily_visit: 1,
});

const ZPoints = z.number().int().min(0).max(MAX_POINTS_PER_ACTIVITY);

export const ZLevel = z.object({
  name: z.string().trim().min(1).max(60),
  /** The total from which a member holds this level. */
  threshold: z.number().int().min(0).max(100_000_000),
});
export type Level = z.infer<typeof ZLevel>;

export const ZPointRules = z
  .object({
    points: z.object(
      Object.fromEntries(POINT_ACTIVITIES.map((a) => [a, ZPoints.default(DEFAULT_POINTS[a])])) as Record<
        PointActivity,
        z.ZodDefault<typeof ZPoints>
      >,
    ),
    levels: z.array(ZLevel).max(MAX_LEVELS).default([]),
  })
  .strict();
export type PointRules = z.infer<typeof ZPointRules>;

export const DEFAULT_RULES: PointRules = Object.freeze({ points: { ...DEFAULT_POINTS }, levels: [] }) as PointRules;

/** One rule broken: the field it names (`levels.1.threshold`) and the message key the form shows. */
export type RulesProblem = { field: string; key: "points.errors.invalid" | "points.errors.levelOrder" };

/**
 * Checks the owner's rules, in this order: the shape (each activity 0…10 000 whole points, at most
 * 50 levels, each with a name); then the levels: thresholds strictly increasing in the order given,
 * and no two levels with one name. Returns the rules with levels sorted, or the first problem.
 */
export function validateRules(input: unknown): { ok: true; rules: PointRules } | { ok: false; problem: RulesProblem } {
  const parsed = ZPointRules.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: { field: issue?.path.join(".") || "rules", key: "points.errors.invalid" } };
  }
  const levels = parsed.data.levels;
  const names = new Set<string>();
  for (let i = 0; i < levels.length; i++) {
    if (i > 0 && levels[i].threshold <= levels[i - 1].threshold) {
      return { ok: false, problem: { field: `levels.${i}.threshold`, key: "points.errors.levelOrder" } };
    }
    const name = levels[i].name.toLowerCase();
    if (names.has(name)) return { ok: false, problem: { field: `levels.${i}.name`, key: "points.errors.invalid" } };
    names.add(name);
  }
  return { ok: true, rules: parsed.data };
}

/** The level a total holds: the highest threshold at or below it; null below the first (or with none). */
export function levelFor(total: number, levels: readonly Level[]): Level | null {
  let held: Level | null = null;
  for (const level of [...levels].sort((a, b) => a.threshold - b.threshold)) {
    if (total >= level.threshold) held = level;
  }
  return held;
}

export type LevelProgress = {
  level: Level | null;
  next: Level | null;
  /** Points still needed for the next level (0 at the top). */
  toNext: number;
  /** floor((total − current threshold) / (next threshold − current threshold) × 100); 100 at the top. */
  percent: number;
};

/** Where a total stands between its level and the next one. */
export function levelProgress(total: number, levels: readonly Level[]): LevelProgress {
  const sorted = [...levels].sort((a, b) => a.threshold - b.threshold);
  const level = levelFor(total, sorted);
  const next = sorted.find((l) => l.threshold > total) ?? null;
  if (!next) return { level, next: null, toNext: 0, percent: 100 };
  const from = level?.threshold ?? 0;
  const span = next.threshold - from;
  const percent = span > 0 ? Math.max(0, Math.min(99, Math.floor(((total - from) / span) * 100))) : 0;
  return { level, next, toNext: next.threshold - total, percent };
}

export const LEADERBOARD_PERIODS = ["week", "month", "all"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/**
 * Where a period starts: the Monday 00:00 of this week or the 1st of this month, in the site's
 * zone given as its offset from UTC in minutes at `now` (the server passes it); null for all time.
 */
export function periodStart(period: LeaderboardPeriod, now: Date, offsetMinutes = 0): Date | null {
  if (period === "all") return null;
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  let startLocal: number;
  if (period === "month") startLocal = Date.UTC(y, m, 1);
  else {
    const daysSinceMonday = (local.getUTCDay() + 6) % 7;
    startLocal = Date.UTC(y, m, local.getUTCDate() - daysSinceMonday);
  }
  return new Date(startLocal - offsetMinutes * 60_000);
}
