// The blog over REST: posts (draft, publish, unpublish) and their categories. Site managers
// (manage_options) use it on their own site; staff use it on the platform site for the platform blog.
import { createRoute, z } from "@hono/zod-openapi";
import { categories, posts } from "../../../modules/posts";
import { requireContentManager } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZCategory = z
  .object({
    id: z.string().uuid(),
    name: z.string().openapi({ example: "Updates" }),
    slug: z.string().openapi({ example: "updates" }),
  })
  .openapi("Category");

const ZCategoryWithCount = ZCategory.extend({ posts: z.number().int() }).openapi("CategoryWithCount");

const postFields = {
  id: z.string().uuid(),
  slug: z.string().openapi({ example: "hello-world" }),
  title: z.string().openapi({ example: "Hello world" }),
  excerpt: z.string(),
  coverImage: z.string().nullable(),
  featured: z.boolean(),
  status: z.enum(["draft", "published"]),
  authorId: z.string().uuid().nullable(),
  authorName: z.string().nullable(),
  publishedAt: z.string().nullable().openapi({ example: "2026-01-31T09:00:00.000Z" }),
  createdAt: z.string(),
  updatedAt: z.string(),
  categories: z.array(ZCategory),
};
const ZPostSummary = z.object(postFields).openapi("PostSummary");
const ZPost = z.object({ ...postFields, content: z.string() }).openapi("Post");

const editable = {
  title: z.string().max(200).openapi({ example: "Hello world" }),
  slug: z.string().max(80).nullable().optional().openapi({ description: "Made from the title when empty" }),
  content: z
    .string()
    .optional()
    .openapi({ description: "HTML; scripts, event handlers and javascript: links are removed" }),
  excerpt: z.string().max(1000).nullable().optional().openapi({ description: "Made from the content when empty" }),
  coverImage: z.string().max(2048).nullable().optional().openapi({ description: "An http(s) address or a site path" }),
  featured: z.boolean().optional(),
  categoryIds: z.array(z.string().uuid()).max(50).optional(),
  publishedAt: z.string().datetime({ offset: true }).nullable().optional(),
};
const ZCreatePost = z
  .object({ ...editable, status: z.enum(["draft", "published"]).optional() })
  .strict()
  .openapi("CreatePost");
const ZUpdatePost = z
  .object({ ...editable, title: editable.title.optional() })
  .strict()
  .openapi("UpdatePost");
const ZPublish = z
  .object({ publishedAt: z.string().datetime({ offset: true }).nullable().optional() })
  .strict()
  .openapi("PublishPost");
const ZCategoryInput = z
  .object({
    name: z.string().max(80).openapi({ example: "eLearning" }),
    slug: z.string().max(80).nullable().optional().openapi({ example: "elearning" }),
  })
  .strict()
  .openapi("CreateCategory");
const ZCategoryPatch = z
  .object({ name: z.string().max(80).optional(), slug: z.string().max(80).optional() })
  .strict()
  .openapi("UpdateCategory");

const ZPostQuery = ZPage.extend({
  status: z.enum(["draft", "published", "all"]).default("all"),
  category: z.string().max(80).optional().openapi({ description: "A category slug" }),
  featured: z.enum(["true", "false"]).optional(),
  q: z.string().max(200).optional().openapi({ description: "Words of the title" }),
});

const guard = [requireContentManager()];

