// What tells people about their groups in the header bell, from the outbox events: an invitation
// (group_member_invited) tells the invitee, a new post (group_post_created) tells every other active
// member who has not turned post notifications off for the group. Each notification carries the
// event's id (item_id), and the members already holding one are skipped, so an event delivered
// twice notifies once.
import { and, eq, sql } from "drizzle-orm";
import { htmlToText } from "../../../core/html-text";
import { isUuid } from "../../../core/uuid";
import type { Db } from "../../db/client";
import { groupMembers, groupPosts, groups, members, notifications as notificationRows } from "../../db/schema";
import { commitWith, withTenant } from "../../db/tenant";
import { bus } from "../../realtime/bus";
import { type DomainEvent, events } from "../events";
import { NOTIFICATION_TOPIC } from "../notifications";
import { usage } from "../usage";
import { GROUP_INVITED_EVENT } from "./members";

export const GROUP_POST_EVENT = "group_post_created";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const excerpt = (html: string) => {
  const text = htmlToText(html).replace(/\s+/g, " ").trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
};

type Notice = { title: string; message: string; data: Record<string, unknown> };

/**
 * Writes one notification of the event to each recipient chosen by `recipients` (a select of user
 * ids) who has none yet, in one statement under a lock on the event, counts them on the site's
 * meter and rings their bells. Answers who was notified.
 */
async function notifyOnce(
  db: Db,
  event: DomainEvent,
  recipients: ReturnType<typeof sql>,
  notice: Notice,
): Promise<string[]> {
  const accountId = event.accountId;
  const notified = await withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`group-notice:${event.id}`}))`);
    const res = await tx.execute(sql`
      insert into ${notificationRows} (account_id, user_id, component, type, title, message, data, item_id)
      select ${accountId}::uuid, r.user_id, 'group', 'other', ${notice.title}, ${notice.message},
        ${JSON.stringify(notice.data)}::jsonb, ${event.id}
      from (${recipients}) r
      where not exists (select 1 from ${notificationRows} n where n.account_id = ${accountId}::uuid
        and n.user_id = r.user_id and n.item_id = ${event.id})
      returning user_id`);
    const ids = (res as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id);
    const counted = usage.countStatement({ accountId, settings: { plan: null } }, "notifications", ids.length);
    if (counted) await commitWith(tx, [counted]);
    return ids;
  });
  for (const userId of notified) await bus.publish(NOTIFICATION_TOPIC, { accountId, userId });
  return notified;
}

async function nameOf(db: Db, accountId: string, userId: string): Promise<string> {
  const [m] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ name: members.name })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.userId, userId))),
  );
  return m?.name ?? "";
}

/** Tells the invitee, while the invitation still stands. */
export async function noticeInvitation(db: Db, event: DomainEvent): Promise<string[]> {
  const { groupId, userId, by } = event.payload as { groupId?: unknown; userId?: unknown; by?: unknown };
  if (typeof groupId !== "string" || !isUuid(groupId) || typeof userId !== "string") return [];
  const accountId = event.accountId;
  const [group] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ title: groups.title })
      .from(groups)
      .where(and(eq(groups.accountId, accountId), eq(groups.id, groupId))),
  );
  if (!group) return [];
  const inviter = typeof by === "string" ? await nameOf(db, accountId, by) : "";
  const link = `/dashboard/groups/${groupId}`;
  return notifyOnce(
    db,
    event,
    sql`select gm.user_id from ${groupMembers} gm where gm.account_id = ${accountId}::uuid
      and gm.group_id = ${groupId}::uuid and gm.user_id = ${userId} and gm.status = 'invited'`,
    {
      // The English fallback; screens word it in the reader's language from `event` and `params`.
      title: inviter ? `${inviter} invited you to join ${group.title}` : `You are invited to join ${group.title}`,
      message: "",
      data: { event: GROUP_INVITED_EVENT, params: { member: inviter, group: group.title }, groupId, link },
    },
  );
}

/** Tells the group's other active members who hear of new posts. */
export async function noticePost(db: Db, event: DomainEvent): Promise<string[]> {
  const { groupId, postId, userId } = event.payload as { groupId?: unknown; postId?: unknown; userId?: unknown };
  if (typeof groupId !== "string" || !isUuid(groupId) || typeof postId !== "string" || !isUuid(postId)) return [];
  if (typeof userId !== "string") return [];
  const accountId = event.accountId;
  const [post] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ body: groupPosts.body, title: groups.title })
      .from(groupPosts)
      .innerJoin(groups, and(eq(groups.accountId, groupPosts.accountId), eq(groups.id, groupPosts.groupId)))
      .where(and(eq(groupPosts.accountId, accountId), eq(groupPosts.id, postId))),
  );
  // A post removed before its event was handled tells no one.
  if (!post) return [];
  const author = await nameOf(db, accountId, userId);
  return notifyOnce(
    db,
    event,
    sql`select gm.user_id from ${groupMembers} gm where gm.account_id = ${accountId}::uuid
      and gm.group_id = ${groupId}::uuid and gm.status = 'active' and gm.notify_posts
      and gm.user_id <> ${userId}`,
    {
      title: `${author} posted in ${post.title}`,
      message: escapeHtml(excerpt(post.body)),
      data: {
        event: GROUP_POST_EVENT,
        params: { member: author, group: post.title },
        groupId,
        postId,
        link: `/dashboard/groups/${groupId}`,
      },
    },
  );
}

events.on(GROUP_INVITED_EVENT, async (db, event) => {
  await noticeInvitation(db, event);
});
events.on(GROUP_POST_EVENT, async (db, event) => {
  await noticePost(db, event);
});
