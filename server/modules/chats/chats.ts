// Chats of a site's members: opening a direct chat (one per pair, counted on the `chats` meter when
// it is new) or a group conversation, the member's list with unread counts, and a group's own
// conversation kept in step with the group (syncGroupChat). Every query names the member, so a
// chat they are not in — or another site's — is simply not found.
import { and, count, desc, eq, gt, inArray, isNull, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import { directKey, ZOpenChat, type OpenChat } from "../../../core/chat";
import { isUuid } from "../../../core/uuid";
import type { Db, Tx } from "../../db/client";
import { chatBlocks, chatMembers, chats, members, messages } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, validationError } from "../../errors";
import { type MeteredSite, usage } from "../usage";
import { type ChatView, messageViews, namesOf, person } from "./views";

export type ChatActor = { accountId: string; userId: string };

/** Whether either of the two blocked the other. */
export async function blockedBetween(tx: Tx, accountId: string, a: string, b: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(chatBlocks)
    .where(
      and(
        eq(chatBlocks.accountId, accountId),
        or(
          and(eq(chatBlocks.blockerId, a), eq(chatBlocks.blockedId, b)),
          and(eq(chatBlocks.blockerId, b), eq(chatBlocks.blockedId, a)),
        ),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

export const blockedError = () =>
  new AppError("forbidden", "You cannot message this member: one of you has blocked the other", {
    reason: "blocked",
  });

/** The actor's membership of the chat, or not found (also for a bad id or another site's chat). */
export async function membershipOf(tx: Tx, actor: ChatActor, chatId: string, opts: { lock?: boolean } = {}) {
  if (!isUuid(chatId)) throw notFound("Chat");
  const q = tx
    .select({ chat: chats, me: chatMembers })
    .from(chats)
    .innerJoin(
      chatMembers,
      and(
        eq(chatMembers.accountId, chats.accountId),
        eq(chatMembers.chatId, chats.id),
        eq(chatMembers.userId, actor.userId),
      ),
    )
    .where(and(eq(chats.accountId, actor.accountId), eq(chats.id, chatId)));
  // The chat's row is the lock that puts its messages (and their notifications) in one order.
  const [row] = await (opts.lock ? q.for("update", { of: chats }) : q);
  if (!row) throw notFound("Chat");
  return row;
}

/** Unread messages per chat for this member (others' messages after their read mark, not removed). */
async function unreadByChat(tx: Tx, actor: ChatActor, chatIds?: string[]): Promise<Map<string, number>> {
  const filters: SQL[] = [
    eq(messages.accountId, actor.accountId),
    ne(messages.authorId, actor.userId),
    isNull(messages.deletedAt),
    or(isNull(chatMembers.lastReadAt), gt(messages.createdAt, chatMembers.lastReadAt))!,
  ];
  if (chatIds) filters.push(inArray(messages.chatId, chatIds));
  const rows = await tx
    .select({ chatId: messages.chatId, n: count() })
    .from(messages)
    .innerJoin(
      chatMembers,
      and(
        eq(chatMembers.accountId, messages.accountId),
        eq(chatMembers.chatId, messages.chatId),
        eq(chatMembers.userId, actor.userId),
      ),
    )
    .where(and(...filters))
    .groupBy(messages.chatId);
  return new Map(rows.map((r) => [r.chatId, Number(r.n)]));
}

/** Views of these chats as the actor sees them (in the order given). */
async function chatViews(tx: Tx, actor: ChatActor, rows: { chat: typeof chats.$inferSelect; muted: boolean }[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.chat.id);
  const people = await tx
    .select({ chatId: chatMembers.chatId, userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.accountId, actor.accountId), inArray(chatMembers.chatId, ids)));
  const names = await namesOf(
    tx,
    actor.accountId,
    people.map((p) => p.userId),
  );
  const latest = await tx
    .selectDistinctOn([messages.chatId])
    .from(messages)
    .where(and(eq(messages.accountId, actor.accountId), inArray(messages.chatId, ids)))
    .orderBy(messages.chatId, desc(messages.createdAt), desc(messages.id));
  const lastViews = new Map((await messageViews(tx, actor.accountId, latest)).map((m) => [m.chat_id, m]));
  const unread = await unreadByChat(tx, actor, ids);
  const blocks = await tx
    .select({ blockerId: chatBlocks.blockerId, blockedId: chatBlocks.blockedId })
    .from(chatBlocks)
    .where(
      and(
        eq(chatBlocks.accountId, actor.accountId),
        or(eq(chatBlocks.blockerId, actor.userId), eq(chatBlocks.blockedId, actor.userId)),
      ),
    );
  const blockedWith = new Set(blocks.map((b) => (b.blockerId === actor.userId ? b.blockedId : b.blockerId)));
  return rows.map(({ chat, muted }): ChatView => {
    const chatPeople = people.filter((p) => p.chatId === chat.id).map((p) => person(names, p.userId));
    const other = chatPeople.find((p) => p.user_id !== actor.userId);
    return {
      id: chat.id,
      kind: chat.kind,
      title: chat.kind === "group" ? (chat.title ?? "") : (other?.name ?? "Former member"),
      group_id: chat.groupId,
      members: chatPeople,
      last_message: lastViews.get(chat.id) ?? null,
      last_message_at: chat.lastMessageAt?.toISOString() ?? null,
      unread: unread.get(chat.id) ?? 0,
      muted,
      blocked: chat.kind === "direct" && Boolean(other && blockedWith.has(other.user_id)),
    };
  });
}

async function insertMembers(tx: Tx, accountId: string, chatId: string, userIds: string[]) {
  if (!userIds.length) return;
  await tx
    .insert(chatMembers)
    .values(userIds.map((userId) => ({ accountId, chatId, userId })))
    .onConflictDoNothing();
}

/** Which of these user ids are members of the site. */
async function siteMembers(tx: Tx, accountId: string, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(members.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

export const chatService = {
  /**
   * Opens the direct chat with one member (the existing one when there is one) or starts a group
   * conversation (a title, or more than one other member). A new chat counts on this month's `chats`
   * meter, refused with plan_limit beyond the plan's limit.
   */
  async open(
    db: Db,
    site: MeteredSite,
    actor: ChatActor,
    input: OpenChat,
  ): Promise<{ chat: ChatView; created: boolean }> {
    const parsed = ZOpenChat.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const others = [...new Set(parsed.data.member_ids)].filter((id) => id !== actor.userId);
    if (!others.length) throw fieldError("validation_failed", "member_ids", "Name at least one other member");
    const title = parsed.data.title || null;
    return withTenant(db, actor.accountId, async (tx) => {
      const known = await siteMembers(tx, actor.accountId, others);
      const stranger = others.find((id) => !known.has(id));
      if (stranger)
        throw fieldError("validation_failed", "member_ids", "Every member_ids entry must be a member of this site");
      let chatId: string;
      let created = false;
      if (others.length === 1 && !title) {
        const other = others[0];
        if (await blockedBetween(tx, actor.accountId, actor.userId, other)) throw blockedError();
        const key = directKey(actor.userId, other);
        const [inserted] = await tx
          .insert(chats)
          .values({ accountId: actor.accountId, kind: "direct", directKey: key, createdBy: actor.userId })
          .onConflictDoNothing({ target: [chats.accountId, chats.directKey], where: sql`direct_key is not null` })
          .returning({ id: chats.id });
        if (inserted) {
          chatId = inserted.id;
          created = true;
          await insertMembers(tx, actor.accountId, chatId, [actor.userId, other]);
        } else {
          const [existing] = await tx
            .select({ id: chats.id })
            .from(chats)
            .where(and(eq(chats.accountId, actor.accountId), eq(chats.directKey, key)));
          chatId = existing.id;
          // Someone who left the site and came back is a member of the pair's chat again.
          await insertMembers(tx, actor.accountId, chatId, [actor.userId, other]);
        }
      } else {
        if (!title) throw fieldError("validation_failed", "title", "A group conversation needs a title");
        const [inserted] = await tx
          .insert(chats)
          .values({ accountId: actor.accountId, kind: "group", title, createdBy: actor.userId })
          .returning({ id: chats.id });
        chatId = inserted.id;
        created = true;
        await insertMembers(tx, actor.accountId, chatId, [actor.userId, ...others]);
      }
      if (created) await usage.use(tx, site, "chats");
      const [chat] = await chatViews(tx, actor, [{ chat: (await membershipOf(tx, actor, chatId)).chat, muted: false }]);
      return { chat, created };
    });
  },

  /** The member's chats, latest activity first, with unread counts per chat and in total. */
  async list(
    db: Db,
    actor: ChatActor,
    opts: { limit?: number } = {},
  ): Promise<{ items: ChatView[]; unread: number; unread_chats: number }> {
    const limit = Math.min(100, Math.max(1, Math.floor(opts.limit ?? 50)));
    return withTenant(db, actor.accountId, async (tx) => {
      const rows = await tx
        .select({ chat: chats, muted: chatMembers.muted })
        .from(chatMembers)
        .innerJoin(chats, and(eq(chats.accountId, chatMembers.accountId), eq(chats.id, chatMembers.chatId)))
        .where(and(eq(chatMembers.accountId, actor.accountId), eq(chatMembers.userId, actor.userId)))
        .orderBy(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt}) desc`, desc(chats.id))
        .limit(limit);
      const all = await unreadByChat(tx, actor);
      const total = [...all.values()].reduce((a, b) => a + b, 0);
      return { items: await chatViews(tx, actor, rows), unread: total, unread_chats: all.size };
    });
  },

  async get(db: Db, actor: ChatActor, chatId: string): Promise<ChatView> {
    return withTenant(db, actor.accountId, async (tx) => {
      const { chat, me } = await membershipOf(tx, actor, chatId);
      const [view] = await chatViews(tx, actor, [{ chat, muted: me.muted }]);
      return view;
    });
  },

  /** Mutes or unmutes a chat for the actor (no chat notifications while muted). */
  async setMuted(db: Db, actor: ChatActor, chatId: string, muted: boolean): Promise<ChatView> {
    await withTenant(db, actor.accountId, async (tx) => {
      await membershipOf(tx, actor, chatId);
      await tx
        .update(chatMembers)
        .set({ muted })
        .where(
          and(
            eq(chatMembers.accountId, actor.accountId),
            eq(chatMembers.chatId, chatId),
            eq(chatMembers.userId, actor.userId),
          ),
        );
    });
    return chatService.get(db, actor, chatId);
  },
};

/**
 * Gives a group of the site its conversation, or brings it in step: the title, and exactly these
 * members (ids that are not members of the site are skipped). Not counted on the `chats` meter —
 * groups have their own limit. Returns the chat's id.
 */
export async function syncGroupChat(
  db: Db,
  accountId: string,
  input: { groupId: string; title: string; memberIds: string[] },
): Promise<string> {
  if (!isUuid(input.groupId)) throw fieldError("validation_failed", "groupId", "groupId is a UUID");
  const title = input.title.trim().slice(0, 120);
  if (!title) throw fieldError("validation_failed", "title", "A group conversation needs a title");
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(chats)
      .values({ accountId, kind: "group", title, groupId: input.groupId })
      .onConflictDoUpdate({
        target: [chats.accountId, chats.groupId],
        targetWhere: sql`group_id is not null`,
        set: { title },
      })
      .returning({ id: chats.id });
    const wanted = [...(await siteMembers(tx, accountId, [...new Set(input.memberIds)]))];
    const gone = and(eq(chatMembers.accountId, accountId), eq(chatMembers.chatId, row.id));
    await tx.delete(chatMembers).where(wanted.length ? and(gone, notInArray(chatMembers.userId, wanted)) : gone);
    await insertMembers(tx, accountId, row.id, wanted);
    return row.id;
  });
}
