// Messages of a chat: sending (masked by the profanity filter, refused in a direct chat where one
// blocked the other), history paged backwards, read marks, removal by the author or a site
// manager. Every new or removed message is announced on the bus so the sockets of the chat's
// members on every web process hear it, before anything else is done about it; recipients get at
// most one unread chat notification per chat.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { MESSAGES_PAGE_MAX, messagePreview, type SendMessage, shouldNotify, ZSendMessage } from "../../../core/chat";
import { isUuid } from "../../../core/uuid";
import type { Db, Tx } from "../../db/client";
import { chatBlocks, chatMembers, chats, media, messages, notifications as notificationRows } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, validationError } from "../../errors";
import { bus } from "../../realtime/bus";
import { notifications } from "../notifications";
import { profanity } from "../profanity";
import { blockedBetween, blockedError, type ChatActor, membershipOf } from "./chats";
import { type MessageView, messageViews } from "./views";

/** The bus topic that carries new and removed messages to the sockets of the chat's members. */
export const CHAT_TOPIC = "chat";
/**
 * NOTIFY payloads stay under PostgreSQL's 8000 bytes. What does not fit is left out of what other
 * processes are sent, and each of them reads it: first the member list (a chat of a few hundred
 * members is already too long), then the message.
 */
const INLINE_BYTES = 6000;

export type ChatEvent = {
  accountId: string;
  chatId: string;
  /**
   * Whose sockets hear it: the chat's members (a read mark: the reader's own other pages). Absent:
   * every member of the chat, read by the process that delivers it.
   */
  userIds?: string[];
  event: "message" | "removed" | "read";
  messageId?: string;
  message?: MessageView;
};

const fits = (e: ChatEvent) => Buffer.byteLength(JSON.stringify(e)) <= INLINE_BYTES;

/** The event as this process's sockets hear it, and as small as it must be for the others. */
async function announce(e: ChatEvent) {
  let remote = e;
  if (!fits(remote)) remote = { ...remote, userIds: undefined };
  if (!fits(remote)) remote = { ...remote, message: undefined };
  await bus.publish(CHAT_TOPIC, e, remote);
}

/** A message's created_at as the database holds it (microseconds; a Date keeps milliseconds). */
const createdAtOf = (accountId: string, messageId: string) =>
  sql`(select m.created_at from ${messages} m where m.account_id = ${accountId}::uuid and m.id = ${messageId}::uuid)`;

async function memberIds(tx: Tx, accountId: string, chatId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.accountId, accountId), eq(chatMembers.chatId, chatId)));
  return rows.map((r) => r.userId);
}

