// A group's discussion feed: posts (rich text with an optional image from the media library),
// comments and reactions. Bodies are sanitised, then their text is masked by the site's profanity
// filter, before they are stored. Pinned posts come first; the rest are paged newest first by a
// (created_at, id) cursor. A reaction is keyed on (post, member, kind), so adding it twice, or twice
// at once, counts it once. Creating a post emits group_post_created in the same transaction.
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  GROUP_COMMENT_MAX,
  GROUP_FEED_PAGE,
  GROUP_POST_MAX,
  GROUP_REACTIONS,
  type GroupReaction,
} from "../../../core/groups";
import { isUuid } from "../../../core/uuid";
import type { Db, Tx } from "../../db/client";
import { groupComments, groupPosts, groupReactions, members } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, validationError } from "../../errors";
import { events } from "../events";
import { htmlToText, sanitizeRichHtml } from "../html";
import { profanity } from "../profanity";
import { accessGroup, type GroupActor, requireGroupAdmin, requireGroupMember } from "./access";

export const ZGroupPostInput = z
  .object({
    body: z.string().max(GROUP_POST_MAX),
    image: z.string().max(2000).nullable().optional(),
  })
  .strict();
export const ZGroupCommentInput = z.object({ body: z.string().max(GROUP_COMMENT_MAX) }).strict();

export type Author = { userId: string; name: string; slug: string | null };
export type GroupPostView = {
  id: string;
  author: Author;
  body: string;
  pinned: boolean;
  createdAt: string;
  commentCount: number;
  reactions: Record<GroupReaction, number>;
  myReactions: GroupReaction[];
};
export type GroupCommentView = { id: string; postId: string; author: Author; body: string; createdAt: string };
export type GroupFeedPage = { items: GroupPostView[]; nextCursor: string | null };

const postId = (id: string) => {
  if (!isUuid(id)) throw notFound("Post");
  return id;
};

function encodeCursor(at: Date, id: string) {
  return Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
}
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const date = new Date(at ?? "");
  if (Number.isNaN(date.getTime()) || !isUuid(id ?? ""))
    throw fieldError("validation_failed", "cursor", "Unknown cursor");
  return { at: date, id: id as string };
}

/** Sanitised, masked HTML; refuses a body with neither words nor an image. */
async function cleanBody(db: Db, accountId: string, html: string, field = "body"): Promise<string> {
  const safe = sanitizeRichHtml(html).trim();
  if (!htmlToText(safe).trim() && !/<img\s/i.test(safe))
    throw fieldError("validation_failed", field, "Write something first");
  return profanity.maskHtml(db, accountId, safe);
}

const authorJoin = and(eq(members.accountId, groupPosts.accountId), eq(members.userId, groupPosts.userId));

