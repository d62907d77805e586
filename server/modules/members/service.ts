import { usage } from "../usage";
import { and, eq, ne } from "drizzle-orm";
import type { MenuPreferenceItem } from "../../../core/account";
import { CAPS, ADMIN_PERMISSIONS, registrationEventOf } from "../../../core/roles";
import type { Db } from "../../db/client";
import { endedSessions, members as membersTable, roles, sessions, users } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import type { SiteAccount } from "../accounts/types";
import { events } from "../events";
import { uniqueMemberSlug } from "./slug";
import { sessionCache } from "./session-cache";

export type MemberView = {
  id: string;
  userId: string;
  name: string;
  email: string;
  slug: string;
  role: string;
  roleId: string;
  createdAt: string;
};

/** The signed-in person as this site sees them. */
export type MemberContext = {
  member: MemberView;
  role: string;
  caps: string[];
  isOwner: boolean;
  /** Their chosen interface language on this site; null = the site's defaultLanguage. */
  language: string | null;
  /** Their dashboard sidebar order and visibility; null = the default menu. */
  menuPreference: MenuPreferenceItem[] | null;
};

const KNOWN_CAPS = new Set<string>([...CAPS, ...ADMIN_PERMISSIONS]);

const memberColumns = {
  id: membersTable.id,
  userId: membersTable.userId,
  name: membersTable.name,
  email: membersTable.email,
  slug: membersTable.slug,
  role: roles.name,
  roleId: membersTable.roleId,
  caps: roles.caps,
  language: membersTable.language,
  menuPreference: membersTable.menuPreference,
  createdAt: membersTable.createdAt,
};

export type MemberRow = {
  id: string;
  userId: string;
  name: string;
  email: string;
  slug: string;
  role: string;
  roleId: string;
  caps: string[];
  language: string | null;
  menuPreference: MenuPreferenceItem[] | null;
  createdAt: Date;
};
const view = (r: MemberRow): MemberView => ({
  id: r.id,
  userId: r.userId,
  name: r.name,
  email: r.email,
  slug: r.slug,
  role: r.role,
  roleId: r.roleId,
  createdAt: r.createdAt.toISOString(),
});

/** A member as the site sees them: role caps plus the site's own additions, owner marked. */
export function buildContext(site: SiteAccount, row: MemberRow): MemberContext {
  const isOwner = site.ownerUserId === row.userId;
  const siteCaps = site.caps[row.role] ?? [];
  const caps = [...new Set([...row.caps, ...siteCaps])].filter((c) => KNOWN_CAPS.has(c));
  return {
    member: view(row),
    role: isOwner ? "owner" : row.role,
    caps,
    isOwner,
    language: row.language,
    menuPreference: row.menuPreference,
  };
}

