// The hot path of every signed-in request: the session, its person, their membership and role on
// this site, in one tenant transaction. A token this site ended is answered with the reason.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { endedSessions, members as membersTable, roles, sessions, users } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { SiteAccount } from "../accounts/types";
import { buildContext, type MemberContext } from "./service";

export type SessionLookup =
  | {
      kind: "active";
      sessionId: string;
      expiresAt: Date;
      user: { id: string; name: string; email: string; emailVerified: boolean; twoFactorEnabled: boolean };
      member: MemberContext | null;
    }
  | { kind: "ended"; reason: string }
  | { kind: "none" };

export async function bySessionToken(
  db: Db,
  site: SiteAccount,
  token: string,
  tokenHash: string,
): Promise<SessionLookup> {
  return withTenant(db, site.accountId, async (tx) => {
    const [row] = await tx
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        user: users,
        member: membersTable,
        roleName: roles.name,
        roleCaps: roles.caps,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(
        membersTable,
        and(eq(membersTable.accountId, sessions.accountId), eq(membersTable.userId, sessions.userId)),
      )
      .leftJoin(roles, and(eq(roles.accountId, membersTable.accountId), eq(roles.roleId, membersTable.roleId)))
      .where(and(eq(sessions.accountId, site.accountId), eq(sessions.token, token)))
      .limit(1);
    if (row && row.expiresAt.getTime() > Date.now()) {
      const u = row.user;
      const member =
        row.member && row.roleName
          ? buildContext(site, {
              id: row.member.id,
              userId: row.member.userId,
              name: row.member.name,
              email: row.member.email,
              slug: row.member.slug,
              role: row.roleName,
              roleId: row.member.roleId,
              caps: row.roleCaps ?? [],
              language: row.member.language,
              menuPreference: row.member.menuPreference,
              createdAt: row.member.createdAt,
            })
          : null;
      return {
        kind: "active",
        sessionId: row.sessionId,
        expiresAt: row.expiresAt,
        user: {
          id: u.id,
          name: u.name,
          email: u.email,
          emailVerified: u.emailVerified,
          twoFactorEnabled: Boolean(u.twoFactorEnabled),
        },
        member,
      };
    }
    const [ended] = await tx
      .select({ reason: endedSessions.reason })
      .from(endedSessions)
      .where(and(eq(endedSessions.accountId, site.accountId), eq(endedSessions.tokenHash, tokenHash)))
      .limit(1);
    return ended ? { kind: "ended", reason: ended.reason } : { kind: "none" };
  });
}