export const messageService = {
  /**
   * Sends a message. Attachments are files of the site's media library: any of them for a manager
   * of the site (who keeps the library), otherwise only files the author uploaded.
   */
  async send(
    db: Db,
    actor: ChatActor & { isManager?: boolean },
    chatId: string,
    input: SendMessage,
  ): Promise<MessageView> {
    const parsed = ZSendMessage.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const attachments = [...new Set(parsed.data.attachments.map((a) => a.toLowerCase()))];
    const body = await profanity.mask(db, actor.accountId, parsed.data.body.trim());
    const { view, members, notify, authorName } = await withTenant(db, actor.accountId, async (tx) => {
      const { chat } = await membershipOf(tx, actor, chatId, { lock: true });
      const mine = and(eq(chatMembers.accountId, actor.accountId), eq(chatMembers.chatId, chatId));
      // The members, read once: whose sockets hear the message and, under the chat's lock, who is
      // told by a notification (so two messages sent at once cannot both notify the same person).
      const memberRows = await tx.select().from(chatMembers).where(mine);
      const everyone = memberRows.map((m) => m.userId);
      if (chat.kind === "direct") {
        const other = everyone.find((id) => id !== actor.userId);
        if (other && (await blockedBetween(tx, actor.accountId, actor.userId, other))) throw blockedError();
      }
      if (attachments.length) {
        const [found] = await tx
          .select({ n: count() })
          .from(media)
          .where(
            and(
              eq(media.accountId, actor.accountId),
              inArray(media.id, attachments),
              actor.isManager ? undefined : eq(media.uploadedBy, actor.userId),
            ),
          );
        if (Number(found?.n ?? 0) !== attachments.length) {
          throw fieldError(
            "validation_failed",
            "attachments",
            "Every attachment must be a file of this site's media library that you may use",
          );
        }
      }
      const [row] = await tx
        .insert(messages)
        .values({ accountId: actor.accountId, chatId, authorId: actor.userId, body, attachments })
        .returning();
      await tx
        .update(chats)
        .set({ lastMessageAt: createdAtOf(actor.accountId, row.id) })
        .where(and(eq(chats.accountId, actor.accountId), eq(chats.id, chatId)));
      await tx
        .update(chatMembers)
        .set({ lastReadMessageId: row.id, lastReadAt: createdAtOf(actor.accountId, row.id) })
        .where(and(mine, eq(chatMembers.userId, actor.userId)));
      const recipients = memberRows.filter((m) => m.userId !== actor.userId);
      const blockers = new Set(
        (
          await tx
            .select({ id: chatBlocks.blockerId })
            .from(chatBlocks)
            .where(and(eq(chatBlocks.accountId, actor.accountId), eq(chatBlocks.blockedId, actor.userId)))
        ).map((b) => b.id),
      );
      const notify = recipients
        .filter((r) => !blockers.has(r.userId) && shouldNotify(r, row.createdAt))
        .map((r) => r.userId);
      if (notify.length) {
        await tx
          .update(chatMembers)
          .set({ notified: true })
          .where(and(mine, inArray(chatMembers.userId, notify)));
      }
      const [view] = await messageViews(tx, actor.accountId, [row]);
      return { view, members: everyone, notify, authorName: view.author.name };
    });
    // The members' open pages first: a large chat's notifications take a while to write.
    await announce({
      accountId: actor.accountId,
      chatId,
      userIds: members,
      event: "message",
      messageId: view.id,
      message: view,
    });
    await notifications
      .createMany(
        db,
        actor.accountId,
        notify.map((userId) => ({
          userId,
          title: `New message from ${authorName}`,
          message: messagePreview(view.body ?? ""),
          type: "chat" as const,
          component: "chat",
          data: { chat_id: chatId, user_id: actor.userId },
          itemId: chatId,
        })),
      )
      .catch((err) => console.error("[chats] notifications", err));
    return view;
  },

  /** A page of the chat's history, newest last; `before` pages further back (a message id). */
  async list(
    db: Db,
    actor: ChatActor,
    chatId: string,
    opts: { before?: string; limit?: number } = {},
  ): Promise<{ items: MessageView[]; next_before: string | null }> {
    const limit = Math.min(MESSAGES_PAGE_MAX, Math.max(1, Math.floor(opts.limit ?? 30)));
    return withTenant(db, actor.accountId, async (tx) => {
      await membershipOf(tx, actor, chatId);
      const inChat = and(eq(messages.accountId, actor.accountId), eq(messages.chatId, chatId));
      let older = inChat;
      if (opts.before) {
        if (!isUuid(opts.before)) throw fieldError("validation_failed", "before", "before is a message id");
        const [cursor] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(and(inChat, eq(messages.id, opts.before)));
        if (!cursor) throw fieldError("validation_failed", "before", "before is not a message of this chat");
        // Compared in the database: timestamps there are finer than a JavaScript Date.
        older = and(
          inChat,
          sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.account_id = ${actor.accountId}::uuid and m.id = ${cursor.id}::uuid)`,
        );
      }
      const rows = await tx
        .select()
        .from(messages)
        .where(older)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit + 1);
      const more = rows.length > limit;
      const page = rows.slice(0, limit).reverse();
      return { items: await messageViews(tx, actor.accountId, page), next_before: more ? page[0].id : null };
    });
  },

  /**
   * Marks the chat read up to its latest message (opening it), and its chat notifications in the
   * member's bell with it. A read mark never moves back. Answers the member's unread total.
   */
  async markRead(db: Db, actor: ChatActor, chatId: string): Promise<{ unread: number }> {
    const unread = await withTenant(db, actor.accountId, async (tx) => {
      await membershipOf(tx, actor, chatId);
      const [latest] = await tx
        .select({ id: messages.id, createdAt: messages.createdAt })
        .from(messages)
        .where(and(eq(messages.accountId, actor.accountId), eq(messages.chatId, chatId)))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(1);
      const at = latest ? createdAtOf(actor.accountId, latest.id) : null;
      await tx
        .update(chatMembers)
        .set({
          notified: false,
          ...(latest && at
            ? {
                lastReadMessageId: sql`case when ${at} >= coalesce(${chatMembers.lastReadAt}, '-infinity') then ${latest.id}::uuid else ${chatMembers.lastReadMessageId} end`,
                lastReadAt: sql`greatest(${chatMembers.lastReadAt}, ${at})`,
              }
            : {}),
        })
        .where(
          and(
            eq(chatMembers.accountId, actor.accountId),
            eq(chatMembers.chatId, chatId),
            eq(chatMembers.userId, actor.userId),
          ),
        );
      await tx
        .update(notificationRows)
        .set({ read: true })
        .where(
          and(
            eq(notificationRows.accountId, actor.accountId),
            eq(notificationRows.userId, actor.userId),
            eq(notificationRows.type, "chat"),
            eq(notificationRows.read, false),
            eq(notificationRows.itemId, chatId),
          ),
        );
      return unreadTotal(tx, actor);
    });
    await announce({ accountId: actor.accountId, chatId, userIds: [actor.userId], event: "read" });
    return { unread };
  },

  /** Removes a message (shown as "message removed"): its author, or a manager of the site in the chat. */
  async remove(db: Db, actor: ChatActor & { isManager: boolean }, chatId: string, messageId: string) {
    if (!isUuid(messageId)) throw notFound("Message");
    const { view, members } = await withTenant(db, actor.accountId, async (tx) => {
      await membershipOf(tx, actor, chatId);
      const where = and(
        eq(messages.accountId, actor.accountId),
        eq(messages.chatId, chatId),
        eq(messages.id, messageId),
      );
      const [found] = await tx.select().from(messages).where(where).for("update");
      if (!found) throw notFound("Message");
      if (found.authorId !== actor.userId && !actor.isManager) {
        throw new AppError("forbidden", "Only the author or a manager of the site can remove a message");
      }
      const [row] = found.deletedAt
        ? [found]
        : await tx
            .update(messages)
            .set({ deletedAt: new Date(), deletedBy: actor.userId, body: "", attachments: [] })
            .where(where)
            .returning();
      const [view] = await messageViews(tx, actor.accountId, [row]);
      return { view, members: await memberIds(tx, actor.accountId, chatId) };
    });
    await announce({
      accountId: actor.accountId,
      chatId,
      userIds: members,
      event: "removed",
      messageId,
      message: view,
    });
    return view;
  },

  /** Who is in the chat (for a process that was sent an event without its member list). */
  memberIds(db: Db, accountId: string, chatId: string): Promise<string[]> {
    if (!isUuid(chatId)) return Promise.resolve([]);
    return withTenant(db, accountId, (tx) => memberIds(tx, accountId, chatId));
  },

  /** One message as a member of its chat sees it (for a process that was sent only its id). */
  async one(db: Db, accountId: string, messageId: string): Promise<MessageView | null> {
    if (!isUuid(messageId)) return null;
    return withTenant(db, accountId, async (tx) => {
      const rows = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, accountId), eq(messages.id, messageId)));
      return rows.length ? (await messageViews(tx, accountId, rows))[0] : null;
    });
  },
};

/** The member's unread messages over all their chats. */
export async function unreadTotal(tx: Tx, actor: ChatActor): Promise<number> {
  const rows = await tx.execute<{
    n: string | number;
  }>(sql`select count(*) as n from ${messages} m join ${chatMembers} cm
    on cm.account_id = m.account_id and cm.chat_id = m.chat_id and cm.user_id = ${actor.userId}
    where m.account_id = ${actor.accountId}::uuid and m.author_id <> ${actor.userId} and m.deleted_at is null
      and (cm.last_read_at is null or m.created_at > cm.last_read_at)`);
  const [row] = (rows as unknown as { rows: { n: string | number }[] }).rows;
  return Number(row?.n ?? 0);
}
