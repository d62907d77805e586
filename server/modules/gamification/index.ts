// Gamification and the activity feed: the owner's points rules and levels, points granted once per
// thing that earned them (from the domain events and daily visits), members' totals, logs and the
// leaderboard, and the feed of what members did.
import "./subscribers";

export { type ActivityLine, type ActivityPage, type ActivityScope, activityFeed } from "./activity-feed";
export { ACTIVITY_KINDS, type ActivityKind, forgetVisits, grant, recordActivity, recordVisit } from "./grants";
export { GAMIFICATION_OPTION, pointRules, savePointRules } from "./rules";
export {
  type LeaderboardRow,
  leaderboard,
  type PointsEntry,
  type PointsLogPage,
  type PointsSummary,
  pointsHistory,
  pointsSummary,
  pointsTotal,
  requireMember,
} from "./standings";
export { HEARD_EVENTS, heardFrom, onMemberEvent } from "./subscribers";
