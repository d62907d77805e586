// Demo gamification: levels and points per activity, points for the site's students spread over
// the last weeks (so the week, month and all-time leaderboards differ), and their activities.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { members } from "../db/schema";
import { withTenant } from "../db/tenant";
import type { SiteAccount } from "../modules/accounts";
import { grant, savePointRules } from "../modules/gamification";

const DAY_MS = 86_400_000;

export async function seedDemoPoints(db: Db, site: SiteAccount, now = new Date()) {
  await savePointRules(db, site.accountId, {
    points: {
      lesson_completed: 10,
      course_completed: 50,
      quiz_passed: 20,
      course_reviewed: 5,
      group_post_created: 2,
      daily_visit: 1,
    },
    levels: [
      { name: "Newcomer", threshold: 0 },
      { name: "Learner", threshold: 50 },
      { name: "Scholar", threshold: 150 },
      { name: "Master", threshold: 400 },
    ],
  });
  const students = await withTenant(db, site.accountId, (tx) =>
    tx
      .select({ userId: members.userId })
      .from(members)
      .where(eq(members.accountId, site.accountId))
      .orderBy(asc(members.createdAt))
      .limit(8),
  );
  // Each member earns a different amount on different days: some mostly long ago, some this week.
  for (const [i, m] of students.entries()) {
    for (let n = 0; n < 3 + i * 2; n++) {
      const daysAgo = (n * (i + 3)) % 45;
      await grant(db, site.accountId, {
        userId: m.userId,
        reason: n % 4 === 3 ? "quiz_passed" : "lesson_completed",
        points: n % 4 === 3 ? 20 : 10,
        sourceKey: `demo:${m.userId}:${n}`,
        at: new Date(now.getTime() - daysAgo * DAY_MS - n * 60_000),
      });
    }
  }
  return { members: students.length };
}
