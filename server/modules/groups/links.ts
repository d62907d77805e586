// A group linked to a course or a membership holds its students or active members: at link time
// they are added in one INSERT … SELECT, and afterwards each new enrolment (course_subscribed) or
// membership (membership_subscribed) adds its member to every group linked to it. Handlers may run
// twice (the outbox is at-least-once); the keyed insert makes that harmless.
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { isUuid } from "../../../core/uuid";
import type { Db, Tx } from "../../db/client";
import { courses, groupMembers, groups, memberships } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, validationError } from "../../errors";
import { events } from "../events";
import { accessGroup, type GroupActor, requireGroupAdmin } from "./access";

export const ZGroupLinkInput = z
  .object({
    courseId: z.string().uuid().nullable().optional(),
    membershipId: z.string().uuid().nullable().optional(),
  })
  .strict();

/** Adds the course's students to the group; answers how many were added. */
async function addStudents(tx: Tx, accountId: string, groupId: string, courseId: string): Promise<number> {
  const res = await tx.execute(sql`
    insert into ${groupMembers} (account_id, group_id, user_id, role, status)
    select cs.account_id, ${groupId}::uuid, cs.student_id, 'member', 'active'
    from course_students cs
    join members m on m.account_id = cs.account_id and m.user_id = cs.student_id
    where cs.account_id = ${accountId}::uuid and cs.course_id = ${courseId}::uuid
    on conflict (account_id, group_id, user_id) do update set status = 'active'
      where ${groupMembers.status} <> 'active'
    returning user_id`);
  return (res as unknown as { rows: unknown[] }).rows.length;
}

/** Adds the membership's active holders to the group; answers how many were added. */
async function addHolders(tx: Tx, accountId: string, groupId: string, membershipId: string): Promise<number> {
  const res = await tx.execute(sql`
    insert into ${groupMembers} (account_id, group_id, user_id, role, status)
    select mm.account_id, ${groupId}::uuid, mm.user_id, 'member', 'active'
    from member_memberships mm
    join members m on m.account_id = mm.account_id and m.user_id = mm.user_id
    where mm.account_id = ${accountId}::uuid and mm.membership_id = ${membershipId}::uuid
      and mm.status = 'active' and (mm.ends_at is null or mm.ends_at > now())
    on conflict (account_id, group_id, user_id) do update set status = 'active'
      where ${groupMembers.status} <> 'active'
    returning user_id`);
  return (res as unknown as { rows: unknown[] }).rows.length;
}

export type GroupLinkOptions = {
  courses: { id: string; title: string }[];
  memberships: { id: string; title: string }[];
};

export const groupLinks = {
  /** The site's courses and memberships a group admin may link the group to. */
  async options(db: Db, accountId: string, actor: GroupActor, id: string): Promise<GroupLinkOptions> {
    return withTenant(db, accountId, async (tx) => {
      requireGroupAdmin(await accessGroup(tx, accountId, actor, id));
      const c = await tx
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(eq(courses.accountId, accountId))
        .orderBy(asc(courses.title))
        .limit(500);
      const m = await tx
        .select({ id: memberships.id, title: memberships.title })
        .from(memberships)
        .where(eq(memberships.accountId, accountId))
        .orderBy(asc(memberships.title))
        .limit(500);
      return { courses: c, memberships: m };
    });
  },

  /** A group admin links the group to a course and/or a membership of the site (null unlinks). */
  async link(db: Db, accountId: string, actor: GroupActor, id: string, input: unknown): Promise<{ added: number }> {
    const parsed = ZGroupLinkInput.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const { courseId, membershipId } = parsed.data;
    return withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, id);
      requireGroupAdmin(g);
      let added = 0;
      if (courseId) {
        const [c] = await tx
          .select({ id: courses.id })
          .from(courses)
          .where(and(eq(courses.accountId, accountId), eq(courses.id, courseId)));
        if (!c) throw fieldError("validation_failed", "courseId", "No such course on this site");
      }
      if (membershipId) {
        const [m] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), eq(memberships.id, membershipId)));
        if (!m) throw fieldError("validation_failed", "membershipId", "No such membership on this site");
      }
      const set: { courseId?: string | null; membershipId?: string | null } = {};
      if (courseId !== undefined) set.courseId = courseId;
      if (membershipId !== undefined) set.membershipId = membershipId;
      if (Object.keys(set).length) {
        await tx
          .update(groups)
          .set(set)
          .where(and(eq(groups.accountId, accountId), eq(groups.id, g.id)));
      }
      if (courseId) added += await addStudents(tx, accountId, g.id, courseId);
      if (membershipId) added += await addHolders(tx, accountId, g.id, membershipId);
      return { added };
    });
  },
};

/** Adds one member to every group of the site linked to the course or membership. */
async function addToLinkedGroups(
  db: Db,
  accountId: string,
  userId: string,
  link: { courseId?: string; membershipId?: string },
) {
  await withTenant(db, accountId, (tx) =>
    tx.execute(sql`
      insert into ${groupMembers} (account_id, group_id, user_id, role, status)
      select g.account_id, g.id, ${userId}, 'member', 'active'
      from ${groups} g
      where g.account_id = ${accountId}::uuid
        and ${link.courseId ? sql`g.course_id = ${link.courseId}::uuid` : sql`g.membership_id = ${link.membershipId}::uuid`}
      on conflict (account_id, group_id, user_id) do update set status = 'active'
        where ${groupMembers.status} <> 'active'`),
  );
}

events.on("course_subscribed", async (db, event) => {
  const { courseId, studentId } = event.payload as { courseId?: unknown; studentId?: unknown };
  if (typeof courseId === "string" && isUuid(courseId) && typeof studentId === "string") {
    await addToLinkedGroups(db, event.accountId, studentId, { courseId });
  }
});

events.on("membership_subscribed", async (db, event) => {
  const { membershipId, userId } = event.payload as { membershipId?: unknown; userId?: unknown };
  if (typeof membershipId === "string" && isUuid(membershipId) && typeof userId === "string") {
    await addToLinkedGroups(db, event.accountId, userId, { membershipId });
  }
});
