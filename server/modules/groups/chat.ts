// A group's conversation: one group chat per group (chats.group_id), opened from the group page by
// an active member. Each opening brings the chat's members in step with the group's active members,
// so people who joined since are in it and people who left are not.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { groupMembers } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { syncGroupChat } from "../chats";
import type { GroupActor } from "./access";
import { groupService } from "./service";

export const groupChat = {
  /** The id of the group's chat, for an active member; 404 for a group the caller cannot see. */
  async open(db: Db, accountId: string, actor: GroupActor, id: string): Promise<{ chatId: string }> {
    const group = await groupService.get(db, accountId, actor, id);
    if (group.myStatus !== "active") throw new AppError("forbidden", "Join the group to take part in its chat");
    const active = await withTenant(db, accountId, (tx) =>
      tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(
          and(
            eq(groupMembers.accountId, accountId),
            eq(groupMembers.groupId, group.id),
            eq(groupMembers.status, "active"),
          ),
        ),
    );
    const chatId = await syncGroupChat(db, accountId, {
      groupId: group.id,
      title: group.title,
      memberIds: active.map((m) => m.userId),
    });
    return { chatId };
  },
};
