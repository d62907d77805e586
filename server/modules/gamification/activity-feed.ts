// The members' activity feed (spec §2 /dashboard/activity): the member's own activities, and the
// site's public ones (enrolled, completed, passed, reviewed, posted, earned points) from everyone.
// Public lines show another member by name only: no e-mail, no profile, no review text.
import { and, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { activities, courses, members } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { ACTIVITY_KINDS, type ActivityKind } from "./grants";

export type ActivityScope = "everyone" | "mine";
export type ActivityLine = {
  id: string;
  kind: ActivityKind;
  /** The member's name; null when they have left the site. */
  name: string | null;
  isMine: boolean;
  course: string | null;
  points: number | null;
  at: string;
};
export type ActivityPage = { items: ActivityLine[]; total: number; page: number; per_page: number };

export async function activityFeed(
  db: Db,
  accountId: string,
  viewerId: string,
  opts: { scope?: ActivityScope; kinds?: readonly ActivityKind[]; page?: number; per_page?: number } = {},
): Promise<ActivityPage> {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const perPage = Math.max(1, Math.min(50, Math.floor(opts.per_page ?? 20)));
  const kinds = (opts.kinds ?? []).filter((k) => (ACTIVITY_KINDS as readonly string[]).includes(k));
  const conditions: (SQL | undefined)[] = [eq(activities.accountId, accountId)];
  conditions.push(
    opts.scope === "mine"
      ? eq(activities.userId, viewerId)
      : or(eq(activities.isPublic, true), eq(activities.userId, viewerId)),
  );
  if (kinds.length) conditions.push(inArray(activities.kind, kinds));
  const where = and(...conditions);
  return withTenant(db, accountId, async (tx) => {
    // One statement at a time on the transaction's client.
    const rows = await tx
      .select({
        id: activities.id,
        kind: activities.kind,
        userId: activities.userId,
        name: members.name,
        course: courses.title,
        points: activities.points,
        at: activities.createdAt,
      })
      .from(activities)
      .leftJoin(members, and(eq(members.accountId, accountId), eq(members.userId, activities.userId)))
      .leftJoin(courses, and(eq(courses.accountId, accountId), eq(courses.id, activities.courseId)))
      .where(where)
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [{ n }] = await tx.select({ n: count() }).from(activities).where(where);
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind as ActivityKind,
        name: r.name ?? null,
        isMine: r.userId === viewerId,
        course: r.course ?? null,
        points: r.points,
        at: r.at.toISOString(),
      })),
      total: n,
      page,
      per_page: perPage,
    };
  });
}
