// A group's members: join (open: at once; approval: a request; private: only by invitation), leave,
// and what a group admin does — approve or decline a request, invite a site member, give the admin
// role, remove — and each member's choice to hear of new posts. Each is one keyed statement, so two
// joins at once add the member once.
import { and, asc, eq, ilike, sql } from "drizzle-orm";
import { GROUP_ROLES, type GroupMemberStatus, type GroupRole, joinOutcome } from "../../../core/groups";
import type { Db, Tx } from "../../db/client";
import { groupMembers, members } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import { events } from "../events";
import { accessGroup, type GroupActor, requireGroupAdmin } from "./access";
import { containing } from "../../db/like";

export const GROUP_INVITED_EVENT = "group_member_invited";

export type GroupCandidate = { userId: string; name: string; slug: string };

export type GroupMemberView = {
  userId: string;
  name: string;
  slug: string;
  role: GroupRole;
  status: GroupMemberStatus;
  joinedAt: string;
};

const one = (accountId: string, groupId: string, userId: string) =>
  and(eq(groupMembers.accountId, accountId), eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId));

function userIdOf(userId: unknown): string {
  if (typeof userId !== "string" || !userId || userId.length > 100) {
    throw fieldError("validation_failed", "userId", "userId names a member of this site");
  }
  return userId;
}

