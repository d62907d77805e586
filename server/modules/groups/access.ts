// Who is acting on a group and what they may do there. A group another site owns, a private group
// the actor cannot see, and an id that is not an id all read as "not found", so nothing leaks.
import { and, eq } from "drizzle-orm";
import type { GroupMemberStatus, GroupPrivacy, GroupRole } from "../../../core/groups";
import { canSeeGroup } from "../../../core/groups";
import { isUuid } from "../../../core/uuid";
import type { Tx } from "../../db/client";
import { groupMembers, groups } from "../../db/schema";
import { AppError, notFound } from "../../errors";

/** The signed-in member acting; a site manager (owner, manage_options) moderates every group. */
export type GroupActor = { userId: string; isOwner: boolean; caps: readonly string[] };

export const isSiteManager = (a: GroupActor) => a.isOwner || a.caps.includes("manage_options");

export type GroupAccess = {
  id: string;
  privacy: GroupPrivacy;
  title: string;
  role: GroupRole | null;
  status: GroupMemberStatus | null;
  /** A group admin, or a manager of the site. */
  admin: boolean;
  /** An active member, or a manager of the site. */
  member: boolean;
};

export function groupId(id: string): string {
  if (!isUuid(id)) throw notFound("Group");
  return id;
}

/** The group as the actor sees it (404 when they may not). */
export async function accessGroup(tx: Tx, accountId: string, actor: GroupActor, id: string): Promise<GroupAccess> {
  const [row] = await tx
    .select({
      id: groups.id,
      privacy: groups.privacy,
      title: groups.title,
      role: groupMembers.role,
      status: groupMembers.status,
    })
    .from(groups)
    .leftJoin(
      groupMembers,
      and(
        eq(groupMembers.accountId, groups.accountId),
        eq(groupMembers.groupId, groups.id),
        eq(groupMembers.userId, actor.userId),
      ),
    )
    .where(and(eq(groups.accountId, accountId), eq(groups.id, groupId(id))));
  if (!row) throw notFound("Group");
  const manager = isSiteManager(actor);
  if (!canSeeGroup(row.privacy, row.status, manager)) throw notFound("Group");
  const active = row.status === "active";
  return {
    ...row,
    admin: manager || (active && row.role === "admin"),
    member: manager || active,
  };
}

export function requireGroupAdmin(g: GroupAccess) {
  if (!g.admin) throw new AppError("forbidden", "Only an admin of this group can do this");
}

export function requireGroupMember(g: GroupAccess) {
  if (!g.member) throw new AppError("forbidden", "Only members of this group can do this");
}
