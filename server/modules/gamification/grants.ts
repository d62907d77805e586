// Granting points and writing the activity feed. Every write is keyed by where it came from
// (source_key, unique per site), so an event delivered twice, or two requests at once, grant once.
import type { PointActivity } from "../../../core/points";
import type { Db, Tx } from "../../db/client";
import { activities, memberVisits, pointsLog } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { bus } from "../../realtime/bus";
import { NOTIFICATION_TOPIC } from "../notifications";

export const ACTIVITY_KINDS = ["enrolled", "completed", "passed", "reviewed", "posted", "points"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export type ActivityDraft = {
  userId: string;
  kind: ActivityKind;
  sourceKey: string;
  isPublic?: boolean;
  courseId?: string | null;
  groupId?: string | null;
  points?: number | null;
  at?: Date;
};

/** Writes an activity once per source key; true when it was new. */
export async function recordActivity(tx: Tx, accountId: string, draft: ActivityDraft): Promise<boolean> {
  const rows = await tx
    .insert(activities)
    .values({
      accountId,
      userId: draft.userId,
      kind: draft.kind,
      isPublic: draft.isPublic ?? true,
      courseId: draft.courseId ?? null,
      groupId: draft.groupId ?? null,
      points: draft.points ?? null,
      sourceKey: draft.sourceKey,
      ...(draft.at ? { createdAt: draft.at } : {}),
    })
    .onConflictDoNothing({ target: [activities.accountId, activities.sourceKey] })
    .returning({ id: activities.id });
  return rows.length > 0;
}

export type Grant = {
  userId: string;
  reason: PointActivity;
  points: number;
  sourceKey: string;
  courseId?: string | null;
  at?: Date;
};

/**
 * Adds points to the member's log, once per source key, with an "earned points" activity (daily
 * visits stay private to the member). True when they were granted now.
 */
export async function grantInTx(tx: Tx, accountId: string, grant: Grant): Promise<boolean> {
  if (grant.points <= 0) return false;
  const rows = await tx
    .insert(pointsLog)
    .values({
      accountId,
      userId: grant.userId,
      points: grant.points,
      reason: grant.reason,
      sourceKey: grant.sourceKey,
      courseId: grant.courseId ?? null,
      ...(grant.at ? { createdAt: grant.at } : {}),
    })
    .onConflictDoNothing({ target: [pointsLog.accountId, pointsLog.sourceKey] })
    .returning({ id: pointsLog.id });
  if (!rows.length) return false;
  await recordActivity(tx, accountId, {
    userId: grant.userId,
    kind: "points",
    sourceKey: `points:${grant.sourceKey}`,
    isPublic: grant.reason !== "daily_visit",
    courseId: grant.courseId,
    points: grant.points,
    at: grant.at,
  });
  return true;
}

/** The member's open pages refresh their top bar (the same broadcast that refreshes the bell). */
export async function announcePoints(accountId: string, userId: string) {
  await bus.publish(NOTIFICATION_TOPIC, { accountId, userId }).catch(() => undefined);
}

export async function grant(db: Db, accountId: string, g: Grant): Promise<boolean> {
  const granted = await withTenant(db, accountId, (tx) => grantInTx(tx, accountId, g));
  if (granted) await announcePoints(accountId, g.userId);
  return granted;
}

/** The day (UTC) of a moment, as the visits table keeps it. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

// Days already recorded by this process: most dashboard views then write nothing at all.
const seen = new Set<string>();

/**
 * Records the member's first dashboard view of the day and grants its points (when `points` > 0).
 * One INSERT … ON CONFLICT DO NOTHING per member per day and process; raced views grant once.
 */
export async function recordVisit(
  db: Db,
  accountId: string,
  userId: string,
  pointsFor: number | (() => Promise<number>),
  now = new Date(),
) {
  const day = dayOf(now);
  const key = `${accountId}:${userId}:${day}`;
  if (seen.has(key)) return false;
  // The site's rules are read only for a visit this process has not recorded yet.
  const points = typeof pointsFor === "number" ? pointsFor : await pointsFor();
  const granted = await withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .insert(memberVisits)
      .values({ accountId, userId, day })
      .onConflictDoNothing()
      .returning({ day: memberVisits.day });
    if (!rows.length) return false;
    return grantInTx(tx, accountId, {
      userId,
      reason: "daily_visit",
      points,
      sourceKey: `daily_visit:${userId}:${day}`,
    });
  });
  if (seen.size > 50_000) seen.clear();
  seen.add(key);
  return granted;
}

/** Tests start each day afresh. */
export const forgetVisits = () => seen.clear();
