// Services the server is gaining while the shells are built (notifications, the member directory,
// member preferences). Loaders reach them through these accessors, which answer null while a
// service is not there yet, so the screen that needs it can say so instead of failing.
import type { AppLoadContext } from "react-router";
import type { InboxItem } from "./notifications";

/** A notification as the shells show it (the server may send more fields). */
export type SiteNotification = InboxItem;
export type NotificationPage = { items: SiteNotification[]; total: number; unread: number };

export type NotificationsService = {
  list(q: { page: number; per_page: number; unreadOnly?: boolean; type?: "chat" | "other" }): Promise<NotificationPage>;
  markRead(id: string): Promise<unknown>;
  markAllRead(type?: "chat" | "other"): Promise<unknown>;
};

export type DirectoryEntry = { name: string; slug: string };
export type DirectoryPage = { items: DirectoryEntry[]; total: number };

type Loose = Record<string, unknown> | undefined;
const services = (context: AppLoadContext) => context.services as unknown as Record<string, Loose>;

export function notificationsService(context: AppLoadContext): NotificationsService | null {
  const s = services(context).notifications;
  return s && typeof s.list === "function" && typeof s.markRead === "function"
    ? (s as unknown as NotificationsService)
    : null;
}

/** The site's public member directory (names and profile slugs only), when the server offers it. */
export function memberDirectory(context: AppLoadContext): ((page: number) => Promise<DirectoryPage>) | null {
  const s = services(context).members;
  return s && typeof s.directory === "function" ? (s.directory as (page: number) => Promise<DirectoryPage>) : null;
}

export type PublicProfile = { name: string; slug: string; since?: string };

/** One member's public profile by slug (name and since when), when the server offers it. */
export function memberProfile(context: AppLoadContext): ((slug: string) => Promise<PublicProfile | null>) | null {
  const s = services(context).members;
  return s && typeof s.profile === "function" ? (s.profile as (slug: string) => Promise<PublicProfile | null>) : null;
}

/** What the member keeps on their membership (read from wherever the server puts it). */
export function memberPreferences(context: AppLoadContext): {
  language: string | null;
  menu: { id: string; enabled: boolean }[] | null;
} {
  const top = context.member as (object & Record<string, unknown>) | null;
  const view = context.member?.member as (object & Record<string, unknown>) | undefined;
  const pick = (key: string) => top?.[key] ?? view?.[key];
  const language = pick("language");
  const raw = pick("menuPreference");
  const menu = Array.isArray(raw)
    ? raw
        .filter(
          (e): e is { id: string; enabled: boolean } =>
            typeof e === "object" && e !== null && typeof e.id === "string" && typeof e.enabled === "boolean",
        )
        .map((e) => ({ id: e.id, enabled: e.enabled }))
    : null;
  return { language: typeof language === "string" ? language : null, menu };
}

/** Normalises a notification the server sent, whatever its date type. */
export function notificationView(n: SiteNotification): SiteNotification {
  const created = n.createdAt as unknown;
  return {
    id: String(n.id),
    title: String(n.title ?? ""),
    message: String(n.message ?? ""),
    type: n.type === "chat" ? "chat" : "other",
    read: Boolean(n.read),
    data: n.data && typeof n.data === "object" ? n.data : null,
    createdAt: created instanceof Date ? created.toISOString() : String(created ?? ""),
  };
}
