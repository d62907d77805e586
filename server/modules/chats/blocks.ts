// Blocks between members: whoever blocks another stops new messages either way in their direct
// chat (and is not notified of the other's messages in shared group conversations).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatBlocks, members } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound } from "../../errors";
import type { ChatActor } from "./chats";
import { namesOf, person, type ChatPerson } from "./views";

export const blockService = {
  /** The people the actor blocked. */
  async list(db: Db, actor: ChatActor): Promise<ChatPerson[]> {
    return withTenant(db, actor.accountId, async (tx) => {
      const rows = await tx
        .select({ userId: chatBlocks.blockedId })
        .from(chatBlocks)
        .where(and(eq(chatBlocks.accountId, actor.accountId), eq(chatBlocks.blockerId, actor.userId)));
      const names = await namesOf(
        tx,
        actor.accountId,
        rows.map((r) => r.userId),
      );
      return rows.map((r) => person(names, r.userId));
    });
  },

  async block(db: Db, actor: ChatActor, userId: string): Promise<void> {
    if (userId === actor.userId) throw fieldError("validation_failed", "user_id", "You cannot block yourself");
    await withTenant(db, actor.accountId, async (tx) => {
      const [other] = await tx
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.accountId, actor.accountId), eq(members.userId, userId)));
      if (!other) throw notFound("Member");
      await tx
        .insert(chatBlocks)
        .values({ accountId: actor.accountId, blockerId: actor.userId, blockedId: userId })
        .onConflictDoNothing();
    });
  },

  async unblock(db: Db, actor: ChatActor, userId: string): Promise<void> {
    await withTenant(db, actor.accountId, (tx) =>
      tx
        .delete(chatBlocks)
        .where(
          and(
            eq(chatBlocks.accountId, actor.accountId),
            eq(chatBlocks.blockerId, actor.userId),
            eq(chatBlocks.blockedId, userId),
          ),
        ),
    );
  },
};
