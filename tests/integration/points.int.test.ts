// Points (spec §2, §3 points log): granted once per thing that earned them however often the event
// arrives, read back per member and by period, and never across sites.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import type { DomainEvent } from "../../server/modules/events";
import { grant, onMemberEvent, pointsSummary } from "../../server/modules/gamification";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { memberOf, siteWithOwner } from "./helpers";

const event = (accountId: string, type: string, payload: Record<string, unknown>): DomainEvent => ({
  id: randomUUID(),
  accountId,
  type,
  payload,
  actorId: null,
  createdAt: new Date(),
});

describe("points", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(async () => {
    await t?.close();
  });

  const gamifiedSite = (prefix: string) =>
    siteWithOwner(t, prefix, { plan: PLAN_IDS.lifetime, features: { gamification: true } });

  it("grants a completed unit's points once when the event is delivered twice", async () => {
    const { site, ownerCookie } = await gamifiedSite("pts-once");
    const student = await memberOf(t, site, "student");
    const saved = await t.request(site.slug, "/api/v1/points/rules", {
      method: "PUT",
      cookie: ownerCookie,
      json: {
        points: { lesson_completed: 7 },
        levels: [
          { name: "Rookie", threshold: 5 },
          { name: "Pro", threshold: 20 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const e = event(site.accountId, "lesson_completed", {
      courseId: randomUUID(),
      itemId: "u1",
      studentId: student.user.id,
    });
    await onMemberEvent(t.database.db, e);
    await onMemberEvent(t.database.db, e);
    await Promise.all([onMemberEvent(t.database.db, e), onMemberEvent(t.database.db, e)]);
    const me = await (await t.request(site.slug, "/api/v1/points/me", { cookie: student.cookie })).json();
    expect(me).toMatchObject({ total: 7, level: { name: "Rookie" }, next: { name: "Pro" }, toNext: 13 });
    const log = await (await t.request(site.slug, "/api/v1/points/me/log", { cookie: student.cookie })).json();
    expect(log.items).toEqual([expect.objectContaining({ points: 7, reason: "lesson_completed" })]);
  });

  it("answers another site's member with 404 and a bad level order with the field named", async () => {
    const a = await gamifiedSite("pts-a");
    const b = await gamifiedSite("pts-b");
    const studentB = await memberOf(t, b.site, "student");
    await grant(t.database.db, b.site.accountId, {
      userId: studentB.user.id,
      reason: "course_completed",
      points: 50,
      sourceKey: `test:${randomUUID()}`,
    });
    const cross = await t.request(a.site.slug, `/api/v1/points/members/${studentB.user.id}`, { cookie: a.ownerCookie });
    expect(cross.status).toBe(404);
    const own = await t.request(b.site.slug, `/api/v1/points/members/${studentB.user.id}`, { cookie: b.ownerCookie });
    expect((await own.json()).summary.total).toBe(50);
    const bad = await t.request(a.site.slug, "/api/v1/points/rules", {
      method: "PUT",
      cookie: a.ownerCookie,
      json: {
        points: {},
        levels: [
          { name: "One", threshold: 10 },
          { name: "Two", threshold: 10 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("levels.1.threshold");
    // A student may not change the rules.
    const student = await memberOf(t, a.site, "student");
    const refused = await t.request(a.site.slug, "/api/v1/points/rules", {
      method: "PUT",
      cookie: student.cookie,
      json: { points: { daily_visit: 100 } },
    });
    expect(refused.status).toBe(403);
  });

  it("ranks the leaderboard by the points earned in the period", async () => {
    const { site } = await gamifiedSite("pts-board");
    const [ana, ben] = await Promise.all([memberOf(t, site, "student", "ana"), memberOf(t, site, "student", "ben")]);
    const longAgo = new Date(Date.now() - 90 * 86_400_000);
    const give = (userId: string, points: number, at?: Date) =>
      grant(t.database.db, site.accountId, { userId, reason: "course_completed", points, sourceKey: randomUUID(), at });
    await give(ana.user.id, 100, longAgo);
    await give(ben.user.id, 30);
    await give(ana.user.id, 10);
    const board = async (period: string) =>
      (await (await t.request(site.slug, `/api/v1/points/leaderboard?period=${period}`, { cookie: ben.cookie })).json())
        .rows;
    expect(await board("week")).toEqual([
      { rank: 1, name: ben.user.name, points: 30, isMe: true },
      { rank: 2, name: ana.user.name, points: 10, isMe: false },
    ]);
    expect((await board("all")).map((r: { points: number }) => r.points)).toEqual([110, 30]);
    expect((await pointsSummary(t.database.db, site.accountId, ana.user.id)).total).toBe(110);
  });

  it("writes no points on a site without gamification, but the activity still appears", async () => {
    const { site } = await siteWithOwner(t, "pts-off");
    const student = await memberOf(t, site, "student");
    const courseId = randomUUID();
    await onMemberEvent(
      t.database.db,
      event(site.accountId, "course_completed", { courseId, studentId: student.user.id }),
    );
    expect((await pointsSummary(t.database.db, site.accountId, student.user.id)).total).toBe(0);
    const feed = await (await t.request(site.slug, "/api/v1/activity?scope=mine", { cookie: student.cookie })).json();
    expect(feed.items.map((a: { kind: string }) => a.kind)).toEqual(["completed"]);
    const gated = await t.request(site.slug, "/api/v1/points/me", { cookie: student.cookie });
    expect(gated.status).toBe(403);
  });
});