const listPosts = createRoute({
  method: "get",
  path: "/posts",
  tags: ["Blog"],
  summary: "Posts of this site, newest first (drafts first, then by publication date)",
  middleware: guard,
  request: { query: ZPostQuery },
  responses: {
    200: ok(
      z.object({
        items: z.array(ZPostSummary),
        total: z.number().int(),
        page: z.number().int(),
        perPage: z.number().int(),
      }),
      "A page of posts",
    ),
    ...errorResponses,
  },
});
const createPost = createRoute({
  method: "post",
  path: "/posts",
  tags: ["Blog"],
  summary: "Write a post (a draft unless status is published)",
  middleware: guard,
  request: { body: jsonBody(ZCreatePost) },
  responses: {
    201: ok(ZPost, "The new post"),
    409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "The slug is taken"),
    ...errorResponses,
  },
});
const getPost = createRoute({
  method: "get",
  path: "/posts/{id}",
  tags: ["Blog"],
  summary: "One post",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZPost, "The post"), ...errorResponses },
});
const updatePost = createRoute({
  method: "patch",
  path: "/posts/{id}",
  tags: ["Blog"],
  summary: "Change a post",
  middleware: guard,
  request: { params: ZUuidParam, body: jsonBody(ZUpdatePost) },
  responses: { 200: ok(ZPost, "The changed post"), ...errorResponses },
});
const deletePost = createRoute({
  method: "delete",
  path: "/posts/{id}",
  tags: ["Blog"],
  summary: "Delete a post",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses },
});
const publishPost = createRoute({
  method: "post",
  path: "/posts/{id}/publish",
  tags: ["Blog"],
  summary: "Publish a post now (or at publishedAt)",
  middleware: guard,
  request: { params: ZUuidParam, body: jsonBody(ZPublish, false) },
  responses: { 200: ok(ZPost, "The published post"), ...errorResponses },
});
const unpublishPost = createRoute({
  method: "post",
  path: "/posts/{id}/unpublish",
  tags: ["Blog"],
  summary: "Take a post back to draft",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZPost, "The post, now a draft"), ...errorResponses },
});
const listCategories = createRoute({
  method: "get",
  path: "/categories",
  tags: ["Blog"],
  summary: "Blog categories of this site, by name",
  middleware: guard,
  responses: { 200: ok(z.object({ items: z.array(ZCategoryWithCount) }), "Every category"), ...errorResponses },
});
const createCategory = createRoute({
  method: "post",
  path: "/categories",
  tags: ["Blog"],
  summary: "Add a category (slug made from the name when empty)",
  middleware: guard,
  request: { body: jsonBody(ZCategoryInput) },
  responses: { 201: ok(ZCategory, "The new category"), ...errorResponses },
});
const updateCategory = createRoute({
  method: "patch",
  path: "/categories/{id}",
  tags: ["Blog"],
  summary: "Rename a category or change its slug",
  middleware: guard,
  request: { params: ZUuidParam, body: jsonBody(ZCategoryPatch) },
  responses: { 200: ok(ZCategory, "The category"), ...errorResponses },
});
const deleteCategory = createRoute({
  method: "delete",
  path: "/categories/{id}",
  tags: ["Blog"],
  summary: "Delete a category (its posts stay)",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses },
});

export const postRoutes = newRouter()
  .openapi(listPosts, async (c) => {
    const q = c.req.valid("query");
    const { database } = c.get("platform");
    const result = await posts.list(database.db, c.get("site").accountId, {
      status: q.status,
      category: q.category,
      featured: q.featured === undefined ? undefined : q.featured === "true",
      q: q.q,
      page: q.page,
      perPage: q.per_page,
    });
    return c.json(result, 200);
  })
  .openapi(createPost, async (c) => {
    const { status, ...input } = c.req.valid("json");
    const { database } = c.get("platform");
    const accountId = c.get("site").accountId;
    let post = await posts.create(database.db, accountId, c.get("member")?.member.id ?? null, input);
    if (status === "published") post = await posts.publish(database.db, accountId, post.id, input.publishedAt);
    return c.json(post, 201);
  })
  .openapi(getPost, async (c) => {
    const { database } = c.get("platform");
    return c.json(await posts.get(database.db, c.get("site").accountId, c.req.valid("param").id), 200);
  })
  .openapi(updatePost, async (c) => {
    const { database } = c.get("platform");
    const post = await posts.update(database.db, c.get("site").accountId, c.req.valid("param").id, c.req.valid("json"));
    return c.json(post, 200);
  })
  .openapi(deletePost, async (c) => {
    const { database } = c.get("platform");
    await posts.remove(database.db, c.get("site").accountId, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(publishPost, async (c) => {
    const { database } = c.get("platform");
    const body = (c.req.valid("json") ?? {}) as z.infer<typeof ZPublish>;
    const post = await posts.publish(database.db, c.get("site").accountId, c.req.valid("param").id, body.publishedAt);
    return c.json(post, 200);
  })
  .openapi(unpublishPost, async (c) => {
    const { database } = c.get("platform");
    return c.json(await posts.unpublish(database.db, c.get("site").accountId, c.req.valid("param").id), 200);
  })
  .openapi(listCategories, async (c) => {
    const { database } = c.get("platform");
    return c.json({ items: await categories.list(database.db, c.get("site").accountId) }, 200);
  })
  .openapi(createCategory, async (c) => {
    const { database } = c.get("platform");
    return c.json(await categories.create(database.db, c.get("site").accountId, c.req.valid("json")), 201);
  })
  .openapi(updateCategory, async (c) => {
    const { database } = c.get("platform");
    const row = await categories.update(
      database.db,
      c.get("site").accountId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(row, 200);
  })
  .openapi(deleteCategory, async (c) => {
    const { database } = c.get("platform");
    await categories.remove(database.db, c.get("site").accountId, c.req.valid("param").id);
    return c.body(null, 204);
  });