async function postsWithCounts(
  tx: Tx,
  accountId: string,
  actor: GroupActor,
  rows: PostRow[],
): Promise<GroupPostView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const reactions = await tx
    .select({
      postId: groupReactions.postId,
      kind: groupReactions.kind,
      n: sql<number>`count(*)`.mapWith(Number),
      mine: sql<boolean>`bool_or(${groupReactions.userId} = ${actor.userId})`,
    })
    .from(groupReactions)
    .where(and(eq(groupReactions.accountId, accountId), inArray(groupReactions.postId, ids)))
    .groupBy(groupReactions.postId, groupReactions.kind);
  const comments = await tx
    .select({ postId: groupComments.postId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(groupComments)
    .where(and(eq(groupComments.accountId, accountId), inArray(groupComments.postId, ids)))
    .groupBy(groupComments.postId);
  return rows.map((r) => {
    const counts = Object.fromEntries(GROUP_REACTIONS.map((k) => [k, 0])) as Record<GroupReaction, number>;
    const myReactions: GroupReaction[] = [];
    for (const x of reactions.filter((x) => x.postId === r.id)) {
      counts[x.kind] = x.n;
      if (x.mine) myReactions.push(x.kind);
    }
    return {
      id: r.id,
      author: { userId: r.userId, name: r.name ?? "", slug: r.slug },
      body: r.body,
      pinned: r.pinned,
      createdAt: r.createdAt.toISOString(),
      commentCount: comments.find((c) => c.postId === r.id)?.n ?? 0,
      reactions: counts,
      myReactions,
    };
  });
}

type PostRow = {
  id: string;
  userId: string;
  name: string | null;
  slug: string | null;
  body: string;
  pinned: boolean;
  createdAt: Date;
};
const postColumns = {
  id: groupPosts.id,
  userId: groupPosts.userId,
  name: members.name,
  slug: members.slug,
  body: groupPosts.body,
  pinned: groupPosts.pinned,
  createdAt: groupPosts.createdAt,
};

/** The post of a group the actor can see, with its group's access (404 otherwise). */
async function loadPost(tx: Tx, accountId: string, actor: GroupActor, groupId: string, id: string) {
  const g = await accessGroup(tx, accountId, actor, groupId);
  const [post] = await tx
    .select({ id: groupPosts.id, userId: groupPosts.userId })
    .from(groupPosts)
    .where(and(eq(groupPosts.accountId, accountId), eq(groupPosts.groupId, g.id), eq(groupPosts.id, postId(id))));
  if (!post) throw notFound("Post");
  return { g, post };
}

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export const groupFeed = {
  /** One page of the feed: on the first page the pinned posts, then the newest others. */
  async list(db: Db, accountId: string, actor: GroupActor, groupId: string, cursor?: string): Promise<GroupFeedPage> {
    const after = cursor ? decodeCursor(cursor) : null;
    return withTenant(db, accountId, async (tx) => {
      const g = await accessGroup(tx, accountId, actor, groupId);
      const base = and(eq(groupPosts.accountId, accountId), eq(groupPosts.groupId, g.id));
      const pinned = after
        ? []
        : await tx
            .select(postColumns)
            .from(groupPosts)
            .leftJoin(members, authorJoin)
            .where(and(base, eq(groupPosts.pinned, true)))
            .orderBy(desc(groupPosts.createdAt), desc(groupPosts.id));
      const rest = await tx
        .select(postColumns)
        .from(groupPosts)
        .leftJoin(members, authorJoin)
        .where(
          and(
            base,
            eq(groupPosts.pinned, false),
            after
              ? or(
                  lt(groupPosts.createdAt, after.at),
                  and(eq(groupPosts.createdAt, after.at), lt(groupPosts.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(groupPosts.createdAt), desc(groupPosts.id))
        .limit(GROUP_FEED_PAGE + 1);
      const page = rest.slice(0, GROUP_FEED_PAGE);
      const last = page[page.length - 1];
      return {
        items: await postsWithCounts(tx, accountId, actor, [...pinned, ...page]),
        nextCursor: rest.length > GROUP_FEED_PAGE && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    });
  },

  async createPost(db: Db, accountId: string, actor: GroupActor, groupId: string, input: unknown) {
    const data = parse(ZGroupPostInput, input);
    const image = data.image ? `<p><img src="${data.image.replace(/"/g, "&quot;")}" alt="" /></p>` : "";
    const body = await cleanBody(db, accountId, `${data.body}${image}`);
    const id = await events.transaction(db, accountId, async (tx, out) => {
      const g = await accessGroup(tx, accountId, actor, groupId);
      requireGroupMember(g);
      const [row] = await tx
        .insert(groupPosts)
        .values({ accountId, groupId: g.id, userId: actor.userId, body })
        .returning({ id: groupPosts.id });
      const payload = { groupId: g.id, postId: row.id, userId: actor.userId };
      out.push(await events.emit(tx, accountId, "group_post_created", payload, actor.userId));
      return row.id;
    });
    return this.getPost(db, accountId, actor, groupId, id);
  },

  async getPost(db: Db, accountId: string, actor: GroupActor, groupId: string, id: string): Promise<GroupPostView> {
    return withTenant(db, accountId, async (tx) => {
      const { g } = await loadPost(tx, accountId, actor, groupId, id);
      const rows = await tx
        .select(postColumns)
        .from(groupPosts)
        .leftJoin(members, authorJoin)
        .where(and(eq(groupPosts.accountId, accountId), eq(groupPosts.groupId, g.id), eq(groupPosts.id, id)));
      const [view] = await postsWithCounts(tx, accountId, actor, rows);
      return view;
    });
  },

  /** The author or a group admin removes a post with its comments and reactions. */
  async removePost(db: Db, accountId: string, actor: GroupActor, groupId: string, id: string) {
    await withTenant(db, accountId, async (tx) => {
      const { g, post } = await loadPost(tx, accountId, actor, groupId, id);
      if (!g.admin && post.userId !== actor.userId)
        throw new AppError("forbidden", "Only the author or a group admin can remove a post");
      await tx.delete(groupPosts).where(and(eq(groupPosts.accountId, accountId), eq(groupPosts.id, post.id)));
    });
  },

  /** Group admins pin a post to the top of the feed, or unpin it. */
  async pin(db: Db, accountId: string, actor: GroupActor, groupId: string, id: string, pinned: boolean) {
    await withTenant(db, accountId, async (tx) => {
      const { g, post } = await loadPost(tx, accountId, actor, groupId, id);
      requireGroupAdmin(g);
      await tx
        .update(groupPosts)
        .set({ pinned })
        .where(and(eq(groupPosts.accountId, accountId), eq(groupPosts.id, post.id)));
    });
    return this.getPost(db, accountId, actor, groupId, id);
  },

  async comments(
    db: Db,
    accountId: string,
    actor: GroupActor,
    groupId: string,
    id: string,
  ): Promise<GroupCommentView[]> {
    return withTenant(db, accountId, async (tx) => {
      const { post } = await loadPost(tx, accountId, actor, groupId, id);
      const rows = await tx
        .select({
          id: groupComments.id,
          postId: groupComments.postId,
          userId: groupComments.userId,
          name: members.name,
          slug: members.slug,
          body: groupComments.body,
          createdAt: groupComments.createdAt,
        })
        .from(groupComments)
        .leftJoin(
          members,
          and(eq(members.accountId, groupComments.accountId), eq(members.userId, groupComments.userId)),
        )
        .where(and(eq(groupComments.accountId, accountId), eq(groupComments.postId, post.id)))
        .orderBy(asc(groupComments.createdAt), asc(groupComments.id))
        .limit(500);
      return rows.map((r) => ({
        id: r.id,
        postId: r.postId,
        author: { userId: r.userId, name: r.name ?? "", slug: r.slug },
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      }));
    });
  },

  async addComment(db: Db, accountId: string, actor: GroupActor, groupId: string, id: string, input: unknown) {
    const data = parse(ZGroupCommentInput, input);
    const body = await cleanBody(db, accountId, data.body);
    return withTenant(db, accountId, async (tx) => {
      const { g, post } = await loadPost(tx, accountId, actor, groupId, id);
      requireGroupMember(g);
      const [row] = await tx
        .insert(groupComments)
        .values({ accountId, postId: post.id, userId: actor.userId, body })
        .returning();
      return { id: row.id, postId: post.id, body: row.body, createdAt: row.createdAt.toISOString() };
    });
  },

  /** Adds (on) or takes back (off) the actor's reaction of one kind; answers the post's counts. */
  async react(db: Db, accountId: string, actor: GroupActor, groupId: string, id: string, kind: string, on: boolean) {
    if (!GROUP_REACTIONS.includes(kind as GroupReaction)) {
      throw fieldError("validation_failed", "kind", `kind is one of ${GROUP_REACTIONS.join(", ")}`);
    }
    await withTenant(db, accountId, async (tx) => {
      const { g, post } = await loadPost(tx, accountId, actor, groupId, id);
      requireGroupMember(g);
      const key = { accountId, postId: post.id, userId: actor.userId, kind: kind as GroupReaction };
      if (on) await tx.insert(groupReactions).values(key).onConflictDoNothing();
      else
        await tx
          .delete(groupReactions)
          .where(
            and(
              eq(groupReactions.accountId, accountId),
              eq(groupReactions.postId, post.id),
              eq(groupReactions.userId, actor.userId),
              eq(groupReactions.kind, key.kind),
            ),
          );
    });
    return this.getPost(db, accountId, actor, groupId, id);
  },
};
