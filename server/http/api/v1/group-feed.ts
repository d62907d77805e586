// A group's discussion feed: posts, pins, comments and reactions, for the group's
// members on a site with the `groups` feature. A private group a caller cannot see, another site's
// ids and ids that are not ids all answer 404.
import { createRoute, z } from "@hono/zod-openapi";
import { GROUP_REACTIONS } from "../../../../core/groups";
import { groupFeed } from "../../../modules/groups";
import { middleware, path, scope, tags, ZId } from "./groups";
import { errorResponses, jsonBody, newRouter, ok } from "./router";

const ZAuthor = z.object({ userId: z.string(), name: z.string(), slug: z.string().nullable() });
const ZPost = z
  .object({
    id: z.string().uuid(),
    author: ZAuthor,
    body: z.string().openapi({ description: "Sanitised HTML, masked by the site's profanity filter" }),
    pinned: z.boolean(),
    createdAt: z.string(),
    commentCount: z.number().int(),
    reactions: z.record(z.string(), z.number().int()),
    myReactions: z.array(z.enum(GROUP_REACTIONS)),
  })
  .openapi("GroupPost");
const ZComment = z
  .object({
    id: z.string().uuid(),
    postId: z.string().uuid(),
    author: ZAuthor.optional(),
    body: z.string(),
    createdAt: z.string(),
  })
  .openapi("GroupComment");

const ZIdPost = z.object({ id: path("id"), postId: path("postId") });
const ZIdPostKind = z.object({ id: path("id"), postId: path("postId"), kind: path("kind") });

const r = {
  feed: createRoute({
    method: "get",
    path: "/groups/{id}/posts",
    tags,
    summary: "The feed: pinned posts first, then newest first by cursor",
    middleware,
    request: { params: ZId, query: z.object({ cursor: z.string().max(200).optional() }) },
    responses: {
      200: ok(z.object({ items: z.array(ZPost), nextCursor: z.string().nullable() }), "A page of posts"),
      ...errorResponses,
    },
  }),
  post: createRoute({
    method: "post",
    path: "/groups/{id}/posts",
    tags,
    summary: "Post to the group (members); emits group_post_created",
    middleware,
    request: {
      params: ZId,
      body: jsonBody(
        z
          .object({ body: z.string().max(20000), image: z.string().max(2000).nullable().optional() })
          .strict()
          .openapi("GroupPostInput"),
      ),
    },
    responses: { 201: ok(ZPost, "Posted"), ...errorResponses },
  }),
  removePost: createRoute({
    method: "delete",
    path: "/groups/{id}/posts/{postId}",
    tags,
    summary: "Remove a post (its author or a group admin)",
    middleware,
    request: { params: ZIdPost },
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
  pin: createRoute({
    method: "put",
    path: "/groups/{id}/posts/{postId}/pin",
    tags,
    summary: "Pin or unpin a post (group admins)",
    middleware,
    request: { params: ZIdPost, body: jsonBody(z.object({ pinned: z.boolean() }).strict()) },
    responses: { 200: ok(ZPost, "The post"), ...errorResponses },
  }),
  comments: createRoute({
    method: "get",
    path: "/groups/{id}/posts/{postId}/comments",
    tags,
    summary: "A post's comments, oldest first",
    middleware,
    request: { params: ZIdPost },
    responses: { 200: ok(z.object({ items: z.array(ZComment) }), "The comments"), ...errorResponses },
  }),
  comment: createRoute({
    method: "post",
    path: "/groups/{id}/posts/{postId}/comments",
    tags,
    summary: "Comment on a post (members)",
    middleware,
    request: {
      params: ZIdPost,
      body: jsonBody(
        z
          .object({ body: z.string().max(2000) })
          .strict()
          .openapi("GroupCommentInput"),
      ),
    },
    responses: { 201: ok(ZComment, "Commented"), ...errorResponses },
  }),
  react: createRoute({
    method: "put",
    path: "/groups/{id}/posts/{postId}/reactions/{kind}",
    tags,
    summary: `Add my reaction (${GROUP_REACTIONS.join(", ")}); adding it again changes nothing`,
    middleware,
    request: { params: ZIdPostKind },
    responses: { 200: ok(ZPost, "The post with its counts"), ...errorResponses },
  }),
  unreact: createRoute({
    method: "delete",
    path: "/groups/{id}/posts/{postId}/reactions/{kind}",
    tags,
    summary: "Take back my reaction",
    middleware,
    request: { params: ZIdPostKind },
    responses: { 200: ok(ZPost, "The post with its counts"), ...errorResponses },
  }),
};

export const groupFeedRoutes = newRouter()
  .openapi(r.feed, async (c) => {
    const { db, accountId, actor } = scope(c);
    return c.json(
      await groupFeed.list(db, accountId, actor, c.req.valid("param").id, c.req.valid("query").cursor),
      200,
    );
  })
  .openapi(r.post, async (c) => {
    const { db, accountId, actor } = scope(c);
    return c.json(await groupFeed.createPost(db, accountId, actor, c.req.valid("param").id, c.req.valid("json")), 201);
  })
  .openapi(r.removePost, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, postId } = c.req.valid("param");
    await groupFeed.removePost(db, accountId, actor, id, postId);
    return c.body(null, 204);
  })
  .openapi(r.pin, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, postId } = c.req.valid("param");
    return c.json(await groupFeed.pin(db, accountId, actor, id, postId, c.req.valid("json").pinned), 200);
  })
  .openapi(r.comments, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, postId } = c.req.valid("param");
    return c.json({ items: await groupFeed.comments(db, accountId, actor, id, postId) }, 200);
  })
  .openapi(r.comment, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, postId } = c.req.valid("param");
    return c.json(await groupFeed.addComment(db, accountId, actor, id, postId, c.req.valid("json")), 201);
  })
  .openapi(r.react, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, postId, kind } = c.req.valid("param");
    return c.json(await groupFeed.react(db, accountId, actor, id, postId, kind, true), 200);
  })
  .openapi(r.unreact, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, postId, kind } = c.req.valid("param");
    return c.json(await groupFeed.react(db, accountId, actor, id, postId, kind, false), 200);
  });
