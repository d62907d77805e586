// What the member-management screens and the member's own profile call from loaders and actions.
// Who may do what is decided here from the request's member (owner or manage_options for the
// management calls), never from anything the page sends. Failures are AppError.
import type { Context } from "hono";
import { AppError, notAuthenticated, requireUuid } from "../../errors";
import {
  type InvitationView,
  type InviteInput,
  invites,
  type ManagedMember,
  type MemberQuery,
  endSessionsOnOtherSites,
  manage,
  members,
} from "../../modules/members";
import type { AppEnv } from "../env";
import { requestHeaders } from "../middleware/session";

export type MemberRoleOption = { name: string; managesSite: boolean };

export function usersServices(c: Context<AppEnv>) {
  const { database, auth } = c.get("platform");
  const db = database.db;
  const site = c.get("site");
  const user = c.get("user");
  const member = c.get("member");

  const signedInMember = () => {
    if (!user) throw notAuthenticated();
    if (!member) throw new AppError("forbidden", "Only members of this site can do this");
    return { user, member };
  };
  const manager = () => {
    const me = signedInMember();
    if (!(me.member.isOwner || me.member.caps.includes("manage_options"))) {
      throw new AppError("forbidden", "This needs the manage_options capability on this site");
    }
    return me;
  };
  const inviter = () => {
    const me = manager();
    return { userId: me.user.id, name: me.member.member.name || me.user.name, origin: c.get("origin") };
  };

  return {
    manageMembers: {
      /** Whether the signed-in person may manage members here (owner or manage_options). */
      allowed: (): boolean => Boolean(member && (member.isOwner || member.caps.includes("manage_options"))),
      search: (query: MemberQuery): Promise<{ items: ManagedMember[]; total: number }> => {
        manager();
        return manage.search(db, site, query);
      },
      get: (id: string): Promise<ManagedMember> => {
        manager();
        return manage.get(db, site, requireUuid(id, "Member"));
      },
      /** The site's roles, and whether each one carries manage_options. */
      roles: async (): Promise<MemberRoleOption[]> => {
        manager();
        const rows = await members.roles(db, site.accountId);
        return rows.map((r) => ({
          name: r.name,
          managesSite: [...r.caps, ...(site.caps[r.name] ?? [])].includes("manage_options"),
        }));
      },
      setRole: (id: string, role: string): Promise<ManagedMember> => {
        const me = manager();
        return manage.setRole(db, site, me.user.id, requireUuid(id, "Member"), role);
      },
      remove: (id: string): Promise<void> => {
        const me = manager();
        return manage.remove(db, site, me.user.id, requireUuid(id, "Member"));
      },
      invitations: {
        list: (): Promise<InvitationView[]> => {
          manager();
          return invites.list(db, site.accountId);
        },
        invite: (input: InviteInput): Promise<InvitationView> => invites.invite(db, site, inviter(), input),
        resend: (id: string): Promise<InvitationView> => {
          const by = inviter();
          return invites.resend(db, site, by, requireUuid(id, "Invitation"));
        },
        cancel: (id: string): Promise<void> => {
          manager();
          return invites.cancel(db, site.accountId, requireUuid(id, "Invitation"));
        },
      },
    },
    profile: {
      /** The member's own name on this site and on their login. */
      rename: (name: string): Promise<{ name: string }> =>
        manage.rename(db, site.accountId, signedInMember().user.id, name),
      /**
       * better-auth's password change for the signed-in person: checks the current password, ends
       * their other sessions here and on every other site, and answers with the new session cookie.
       */
      changePassword: async (currentPassword: string, newPassword: string): Promise<Response> => {
        if (!user) throw notAuthenticated();
        const res = await auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers: requestHeaders(c.req.raw),
          asResponse: true,
        });
        if (res.ok) await endSessionsOnOtherSites(db, user.id, site.accountId);
        return res;
      },
    },
  };
}
