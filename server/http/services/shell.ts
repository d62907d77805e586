// What the three shells (public layout, site layout, dashboard shell) call from loaders and actions:
// the site's configuration, the member's notifications, presence and preferences, and the page
// cache. Thin calls into modules; who may do what is decided here from the request's member, never
// from anything the page sends. Failures are AppError (code, status, message, details).
import type { Context } from "hono";
import type { AccountConfig, AccountConfigPatch, MemberPreferencesPatch } from "../../../core/account";
import { showsAdminToolbar } from "../../../core/roles";
import { AppError, notAuthenticated, requireUuid } from "../../errors";
import { accounts } from "../../modules/accounts";
import { type MemberPreferences, setPreferences } from "../../modules/members";
import { type NotificationType, type NotificationView, notifications } from "../../modules/notifications";
import { pageCache } from "../../modules/page-cache";
import { type PresenceList, presence, presenceFor } from "../../modules/presence";
import type { AppEnv } from "../env";

export type NotificationPage = { items: NotificationView[]; total: number; unread: number };

export function shellServices(c: Context<AppEnv>) {
  const { database } = c.get("platform");
  const db = database.db;
  const site = c.get("site");
  const user = c.get("user");
  const member = c.get("member");

  const signedInMember = () => {
    if (!user) throw notAuthenticated();
    if (!member) throw new AppError("forbidden", "Only members of this site can do this");
    return { userId: user.id, member };
  };
  const manager = (...caps: ("manage_options" | "admin")[]) => {
    const { member: m } = signedInMember();
    if (!(m.isOwner || caps.some((cap) => m.caps.includes(cap)))) {
      throw new AppError("forbidden", `This needs the ${caps.join(" or ")} capability on this site`);
    }
  };
  const seesEmails = () => Boolean(member && (member.isOwner || showsAdminToolbar(member.caps)));

  return {
    site: {
      /** Owners and manage_options holders: merges the patch and drops the site's cached pages. */
      updateConfig: async (patch: AccountConfigPatch): Promise<AccountConfig> => {
        manager("manage_options");
        return (await accounts.updateConfig(db, site, patch)).config;
      },
    },
    notifications: {
      /** The signed-in member's notifications, newest first, with the unread count for the bell. */
      list: (opts: { page?: number; per_page?: number; unreadOnly?: boolean; type?: NotificationType } = {}) =>
        notifications.list(db, site.accountId, signedInMember().userId, opts) as Promise<NotificationPage>,
      /** The top bar's bell and unread chats with their counts, in one transaction. */
      inbox: (perPage: number) =>
        notifications.inbox(db, site.accountId, signedInMember().userId, perPage) as Promise<{
          bell: NotificationPage;
          chat: NotificationPage;
        }>,
      markRead: (id: string): Promise<NotificationView> =>
        notifications.markRead(db, site.accountId, signedInMember().userId, requireUuid(id, "Notification")),
      /** All read, or all of one type ("chat" when the chat dropdown opens). */
      markAllRead: (type?: NotificationType): Promise<{ updated: number }> =>
        notifications.markAllRead(db, site.accountId, signedInMember().userId, { type }),
    },
    presence: {
      /** Who is online now (the top bar's first paint); e-mails only for the site's managers. */
      list: async (): Promise<PresenceList> => {
        signedInMember();
        return presenceFor(await presence.list(db, site.accountId), { seesEmails: seesEmails() });
      },
    },
    preferences: {
      /** The member's language and dashboard menu on this site; null resets one to the default. */
      update: (patch: MemberPreferencesPatch): Promise<MemberPreferences> =>
        setPreferences(db, site.accountId, signedInMember().userId, patch),
    },
    pageCache: {
      /** The admin toolbar's "clear page cache": every cached page of the site, or one path. */
      invalidate: async (path?: string): Promise<void> => {
        manager("manage_options", "admin");
        await (path ? pageCache.invalidatePath(site.accountId, path) : pageCache.invalidateSite(site.accountId));
      },
    },
  };
}