export const members = {
  /**
   * Refuses a person who is not a member yet when the site's plan has no room for one more member
   * or monthly-active member (plan_limit). Checked before a session is made, so a refused sign-in
   * leaves nothing behind; joinOnSignIn checks again under the lock.
   */
  async assertCanJoin(db: Db, site: SiteAccount, userId: string): Promise<void> {
    if (site.isPlatform || site.ownerUserId === userId) return;
    await withTenant(db, site.accountId, async (tx) => {
      const [existing] = await tx
        .select({ id: membersTable.id })
        .from(membersTable)
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.userId, userId)));
      if (existing) return;
      await usage.guardCount(tx, site, "totalMembers");
      await usage.checkMeter(tx, site, "mau");
    });
  },

  /**
   * Signing in or up on a site makes the person a member of it if they are not yet, as a student
   * (the owner as admin). An invitation is not used here: only accepting it gives its role.
   */
  async joinOnSignIn(db: Db, site: SiteAccount, userId: string): Promise<void> {
    await events.transaction(db, site.accountId, async (tx, out) => {
      const [existing] = await tx
        .select({ id: membersTable.id })
        .from(membersTable)
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.userId, userId)));
      if (existing) {
        await usage.markActive(tx, site, userId);
        return;
      }
      const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) return;
      const isOwner = site.ownerUserId === userId;
      // The plan's member and monthly-active limits hold for people joining; the owner always gets in.
      if (!isOwner) await usage.guardCount(tx, site, "totalMembers");
      await usage.markActive(tx, site, userId, { enforce: !isOwner });
      const roleName = isOwner ? "admin" : "student";
      const [role] = await tx
        .select()
        .from(roles)
        .where(and(eq(roles.accountId, site.accountId), eq(roles.name, roleName)));
      const [joined] = await tx
        .insert(membersTable)
        .values({
          accountId: site.accountId,
          userId,
          name: user.name,
          email: user.email,
          slug: await uniqueMemberSlug(tx, site.accountId, user.name || user.email),
          roleId: role.roleId,
        })
        // Only "a member already" is expected here (another sign-in of theirs got there first); any
        // other conflict must fail the join rather than leave a session with no membership.
        .onConflictDoNothing({ target: [membersTable.accountId, membersTable.userId] })
        .returning({ id: membersTable.id });
      // A student joining a site is announced (welcome, owner's notice); the platform's own site
      // and its owner are not.
      if (joined && !isOwner && !site.isPlatform) {
        const type = registrationEventOf([...role.caps, ...(site.caps[role.name] ?? [])]);
        if (type)
          out.push(
            await events.emit(
              tx,
              site.accountId,
              type,
              { userId, memberId: joined.id, role: role.name, via: "sign_in" },
              userId,
            ),
          );
      }
    });
    sessionCache.forgetUser(db, userId);
  },

  /** Ends every other session of this person on this site and remembers why, for the next request. */
  async endOtherSessions(
    db: Db,
    accountId: string,
    userId: string,
    keepSessionId: string,
    hash: (t: string) => string,
  ) {
    await withTenant(db, accountId, async (tx) => {
      const others = await tx
        .delete(sessions)
        .where(and(eq(sessions.accountId, accountId), eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
        .returning({ token: sessions.token });
      if (others.length) {
        await tx
          .insert(endedSessions)
          .values(others.map((o) => ({ accountId, tokenHash: hash(o.token), reason: "single_session" })));
      }
    });
    sessionCache.forgetUser(db, userId);
  },

  async context(db: Db, site: SiteAccount, userId: string): Promise<MemberContext | null> {
    const [row] = await withTenant(db, site.accountId, (tx) =>
      tx
        .select(memberColumns)
        .from(membersTable)
        .innerJoin(roles, and(eq(roles.accountId, membersTable.accountId), eq(roles.roleId, membersTable.roleId)))
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.userId, userId))),
    );
    return row ? buildContext(site, row) : null;
  },

  async get(db: Db, accountId: string, memberId: string): Promise<MemberView> {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select(memberColumns)
        .from(membersTable)
        .innerJoin(roles, and(eq(roles.accountId, membersTable.accountId), eq(roles.roleId, membersTable.roleId)))
        .where(and(eq(membersTable.accountId, accountId), eq(membersTable.id, memberId))),
    );
    if (!row) throw notFound("Member");
    return view(row);
  },

  async list(db: Db, accountId: string, page: number, perPage: number) {
    return withTenant(db, accountId, async (tx) => {
      const rows = await tx
        .select(memberColumns)
        .from(membersTable)
        .innerJoin(roles, and(eq(roles.accountId, membersTable.accountId), eq(roles.roleId, membersTable.roleId)))
        .where(eq(membersTable.accountId, accountId))
        .orderBy(membersTable.createdAt, membersTable.id)
        .limit(perPage)
        .offset((page - 1) * perPage);
      const total = await tx.$count(membersTable, eq(membersTable.accountId, accountId));
      return { items: rows.map(view), total };
    });
  },

  /** Changes a member's role; the site owner's own role cannot be changed. */
  async setRole(db: Db, site: SiteAccount, memberId: string, roleName: string): Promise<MemberView> {
    const userId = await withTenant(db, site.accountId, async (tx) => {
      const [role] = await tx
        .select()
        .from(roles)
        .where(and(eq(roles.accountId, site.accountId), eq(roles.name, roleName)));
      if (!role) throw fieldError("validation_failed", "role", `Unknown role "${roleName}"`);
      const [target] = await tx
        .select({ userId: membersTable.userId })
        .from(membersTable)
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.id, memberId)));
      if (!target) throw notFound("Member");
      if (target.userId === site.ownerUserId) {
        throw new AppError("forbidden", "The site owner's role cannot be changed");
      }
      await tx
        .update(membersTable)
        .set({ roleId: role.roleId })
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.id, memberId)));
      return target.userId;
    });
    sessionCache.forgetUser(db, userId);
    return members.get(db, site.accountId, memberId);
  },

  async roles(db: Db, accountId: string) {
    return withTenant(db, accountId, (tx) =>
      tx
        .select({ roleId: roles.roleId, name: roles.name, caps: roles.caps })
        .from(roles)
        .where(eq(roles.accountId, accountId)),
    );
  },
};
