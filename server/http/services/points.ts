// What the points, leaderboard, activity and gamification-settings screens call. Points need the
// site's gamification feature; the activity feed is always there; settings are the owner's.
import type { Context } from "hono";
import { siteHasFeature } from "../../../core/features";
import type { LeaderboardPeriod } from "../../../core/points";
import { AppError, notAuthenticated } from "../../errors";
import {
  type ActivityKind,
  type ActivityScope,
  activityFeed,
  leaderboard,
  pointRules,
  pointsHistory,
  pointsSummary,
  pointsTotal,
  recordVisit,
  savePointRules,
} from "../../modules/gamification";
import { profanity } from "../../modules/profanity";
import type { AppEnv } from "../env";

export function pointsServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const accountId = site.accountId;
  const gamified = () => !site.isPlatform && siteHasFeature(site.features, "gamification");
  const memberId = () => {
    const user = c.get("user");
    if (!user) throw notAuthenticated();
    if (!c.get("member")) throw new AppError("forbidden", "Only members of this site can do this");
    return user.id;
  };
  const withPoints = () => {
    if (!gamified()) throw new AppError("feature_disabled", "The gamification feature is not enabled on this site");
    return memberId();
  };
  const owner = () => {
    const m = c.get("member");
    memberId();
    if (!(m?.isOwner || m?.caps.includes("manage_options"))) {
      throw new AppError("forbidden", "This needs the manage_options capability on this site");
    }
  };
  return {
    points: {
      /**
       * The top bar's total (null without gamification or membership). The first dashboard view of
       * the day is recorded here and earns the daily-visit points.
       */
      topBar: async (): Promise<number | null> => {
        const user = c.get("user");
        if (!gamified() || !user || !c.get("member")) return null;
        await recordVisit(db, accountId, user.id, async () => (await pointRules(db, accountId)).points.daily_visit);
        return pointsTotal(db, accountId, user.id);
      },
      summary: () => pointsSummary(db, accountId, withPoints()),
      history: (page: number) => pointsHistory(db, accountId, withPoints(), { page, per_page: 20 }),
      leaderboard: (period: LeaderboardPeriod) => leaderboard(db, accountId, withPoints(), period, { limit: 20 }),
      rules: () => {
        withPoints();
        return pointRules(db, accountId);
      },
      saveRules: (input: unknown) => {
        owner();
        return savePointRules(db, accountId, input);
      },
    },
    activity: {
      feed: (opts: { scope: ActivityScope; kind: ActivityKind | null; page: number }) =>
        activityFeed(db, accountId, memberId(), {
          scope: opts.scope,
          kinds: opts.kind ? [opts.kind] : [],
          page: opts.page,
          per_page: 20,
        }),
    },
    profanity: {
      settings: () => {
        owner();
        return profanity.settings(db, accountId);
      },
      save: (input: unknown) => {
        owner();
        return profanity.save(db, accountId, input);
      },
    },
  };
}
