// Groups (issue 15): a site's groups with their privacy, members and roles, each group's discussion
// feed (posts, comments, reactions, pins), and links to a course or a membership whose people it
// holds, and the bell notifications of invitations and new posts. Gated by the site feature `groups`
// and the plan's `groups` limit.
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
export { type GroupLinkOptions, groupLinks, ZGroupLinkInput } from "./links";
export { GROUP_INVITED_EVENT, type GroupCandidate, type GroupMemberView, groupMembership } from "./members";
export { GROUP_POST_EVENT, noticeInvitation, noticePost } from "./notices";
export {
  GROUPS_OPTION,
  GROUP_LIST_PAGE,
  type GroupScope,
  type GroupSettings,
  type GroupView,
  groupService,
  groupSettings,
  ZGroupSettings,
} from "./service";
