// What a site's managers do with its members: find them, change their role, remove them; and what a
// member changes about themself (their name). Another site's member ids are simply not found.
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { registrationEventOf } from "../../../core/roles";
import { containsPattern } from "../../../core/search-query";
import type { Db } from "../../db/client";
import { members as membersTable, roles, sessions } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, validationError } from "../../errors";
import type { SiteAccount } from "../accounts/types";
import { events } from "../events";
import { renameLogin } from "./logins";
import { sessionCache } from "./session-cache";
import { type MemberView, members } from "./service";

export type ManagedMember = MemberView & { isOwner: boolean };

export type MemberQuery = {
  q?: string;
  role?: string;
  /** Only members whose role may teach (create_courses or manage_options), as co-instructors must. */
  teachers?: boolean;
  page?: number;
  perPage?: number;
};

export const NAME_MAX = 80;
export const ZMemberName = z.string().trim().min(1, "Enter a name").max(NAME_MAX, `Use at most ${NAME_MAX} characters`);

/** Whether a role (with the site's own additions) carries manage_options. */
function roleManages(site: SiteAccount, role: { name: string; caps: string[] }) {
  return [...role.caps, ...(site.caps[role.name] ?? [])].includes("manage_options");
}

export const manage = {
  /** One page of members, newest first, matching a name or e-mail fragment and/or one role. */
  async search(db: Db, site: SiteAccount, query: MemberQuery): Promise<{ items: ManagedMember[]; total: number }> {
    const page = Math.max(1, query.page ?? 1);
    const perPage = Math.min(100, Math.max(1, query.perPage ?? 20));
    const term = query.q?.trim();
    const where: SQL[] = [eq(membersTable.accountId, site.accountId)];
    if (term) {
      const p = containsPattern(term);
      where.push(or(ilike(membersTable.name, p), ilike(membersTable.email, p)) as SQL);
    }
    if (query.role) where.push(eq(roles.name, query.role));
    if (query.teachers) where.push(sql`${roles.caps} ?| array['create_courses', 'manage_options']`);
    return withTenant(db, site.accountId, async (tx) => {
      const rows = await tx
        .select({
          id: membersTable.id,
          userId: membersTable.userId,
          name: membersTable.name,
          email: membersTable.email,
          slug: membersTable.slug,
          role: roles.name,
          roleId: membersTable.roleId,
          createdAt: membersTable.createdAt,
        })
        .from(membersTable)
        .innerJoin(roles, and(eq(roles.accountId, membersTable.accountId), eq(roles.roleId, membersTable.roleId)))
        .where(and(...where))
        .orderBy(desc(membersTable.createdAt), asc(membersTable.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(membersTable)
        .innerJoin(roles, and(eq(roles.accountId, membersTable.accountId), eq(roles.roleId, membersTable.roleId)))
        .where(and(...where));
      const total = Number(n);
      return {
        items: rows.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          isOwner: r.userId === site.ownerUserId,
        })),
        total,
      };
    });
  },

  /** One member with the owner mark; another site's id is not found. */
  async get(db: Db, site: SiteAccount, memberId: string): Promise<ManagedMember> {
    const m = await members.get(db, site.accountId, memberId);
    return { ...m, isOwner: m.userId === site.ownerUserId };
  },

  /**
   * Changes a member's role. The owner's role is fixed, and a manager cannot take the
   * manage_options capability away from themself (someone else has to).
   */
  async setRole(
    db: Db,
    site: SiteAccount,
    actorUserId: string,
    memberId: string,
    roleName: string,
  ): Promise<ManagedMember> {
    const userId = await events.transaction(db, site.accountId, async (tx, out) => {
      const [target] = await tx
        .select({ userId: membersTable.userId, roleName: roles.name, roleCaps: roles.caps })
        .from(membersTable)
        .innerJoin(roles, and(eq(roles.accountId, membersTable.accountId), eq(roles.roleId, membersTable.roleId)))
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.id, memberId)));
      if (!target) throw notFound("Member");
      const [role] = await tx
        .select({ roleId: roles.roleId, name: roles.name, caps: roles.caps })
        .from(roles)
        .where(and(eq(roles.accountId, site.accountId), eq(roles.name, roleName)));
      if (!role) throw fieldError("validation_failed", "role", `Unknown role "${roleName}"`);
      if (target.userId === site.ownerUserId) {
        throw new AppError("forbidden", "The site owner's role cannot be changed", { reason: "owner_role" });
      }
      if (target.userId === actorUserId && !roleManages(site, role)) {
        throw new AppError(
          "forbidden",
          "You cannot take the manage_options capability away from yourself; ask another manager",
          { reason: "self_demote" },
        );
      }
      await tx
        .update(membersTable)
        .set({ roleId: role.roleId })
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.id, memberId)));
      // A student made an instructor is announced (welcome, owner's notice).
      const capsOf = (r: { name: string; caps: string[] }) => [...r.caps, ...(site.caps[r.name] ?? [])];
      if (
        !site.isPlatform &&
        registrationEventOf(capsOf(role)) === "instructor_registration" &&
        registrationEventOf(capsOf({ name: target.roleName, caps: target.roleCaps })) === "student_registration"
      ) {
        out.push(
          await events.emit(
            tx,
            site.accountId,
            "instructor_registration",
            { userId: target.userId, memberId, role: role.name, via: "role_change" },
            actorUserId,
          ),
        );
      }
      return target.userId;
    });
    sessionCache.forgetUser(db, userId);
    return manage.get(db, site, memberId);
  },

  /** Removes a member from the site and signs them out of it; never the owner, never oneself. */
  async remove(db: Db, site: SiteAccount, actorUserId: string, memberId: string): Promise<void> {
    const userId = await withTenant(db, site.accountId, async (tx) => {
      const [target] = await tx
        .select({ userId: membersTable.userId })
        .from(membersTable)
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.id, memberId)));
      if (!target) throw notFound("Member");
      if (target.userId === site.ownerUserId)
        throw new AppError("forbidden", "The site owner cannot be removed", { reason: "owner_remove" });
      if (target.userId === actorUserId)
        throw new AppError("forbidden", "You cannot remove yourself", { reason: "self_remove" });
      await tx
        .delete(membersTable)
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.id, memberId)));
      await tx.delete(sessions).where(and(eq(sessions.accountId, site.accountId), eq(sessions.userId, target.userId)));
      return target.userId;
    });
    sessionCache.forgetUser(db, userId);
  },

  /** The member's own new name, on this site and on their login (1–80 characters, trimmed). */
  async rename(db: Db, accountId: string, userId: string, name: unknown): Promise<{ name: string }> {
    const parsed = ZMemberName.safeParse(name);
    if (!parsed.success) throw validationError(parsed.error);
    const value = parsed.data;
    await withTenant(db, accountId, async (tx) => {
      const updated = await tx
        .update(membersTable)
        .set({ name: value })
        .where(and(eq(membersTable.accountId, accountId), eq(membersTable.userId, userId)))
        .returning({ id: membersTable.id });
      if (!updated.length) throw notFound("Member");
    });
    await renameLogin(db, userId, value);
    sessionCache.forgetUser(db, userId);
    return { name: value };
  },
};
