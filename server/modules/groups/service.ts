// A site's groups: the members-may-create setting, the list a member sees (mine / discover), and
// create (within the plan's `groups` limit), read, change and delete. The creator is the group's
// first admin.
import { and, count, desc, eq, ilike, ne, sql } from "drizzle-orm";
import { z } from "zod";
import {
  canCreateGroup,
  type GroupMemberStatus,
  type GroupPrivacy,
  type GroupRole,
  ZGroupInput,
} from "../../../core/groups";
import type { Db } from "../../db/client";
import { groupMembers, groups } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, validationError } from "../../errors";
import { options } from "../options";
import { type MeteredSite, usage } from "../usage";
import { accessGroup, type GroupActor, groupId, isSiteManager, requireGroupAdmin } from "./access";
import { containing } from "../../db/like";

export const GROUPS_OPTION = "groups";
export const ZGroupSettings = z.object({ membersCreate: z.boolean().default(false) }).strict();
export type GroupSettings = z.infer<typeof ZGroupSettings>;

export type GroupView = {
  id: string;
  title: string;
  description: string;
  privacy: GroupPrivacy;
  courseId: string | null;
  membershipId: string | null;
  memberCount: number;
  myRole: GroupRole | null;
  myStatus: GroupMemberStatus | null;
  /** Whether I am told in the bell of others' new posts (false when I am not a member). */
  notifyPosts: boolean;
  canAdmin: boolean;
  createdAt: string;
};

export type GroupScope = "mine" | "discover" | "invited";
export const GROUP_LIST_PAGE = 20;

const activeCount = sql<number>`(select count(*) from ${groupMembers} gm where gm.account_id = ${groups.accountId}
  and gm.group_id = ${groups.id} and gm.status = 'active')`.mapWith(Number);

const columns = {
  id: groups.id,
  title: groups.title,
  description: groups.description,
  privacy: groups.privacy,
  courseId: groups.courseId,
  membershipId: groups.membershipId,
  createdAt: groups.createdAt,
  memberCount: activeCount,
  myRole: groupMembers.role,
  myStatus: groupMembers.status,
  notifyPosts: groupMembers.notifyPosts,
};

type Row = {
  id: string;
  title: string;
  description: string;
  privacy: GroupPrivacy;
  courseId: string | null;
  membershipId: string | null;
  createdAt: Date;
  memberCount: number;
  myRole: GroupRole | null;
  myStatus: GroupMemberStatus | null;
  notifyPosts: boolean | null;
};

const view = (r: Row, actor: GroupActor): GroupView => ({
  ...r,
  notifyPosts: r.myStatus === "active" && r.notifyPosts !== false,
  canAdmin: isSiteManager(actor) || (r.myStatus === "active" && r.myRole === "admin"),
  createdAt: r.createdAt.toISOString(),
});

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const mine = (actor: GroupActor) =>
  and(
    eq(groupMembers.accountId, groups.accountId),
    eq(groupMembers.groupId, groups.id),
    eq(groupMembers.userId, actor.userId),
  );

export const groupSettings = {
  async get(db: Db, accountId: string): Promise<GroupSettings> {
    const stored = await options.get(db, accountId, GROUPS_OPTION).catch(() => ({}));
    const parsed = ZGroupSettings.safeParse(stored);
    return parsed.success ? parsed.data : { membersCreate: false };
  },
  async save(db: Db, accountId: string, input: unknown): Promise<GroupSettings> {
    const value = parse(ZGroupSettings, input);
    await options.set(db, accountId, GROUPS_OPTION, value);
    return value;
  },
};

