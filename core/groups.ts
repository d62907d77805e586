// Groups (spec issue 15): who may see and join a group, and the fixed set of reactions on its posts.
// Pure rules over plain values, shared by the server and the screens.
import { z } from "zod";

export const GROUP_PRIVACY = ["open", "approval", "private"] as const;
export type GroupPrivacy = (typeof GROUP_PRIVACY)[number];
export const GROUP_ROLES = ["admin", "member"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
/** active: a member; pending: asked to join an approval group; invited: asked in by a group admin. */
export const GROUP_MEMBER_STATUSES = ["active", "pending", "invited"] as const;
export type GroupMemberStatus = (typeof GROUP_MEMBER_STATUSES)[number];
export const GROUP_REACTIONS = ["like", "love", "laugh", "wow"] as const;
export type GroupReaction = (typeof GROUP_REACTIONS)[number];

export const GROUP_TITLE_MAX = 120;
export const GROUP_DESCRIPTION_MAX = 2000;
export const GROUP_POST_MAX = 20_000;
export const GROUP_COMMENT_MAX = 2000;
export const GROUP_FEED_PAGE = 20;

export const ZGroupInput = z
  .object({
    title: z.string().trim().min(1).max(GROUP_TITLE_MAX),
    description: z.string().trim().max(GROUP_DESCRIPTION_MAX).default(""),
    privacy: z.enum(GROUP_PRIVACY).default("open"),
  })
  .strict();
export type GroupInput = z.infer<typeof ZGroupInput>;

/** Whether a person with this membership status in a group of this privacy may read the group. */
export function canSeeGroup(privacy: GroupPrivacy, status: GroupMemberStatus | null, manager: boolean): boolean {
  if (manager || privacy !== "private") return true;
  return status === "active" || status === "invited";
}

/** What "join" does: become a member (open), ask (approval), accept an invitation, or nothing. */
export function joinOutcome(
  privacy: GroupPrivacy,
  status: GroupMemberStatus | null,
): "active" | "pending" | "refused" | "unchanged" {
  if (status === "active" || status === "pending") return "unchanged";
  if (status === "invited") return "active";
  if (privacy === "open") return "active";
  if (privacy === "approval") return "pending";
  return "refused";
}

/** Who may create groups: owner and instructors always, other members when the owner allows it. */
export function canCreateGroup(opts: { isOwner: boolean; caps: readonly string[]; membersCreate: boolean }): boolean {
  if (opts.isOwner || opts.caps.includes("manage_options") || opts.caps.includes("create_courses")) return true;
  return opts.membersCreate;
}