export const groupMembership = {
  /** Active members first (admins first), then requests and invitations; members only see active ones. */
  async list(db: Db, accountId: string, actor: GroupActor, id: string): Promise<GroupMemberView[]> {
    return withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, id);
      const rows = await tx
        .select({
          userId: groupMembers.userId,
          name: members.name,
          slug: members.slug,
          role: groupMembers.role,
          status: groupMembers.status,
          joinedAt: groupMembers.createdAt,
        })
        .from(groupMembers)
        .innerJoin(members, and(eq(members.accountId, groupMembers.accountId), eq(members.userId, groupMembers.userId)))
        .where(
          and(
            eq(groupMembers.accountId, accountId),
            eq(groupMembers.groupId, g.id),
            g.admin ? undefined : eq(groupMembers.status, "active"),
          ),
        )
        .orderBy(
          sql`case ${groupMembers.status} when 'active' then 0 else 1 end`,
          sql`case ${groupMembers.role} when 'admin' then 0 else 1 end`,
          asc(members.name),
        )
        .limit(1000);
      return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
    });
  },

  /** The actor's status after joining: active, or pending for an approval group. Private: 404/403. */
  async join(db: Db, accountId: string, actor: GroupActor, id: string): Promise<GroupMemberStatus> {
    return withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, id);
      const outcome = joinOutcome(g.privacy, g.status);
      if (outcome === "refused") throw new AppError("forbidden", "This group is joined by invitation only");
      if (outcome === "unchanged") return g.status as GroupMemberStatus;
      const [row] = await tx
        .insert(groupMembers)
        .values({ accountId, groupId: g.id, userId: actor.userId, role: "member", status: outcome })
        .onConflictDoUpdate({
          target: [groupMembers.accountId, groupMembers.groupId, groupMembers.userId],
          set: {
            status: sql`case when ${groupMembers.status} = 'invited' then 'active' else ${groupMembers.status} end`,
          },
        })
        .returning({ status: groupMembers.status });
      return row.status;
    });
  },

  /** Leaves (or withdraws a request, or declines an invitation). The last admin cannot leave. */
  async leave(db: Db, accountId: string, actor: GroupActor, id: string): Promise<void> {
    await withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, id);
      if (g.role === "admin" && g.status === "active") await keepAnAdmin(tx, accountId, g.id, actor.userId);
      await tx.delete(groupMembers).where(one(accountId, g.id, actor.userId));
    });
  },

  /** A group admin's answer to a join request: approve makes them a member, decline removes the request. */
  async answer(db: Db, accountId: string, actor: GroupActor, id: string, userId: unknown, approve: boolean) {
    const uid = userIdOf(userId);
    await withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, id);
      requireGroupAdmin(g);
      const where = and(one(accountId, g.id, uid), eq(groupMembers.status, "pending"));
      const rows = approve
        ? await tx.update(groupMembers).set({ status: "active" }).where(where).returning({ u: groupMembers.userId })
        : await tx.delete(groupMembers).where(where).returning({ u: groupMembers.userId });
      if (!rows.length) throw notFound("Join request");
    });
  },

  /**
   * A group admin invites a member of the site (they accept by joining, or decline by leaving).
   * A new invitation emits group_member_invited in the same transaction, which tells the invitee
   * in the bell; inviting someone who asked to join lets them in.
   */
  async invite(db: Db, accountId: string, actor: GroupActor, id: string, userId: unknown) {
    const uid = userIdOf(userId);
    await events.transaction(db, accountId, async (tx, out) => {
      const g = await accessGroup(tx, accountId, actor, id);
      requireGroupAdmin(g);
      const [m] = await tx
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.userId, uid)));
      if (!m) throw notFound("Member");
      const [row] = await tx
        .insert(groupMembers)
        .values({ accountId, groupId: g.id, userId: uid, role: "member", status: "invited" })
        .onConflictDoUpdate({
          target: [groupMembers.accountId, groupMembers.groupId, groupMembers.userId],
          set: {
            status: sql`case when ${groupMembers.status} = 'pending' then 'active' else ${groupMembers.status} end`,
          },
        })
        // xmax is 0 only for a row this statement inserted: a fresh invitation.
        .returning({ status: groupMembers.status, inserted: sql<boolean>`(xmax = 0)` });
      if (row?.status === "invited" && row.inserted) {
        const payload = { groupId: g.id, userId: uid, by: actor.userId };
        out.push(await events.emit(tx, accountId, GROUP_INVITED_EVENT, payload, actor.userId));
      }
    });
  },

  /** Whether the actor, an active member, is told in the bell of others' new posts in the group. */
  async setNotify(db: Db, accountId: string, actor: GroupActor, id: string, on: boolean): Promise<boolean> {
    return withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, id);
      const rows = await tx
        .update(groupMembers)
        .set({ notifyPosts: on })
        .where(and(one(accountId, g.id, actor.userId), eq(groupMembers.status, "active")))
        .returning({ on: groupMembers.notifyPosts });
      if (!rows.length) throw new AppError("forbidden", "Only members of this group can do this");
      return rows[0].on;
    });
  },

  /**
   * Members of the site a group admin may invite: those not yet in the group in any way, found by
   * name, at most 20. Names and profile slugs only, never addresses.
   */
  async candidates(db: Db, accountId: string, actor: GroupActor, id: string, q = ""): Promise<GroupCandidate[]> {
    const text = q.trim().slice(0, 100);
    return withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, id);
      requireGroupAdmin(g);
      return tx
        .select({ userId: members.userId, name: members.name, slug: members.slug })
        .from(members)
        .where(
          and(
            eq(members.accountId, accountId),
            sql`not exists (select 1 from ${groupMembers} gm where gm.account_id = ${members.accountId}
              and gm.group_id = ${g.id}::uuid and gm.user_id = ${members.userId})`,
            text ? ilike(members.name, containing(text)) : undefined,
          ),
        )
        .orderBy(asc(members.name))
        .limit(20);
    });
  },

  /** A group admin makes an active member an admin or a plain member again. */
  async setRole(db: Db, accountId: string, actor: GroupActor, id: string, userId: unknown, role: unknown) {
    const uid = userIdOf(userId);
    if (!GROUP_ROLES.includes(role as GroupRole)) {
      throw fieldError("validation_failed", "role", `role is one of ${GROUP_ROLES.join(", ")}`);
    }
    await withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, id);
      requireGroupAdmin(g);
      if (role === "member") await keepAnAdmin(tx, accountId, g.id, uid);
      const rows = await tx
        .update(groupMembers)
        .set({ role: role as GroupRole })
        .where(and(one(accountId, g.id, uid), eq(groupMembers.status, "active")))
        .returning({ u: groupMembers.userId });
      if (!rows.length) throw notFound("Group member");
    });
  },

  /** A group admin removes a member (or withdraws an invitation). */
  async remove(db: Db, accountId: string, actor: GroupActor, id: string, userId: unknown) {
    const uid = userIdOf(userId);
    await withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, id);
      requireGroupAdmin(g);
      await keepAnAdmin(tx, accountId, g.id, uid);
      const rows = await tx
        .delete(groupMembers)
        .where(one(accountId, g.id, uid))
        .returning({ u: groupMembers.userId });
      if (!rows.length) throw notFound("Group member");
    });
  },
};

/**
 * Refuses to take away the group's last admin. The group's admin rows are locked first, so two
 * admins demoting each other at once cannot leave the group with none.
 */
async function keepAnAdmin(tx: Tx, accountId: string, groupId: string, userId: string) {
  const admins = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.accountId, accountId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.role, "admin"),
        eq(groupMembers.status, "active"),
      ),
    )
    .for("update");
  if (admins.length === 1 && admins[0].userId === userId) {
    throw new AppError("conflict", "A group keeps at least one admin: make another member admin first");
  }
}