export const groupService = {
  /**
   * "mine": groups the actor belongs to or asked to join; "invited": those a group admin invited
   * them to; "discover": the other groups they can see (open and approval ones; a manager also sees
   * private ones). Searched by title, 20 a page, newest first.
   */
  async list(
    db: Db,
    accountId: string,
    actor: GroupActor,
    scope: GroupScope,
    opts: { q?: string; page?: number; perPage?: number } = {},
  ): Promise<{ items: GroupView[]; total: number; page: number; pages: number }> {
    const perPage = Math.min(200, Math.max(1, Math.floor(opts.perPage ?? GROUP_LIST_PAGE)));
    const page = Math.max(1, Math.floor(opts.page ?? 1));
    const q = (opts.q ?? "").trim().slice(0, 200);
    const where = and(
      eq(groups.accountId, accountId),
      scope === "mine"
        ? and(sql`${groupMembers.userId} is not null`, ne(groupMembers.status, "invited"))
        : scope === "invited"
          ? eq(groupMembers.status, "invited")
          : and(sql`${groupMembers.userId} is null`, isSiteManager(actor) ? undefined : ne(groups.privacy, "private")),
      q ? ilike(groups.title, containing(q)) : undefined,
    );
    const { rows, total } = await withTenant(db, accountId, async (tx) => {
      const rows = await tx
        .select(columns)
        .from(groups)
        .leftJoin(groupMembers, mine(actor))
        .where(where)
        .orderBy(desc(groups.createdAt), desc(groups.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [n] = await tx.select({ n: count() }).from(groups).leftJoin(groupMembers, mine(actor)).where(where);
      return { rows, total: Number(n?.n ?? 0) };
    });
    return {
      items: rows.map((r) => view(r as Row, actor)),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / perPage)),
    };
  },

  async get(db: Db, accountId: string, actor: GroupActor, id: string): Promise<GroupView> {
    return withTenant(db, accountId, async (tx) => {
      await accessGroup(tx, accountId, actor, id);
      const [row] = await tx
        .select(columns)
        .from(groups)
        .leftJoin(groupMembers, mine(actor))
        .where(and(eq(groups.accountId, accountId), eq(groups.id, id)));
      return view(row as Row, actor);
    });
  },

  async canCreate(db: Db, accountId: string, actor: GroupActor): Promise<boolean> {
    const { membersCreate } = await groupSettings.get(db, accountId);
    return canCreateGroup({ isOwner: actor.isOwner, caps: actor.caps, membersCreate });
  },

  async create(db: Db, site: MeteredSite, actor: GroupActor, input: unknown): Promise<GroupView> {
    const data = parse(ZGroupInput, input);
    if (!(await this.canCreate(db, site.accountId, actor))) {
      throw new AppError("forbidden", "The owner of this site has not allowed members to create groups");
    }
    const id = await withTenant(db, site.accountId, async (tx) => {
      await usage.guardCount(tx, site, "groups");
      const [row] = await tx
        .insert(groups)
        .values({ accountId: site.accountId, ...data, createdBy: actor.userId })
        .returning({ id: groups.id });
      await tx
        .insert(groupMembers)
        .values({ accountId: site.accountId, groupId: row.id, userId: actor.userId, role: "admin", status: "active" });
      return row.id;
    });
    return this.get(db, site.accountId, actor, id);
  },

  async update(db: Db, accountId: string, actor: GroupActor, id: string, patch: unknown): Promise<GroupView> {
    const data = parse(ZGroupInput.partial().strict(), patch);
    await withTenant(db, accountId, async (tx) => {
      requireGroupAdmin(await accessGroup(tx, accountId, actor, id));
      await tx
        .update(groups)
        .set({ ...data, updatedAt: sql`now()` })
        .where(and(eq(groups.accountId, accountId), eq(groups.id, id)));
    });
    return this.get(db, accountId, actor, id);
  },

  async remove(db: Db, accountId: string, actor: GroupActor, id: string): Promise<void> {
    await withTenant(db, accountId, async (tx) => {
      requireGroupAdmin(await accessGroup(tx, accountId, actor, id));
      await tx.delete(groups).where(and(eq(groups.accountId, accountId), eq(groups.id, groupId(id))));
    });
  },

  /** How many groups the site holds (the plan's `groups` limit counts them). */
  async count(db: Db, accountId: string): Promise<number> {
    const [r] = await withTenant(db, accountId, (tx) =>
      tx.select({ n: count() }).from(groups).where(eq(groups.accountId, accountId)),
    );
    return Number(r?.n ?? 0);
  },
};
