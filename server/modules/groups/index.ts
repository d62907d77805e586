// Groups (issue 15): a site's groups with their privacy, members and roles, each group's discussion
// feed (posts, comments, reactions, pins), and links to a course or a membership whose people it
// holds. Gated by the site feature `groups` and the plan's `groups` limit.
export { type GroupActor, isSiteManager } from "./access";
export { groupChat } from "./chat";
export {
  type GroupCommentView,
  type GroupFeedPage,
  type GroupPostView,
  groupFeed,
  ZGroupCommentInput,
  ZGroupPostInput,
} from "./feed";
export { groupLinks, ZGroupLinkInput } from "./links";
export { type GroupMemberView, groupMembership } from "./members";
export {
  GROUPS_OPTION,
  type GroupSettings,
  type GroupView,
  groupService,
  groupSettings,
  ZGroupSettings,
} from "./service";
