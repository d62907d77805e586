// Reading points: a member's total and log, and the site's leaderboard by period. Every query names
// the site, so another site's member is simply not found.
import { and, count, desc, eq, gte, sql, sum } from "drizzle-orm";
import { type LeaderboardPeriod, type LevelProgress, levelProgress, periodStart } from "../../../core/points";
import type { Db } from "../../db/client";
import { courses, members, pointsLog } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound } from "../../errors";
import { pointRules } from "./rules";

export type PointsSummary = { total: number } & LevelProgress;
export type PointsEntry = { id: string; points: number; reason: string; course: string | null; at: string };
export type PointsLogPage = { items: PointsEntry[]; total: number; page: number; per_page: number };
export type LeaderboardRow = { rank: number; name: string; points: number; isMe: boolean };

async function totalOf(db: Db, accountId: string, userId: string): Promise<number> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ total: sum(pointsLog.points) })
      .from(pointsLog)
      .where(and(eq(pointsLog.accountId, accountId), eq(pointsLog.userId, userId))),
  );
  return Number(row?.total ?? 0);
}

/** The member's total, for the top bar (one indexed sum). */
export const pointsTotal = totalOf;

/** The member's total with their level and the way to the next one. */
export async function pointsSummary(db: Db, accountId: string, userId: string): Promise<PointsSummary> {
  const [total, rules] = await Promise.all([totalOf(db, accountId, userId), pointRules(db, accountId)]);
  return { total, ...levelProgress(total, rules.levels) };
}

/** A member of this site, by users.id: 404 for anyone else (another site's member included). */
export async function requireMember(db: Db, accountId: string, userId: string): Promise<{ name: string }> {
  const [m] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ name: members.name })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.userId, userId))),
  );
  if (!m) throw notFound("Member");
  return m;
}

/** The member's points log, newest first. */
export async function pointsHistory(
  db: Db,
  accountId: string,
  userId: string,
  opts: { page?: number; per_page?: number } = {},
): Promise<PointsLogPage> {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const perPage = Math.max(1, Math.min(100, Math.floor(opts.per_page ?? 20)));
  return withTenant(db, accountId, async (tx) => {
    const where = and(eq(pointsLog.accountId, accountId), eq(pointsLog.userId, userId));
    // One statement at a time on the transaction's client.
    const rows = await tx
      .select({
        id: pointsLog.id,
        points: pointsLog.points,
        reason: pointsLog.reason,
        course: courses.title,
        at: pointsLog.createdAt,
      })
      .from(pointsLog)
      .leftJoin(courses, and(eq(courses.accountId, accountId), eq(courses.id, pointsLog.courseId)))
      .where(where)
      .orderBy(desc(pointsLog.createdAt), desc(pointsLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [{ n }] = await tx.select({ n: count() }).from(pointsLog).where(where);
    return {
      items: rows.map((r) => ({ ...r, course: r.course ?? null, at: r.at.toISOString() })),
      total: n,
      page,
      per_page: perPage,
    };
  });
}

/**
 * The members with the most points earned in the period (this week from Monday, this month, or
 * all time, in UTC), at most `limit`; ties share a rank. Only names are shown.
 */
export async function leaderboard(
  db: Db,
  accountId: string,
  viewerId: string | null,
  period: LeaderboardPeriod,
  opts: { limit?: number; now?: Date } = {},
): Promise<LeaderboardRow[]> {
  const limit = Math.max(1, Math.min(100, Math.floor(opts.limit ?? 20)));
  const from = periodStart(period, opts.now ?? new Date());
  const earned = sql<number>`sum(${pointsLog.points})`.mapWith(Number);
  const rows = await withTenant(db, accountId, (tx) =>
    tx
      .select({
        userId: pointsLog.userId,
        name: members.name,
        points: earned,
        rank: sql<number>`rank() over (order by sum(${pointsLog.points}) desc)`.mapWith(Number),
      })
      .from(pointsLog)
      .innerJoin(members, and(eq(members.accountId, accountId), eq(members.userId, pointsLog.userId)))
      .where(and(eq(pointsLog.accountId, accountId), from ? gte(pointsLog.createdAt, from) : undefined))
      .groupBy(pointsLog.userId, members.name)
      .orderBy(desc(earned), members.name)
      .limit(limit),
  );
  return rows.map((r) => ({ rank: r.rank, name: r.name, points: r.points, isMe: r.userId === viewerId }));
}
