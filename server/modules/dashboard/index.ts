// The site owner's dashboard home: the setup checklist's facts and the feed of recent activity.
// Its other panels reuse their own modules (usage, reports, posts, enrolment statistics).
export { type ActivityItem, type ActivityKind, recentActivity } from "./activity";
export { checklistHiddenKey, type SetupState, setChecklistHidden, setupState } from "./checklist";
