// The hot path of every signed-in request: the session, its person, their membership and role on
// this site, in one tenant transaction, kept in memory between requests (session-cache.ts). What
// depends on the site itself (owner, the site's extra capabilities) is worked out per request from
// the current site. A token this site ended is answered with the reason.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { endedSessions, members as membersTable, roles, sessions, users } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { SiteAccount } from "../accounts/types";
import { buildContext, type MemberContext, type MemberRow } from "./service";
import { sessionCache } from "./session-cache";

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

type StoredSession =
  | {
      kind: "active";
      sessionId: string;
      expiresAt: Date;
      user: { id: string; name: string; email: string; emailVerified: boolean; twoFactorEnabled: boolean };
      member: MemberRow | null;
    }
  | { kind: "ended"; reason: string }
  | { kind: "none" };

/** The cache key of a site's session, by its token's hash. */
export const sessionKey = (accountId: string, tokenHash: string) => `${accountId}:${tokenHash}`;

export async function bySessionToken(
  db: Db,
  site: SiteAccount,
  token: string,
  tokenHash: string,
): Promise<SessionLookup> {
  const found = await sessionCache.read(
    db,
    sessionKey(site.accountId, tokenHash),
    () => readSession(db, site, token, tokenHash),
    (s) => (s.kind === "active" ? { userId: s.user.id, accountId: site.accountId, expiresAt: s.expiresAt } : null),
  );
  if (found.kind !== "active") return found;
  if (found.expiresAt.getTime() <= Date.now()) return { kind: "none" };
  return { ...found, member: found.member ? buildContext(site, found.member) : null };
}

async function readSession(db: Db, site: SiteAccount, token: string, tokenHash: string): Promise<StoredSession> {
  return withTenant(db, site.accountId, async (tx) => {
    const [row] = await tx
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        user: {
          id: users.id,
          name: users.name,
          email: users.email,
          emailVerified: users.emailVerified,
          twoFactorEnabled: users.twoFactorEnabled,
        },
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
      const member: MemberRow | null =
        row.member && row.roleName
          ? {
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
            }
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
