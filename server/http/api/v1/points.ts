// Gamification (spec §2 points, §3 points log) and the activity feed: my points and level, a
// member's log (managers), the leaderboard by period, the owner's rules and levels, the feed.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { LEADERBOARD_PERIODS, POINT_ACTIVITIES } from "../../../../core/points";
import { AppError } from "../../../errors";
import {
  ACTIVITY_KINDS,
  activityFeed,
  leaderboard,
  pointRules,
  pointsHistory,
  pointsSummary,
  requireMember,
  savePointRules,
} from "../../../modules/gamification";
import type { AppEnv } from "../../env";
import { requireCap, requireFeature, requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage } from "./router";

const ZLevelOut = z.object({ name: z.string(), threshold: z.number().int() }).openapi("PointsLevel");
const ZSummary = z
  .object({
    total: z.number().int(),
    level: ZLevelOut.nullable(),
    next: ZLevelOut.nullable(),
    toNext: z.number().int(),
    percent: z.number().int().openapi({ description: "Progress from this level to the next, 0-100" }),
  })
  .openapi("PointsSummary");
const ZEntry = z
  .object({
    id: z.string().uuid(),
    points: z.number().int(),
    reason: z.enum(POINT_ACTIVITIES),
    course: z.string().nullable(),
    at: z.string(),
  })
  .openapi("PointsEntry");
const ZLog = z
  .object({ items: z.array(ZEntry), total: z.number().int(), page: z.number().int(), per_page: z.number().int() })
  .openapi("PointsLog");
const ZLeader = z
  .object({ rank: z.number().int(), name: z.string(), points: z.number().int(), isMe: z.boolean() })
  .openapi("LeaderboardRow");
const ZRules = z
  .object({
    points: z.object(Object.fromEntries(POINT_ACTIVITIES.map((a) => [a, z.number().int()]))),
    levels: z.array(ZLevelOut),
  })
  .openapi("PointsRules");
const ZRulesInput = z
  .object({
    points: z.record(z.string(), z.number()).openapi({ description: "Points per activity, 0-10000" }),
    levels: z.array(z.object({ name: z.string(), threshold: z.number() })).optional(),
  })
  .openapi("PointsRulesInput");
const ZActivity = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(ACTIVITY_KINDS),
    name: z.string().nullable(),
    isMine: z.boolean(),
    course: z.string().nullable(),
    points: z.number().int().nullable(),
    at: z.string(),
  })
  .openapi("Activity");
const ZActivityPage = z
  .object({ items: z.array(ZActivity), total: z.number().int(), page: z.number().int(), per_page: z.number().int() })
  .openapi("ActivityPage");
const ZActivityQuery = ZPage.extend({
  scope: z.enum(["everyone", "mine"]).default("everyone"),
  kind: z.enum(ACTIVITY_KINDS).optional().openapi({ description: "Only this kind of activity" }),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});
const ZUserParam = z.object({
  userId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "userId", in: "path" } }),
});

const tags = ["Points"];
const gamified = [requireSession(), requireFeature("gamification")];
const owner = [requireCap("manage_options"), requireFeature("gamification")];

const r = {
  me: createRoute({
    method: "get",
    path: "/points/me",
    tags,
    summary: "My points total, level and the way to the next level",
    middleware: gamified,
    responses: { 200: ok(ZSummary, "My points"), ...errorResponses },
  }),
  myLog: createRoute({
    method: "get",
    path: "/points/me/log",
    tags,
    summary: "My points log, newest first",
    middleware: gamified,
    request: { query: ZPage },
    responses: { 200: ok(ZLog, "My points log"), ...errorResponses },
  }),
  memberLog: createRoute({
    method: "get",
    path: "/points/members/{userId}",
    tags,
    summary: "A member's total and points log (site managers); another site's member is not found",
    middleware: [requireCap("manage_options", "manage_students"), requireFeature("gamification")],
    request: { params: ZUserParam, query: ZPage },
    responses: {
      200: ok(z.object({ name: z.string(), summary: ZSummary, log: ZLog }), "The member's points"),
      ...errorResponses,
    },
  }),
  leaderboard: createRoute({
    method: "get",
    path: "/points/leaderboard",
    tags,
    summary: "The members with the most points this week (from Monday, UTC), this month or of all time",
    middleware: gamified,
    request: {
      query: z.object({
        period: z.enum(LEADERBOARD_PERIODS).default("week"),
        limit: z.coerce.number().int().min(1).max(100).default(20),
      }),
    },
    responses: {
      200: ok(z.object({ period: z.enum(LEADERBOARD_PERIODS), rows: z.array(ZLeader) }), "Leaders"),
      ...errorResponses,
    },
  }),
  rules: createRoute({
    method: "get",
    path: "/points/rules",
    tags,
    summary: "Points per activity and the levels (members see them too)",
    middleware: gamified,
    responses: { 200: ok(ZRules, "The rules"), ...errorResponses },
  }),
  saveRules: createRoute({
    method: "put",
    path: "/points/rules",
    tags,
    summary: "Set the points per activity and the levels (owner); a broken rule names its field",
    middleware: owner,
    request: { body: jsonBody(ZRulesInput) },
    responses: { 200: ok(ZRules, "The saved rules"), ...errorResponses },
  }),
  activity: createRoute({
    method: "get",
    path: "/activity",
    tags: ["Activity"],
    summary: "My activities and the site's public ones, newest first; public lines show names only",
    middleware: [requireSession()],
    request: { query: ZActivityQuery },
    responses: { 200: ok(ZActivityPage, "The feed"), ...errorResponses },
  }),
};

function scope(c: Context<AppEnv>) {
  if (!c.get("member")) throw new AppError("forbidden", "Only members of this site can do this");
  return { db: c.get("platform").database.db, accountId: c.get("site").accountId, userId: c.get("user")!.id };
}

export const pointsRoutes = newRouter()
  .openapi(r.me, async (c) => {
    const { db, accountId, userId } = scope(c);
    return c.json(await pointsSummary(db, accountId, userId), 200);
  })
  .openapi(r.myLog, async (c) => {
    const { db, accountId, userId } = scope(c);
    return c.json((await pointsHistory(db, accountId, userId, c.req.valid("query"))) as z.infer<typeof ZLog>, 200);
  })
  .openapi(r.memberLog, async (c) => {
    const { db, accountId } = scope(c);
    const { userId } = c.req.valid("param");
    const { name } = await requireMember(db, accountId, userId);
    const [summary, log] = await Promise.all([
      pointsSummary(db, accountId, userId),
      pointsHistory(db, accountId, userId, c.req.valid("query")),
    ]);
    return c.json({ name, summary, log: log as z.infer<typeof ZLog> }, 200);
  })
  .openapi(r.leaderboard, async (c) => {
    const { db, accountId, userId } = scope(c);
    const { period, limit } = c.req.valid("query");
    return c.json({ period, rows: await leaderboard(db, accountId, userId, period, { limit }) }, 200);
  })
  .openapi(r.rules, async (c) => {
    const { db, accountId } = scope(c);
    return c.json(await pointRules(db, accountId), 200);
  })
  .openapi(r.saveRules, async (c) => {
    const { db, accountId } = scope(c);
    return c.json(await savePointRules(db, accountId, c.req.valid("json")), 200);
  })
  .openapi(r.activity, async (c) => {
    const { db, accountId, userId } = scope(c);
    const q = c.req.valid("query");
    const page = await activityFeed(db, accountId, userId, {
      scope: q.scope,
      kinds: q.kind ? [q.kind] : [],
      page: q.page,
      per_page: q.per_page,
    });
    return c.json(page, 200);
  });
