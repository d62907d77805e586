// A member's notifications as the browser shows and changes them (spec §3, §4): the bell lists
// those of type other, a click marks one read; the chat dropdown lists those of type chat and
// opening it marks them all read. Each list carries its own unread count.
import { api } from "./api";
import { safeHref } from "./safe-url";

export type InboxItem = {
  id: string;
  title: string;
  message: string;
  type: "chat" | "other";
  read: boolean;
  data: Record<string, unknown> | null;
  createdAt: string;
};
export type NotificationList = { items: InboxItem[]; unread: number; total: number };

/** What the page needs of a notification the server returns (it also carries ids, time, …). */
export const toInboxItem = (n: InboxItem): InboxItem => ({
  id: n.id,
  title: n.title,
  message: n.message,
  type: n.type,
  read: n.read,
  data: n.data,
  createdAt: n.createdAt,
});
export type Inbox = { bell: NotificationList; chat: NotificationList };

export const INBOX_PAGE = 10;
export const NOTIFICATION_KINDS = ["other", "chat"] as const;

const fetchList = (type: "chat" | "other", unreadOnly: boolean) =>
  api<NotificationList>(
    "GET",
    `/api/v1/notifications?page=1&per_page=${INBOX_PAGE}&type=${type}${unreadOnly ? "&unread=true" : ""}`,
  );

/**
 * The bell shows the latest notifications of type other; the chat dropdown the unread chat
 * messages. The server's unread count covers every type, so the bell's is that less the chats.
 */
export function splitInbox(bell: NotificationList, unreadChats: NotificationList): Inbox {
  const chatItems = unreadChats.items.filter((i) => i.type === "chat");
  return {
    // A server that ignores the type filter still answers a mixed list; keep only this kind.
    bell: {
      ...bell,
      items: bell.items.filter((i) => i.type !== "chat"),
      unread: Math.max(0, bell.unread - unreadChats.total),
    },
    chat: { items: chatItems, total: unreadChats.total, unread: unreadChats.total },
  };
}

export async function fetchInbox(): Promise<Inbox> {
  const [bell, chat] = await Promise.all([fetchList("other", false), fetchList("chat", true)]);
  return splitInbox(bell, chat);
}

export const markRead = (id: string) => api("POST", `/api/v1/notifications/${encodeURIComponent(id)}/read`, {});
export const markAllRead = (type?: "chat" | "other") =>
  api("POST", "/api/v1/notifications/read-all", type ? { type } : {});

/** Where a notification leads, when its data names a page of this site. */
export function notificationLink(item: Pick<InboxItem, "data">): string | null {
  const data = item.data ?? {};
  const direct = typeof data.link === "string" ? data.link : null;
  const object = (data.object as { link?: unknown } | undefined)?.link;
  const href = safeHref(direct ?? (typeof object === "string" ? object : null));
  return href?.startsWith("/") ? href : null;
}

/** The list with the matching items read, and its unread count lowered to match. */
export function withRead(inbox: NotificationList, match: (item: InboxItem) => boolean): NotificationList {
  let changed = 0;
  const items = inbox.items.map((item) => {
    if (item.read || !match(item)) return item;
    changed++;
    return { ...item, read: true };
  });
  return { ...inbox, items, unread: Math.max(0, inbox.unread - changed) };
}
