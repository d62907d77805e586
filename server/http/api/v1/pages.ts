// Pages built from blocks (/{slug}) and, on the platform's own site, staff docs (/docs/{slug}).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { hasCap } from "../../../../core/roles";
import { type PageKind, type PageView, pages } from "../../../modules/pages";
import type { AppEnv } from "../../env";
import { AppError, notAuthenticated } from "../../../errors";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

/** Staff on the platform's own site may edit pages and docs; elsewhere manage_options edits pages. */
export const canEditDocs = (c: Context<AppEnv>) => Boolean(c.get("isStaff") && c.get("site").isPlatform);

const requirePageEditor = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.get("user")) throw notAuthenticated();
  const m = c.get("member");
  if (!canEditDocs(c) && !(m && (m.isOwner || hasCap(m.caps, "manage_options")))) {
    throw new AppError("forbidden", "This needs the manage_options capability on this site");
  }
  await next();
};

const kindsFor = (c: Context<AppEnv>): PageKind[] => (canEditDocs(c) ? ["page", "doc"] : ["page"]);

const assertKind = (c: Context<AppEnv>, kind: PageKind) => {
  if (kind === "doc" && !canEditDocs(c)) {
    throw new AppError("forbidden", "Docs are written by staff on the platform's own site only");
  }
};

const ZKind = z
  .enum(["page", "doc"])
  .openapi({ description: "page: /{slug} on the site; doc: /docs/{slug} (platform staff)" });

const ZBlock = z
  .object({ type: z.string().openapi({ example: "RichText" }), props: z.record(z.string(), z.unknown()) })
  .openapi("PageBlock");
const ZDocument = z
  .object({
    content: z.array(ZBlock),
    root: z.object({ props: z.record(z.string(), z.unknown()).optional() }).optional(),
  })
  .openapi("PageDocument", {
    description:
      "Blocks: Hero, RichText, Image, Video, Columns (slots column1-4), CallToAction, FAQ, Testimonials, PricingTable. Rich text is sanitised; addresses must be http(s) or site-relative.",
  });

const ZPageSummary = z
  .object({
    id: z.string().uuid(),
    kind: ZKind,
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(["draft", "published"]),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("PageSummary");
const ZPageView = ZPageSummary.extend({
  socialImage: z.string().nullable(),
  document: ZDocument,
  authorId: z.string().nullable(),
}).openapi("Page");

const ZPageCreate = z
  .object({
    kind: ZKind.default("page"),
    title: z.string().min(1).max(200).openapi({ example: "About us" }),
    slug: z.string().min(1).max(80).openapi({ example: "about-us" }),
    description: z.string().max(500).optional(),
    socialImage: z.string().max(2048).nullable().optional(),
    document: z.unknown().optional().openapi({ type: "object", description: "A PageDocument" }),
  })
  .strict()
  .openapi("PageCreate");
const ZPagePatch = z
  .object({
    title: z.string().min(1).max(200).optional(),
    slug: z.string().min(1).max(80).optional(),
    description: z.string().max(500).optional(),
    socialImage: z.string().max(2048).nullable().optional(),
    document: z.unknown().optional().openapi({ type: "object", description: "A PageDocument" }),
  })
  .strict()
  .openapi("PagePatch");

const ZListQuery = z.object({
  kind: ZKind.default("page"),
  status: z.enum(["draft", "published"]).optional(),
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

const tags = ["Pages"];

const list = createRoute({
  method: "get",
  path: "/pages",
  tags,
  summary: "Pages (or docs) of this site, most recently changed first",
  middleware: [requirePageEditor()] as const,
  request: { query: ZListQuery },
  responses: {
    200: ok(z.object({ items: z.array(ZPageSummary), total: z.number().int() }), "A page of pages"),
    ...errorResponses,
  },
});
const create = createRoute({
  method: "post",
  path: "/pages",
  tags,
  summary: "Create a draft page",
  middleware: [requirePageEditor()] as const,
  request: { body: jsonBody(ZPageCreate) },
  responses: {
    201: ok(ZPageView, "The new draft"),
    409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "The slug is taken"),
    ...errorResponses,
  },
});
const get = createRoute({
  method: "get",
  path: "/pages/{id}",
  tags,
  summary: "One page with its block document",
  middleware: [requirePageEditor()] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZPageView, "The page"), ...errorResponses },
});
const patch = createRoute({
  method: "patch",
  path: "/pages/{id}",
  tags,
  summary: "Change a page; a published page is refreshed for visitors at once",
  middleware: [requirePageEditor()] as const,
  request: { params: ZUuidParam, body: jsonBody(ZPagePatch) },
  responses: {
    200: ok(ZPageView, "The changed page"),
    409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "The slug is taken"),
    ...errorResponses,
  },
});
const remove = createRoute({
  method: "delete",
  path: "/pages/{id}",
  tags,
  summary: "Delete a page",
  middleware: [requirePageEditor()] as const,
  request: { params: ZUuidParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses },
});
const publish = createRoute({
  method: "post",
  path: "/pages/{id}/publish",
  tags,
  summary: "Publish a page at its address",
  middleware: [requirePageEditor()] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZPageView, "The published page"), ...errorResponses },
});
const unpublish = createRoute({
  method: "post",
  path: "/pages/{id}/unpublish",
  tags,
  summary: "Make a page a draft again (visitors get 404)",
  middleware: [requirePageEditor()] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZPageView, "The draft"), ...errorResponses },
});

/** The stored document was checked block by block on the way in (server/modules/pages/document.ts). */
const out = (p: PageView) => p as unknown as z.infer<typeof ZPageView>;
const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const accountId = (c: Context<AppEnv>) => c.get("site").accountId;

export const pageRoutes = newRouter()
  .openapi(list, async (c) => {
    const { kind, ...q } = c.req.valid("query");
    assertKind(c, kind);
    return c.json(await pages.list(db(c), accountId(c), { kinds: [kind], ...q }), 200);
  })
  .openapi(create, async (c) => {
    const input = c.req.valid("json");
    assertKind(c, input.kind);
    const page = await pages.create(db(c), c.get("site"), input, c.get("member")?.member.id ?? null);
    return c.json(out(page), 201);
  })
  .openapi(get, async (c) =>
    c.json(out(await pages.get(db(c), accountId(c), c.req.valid("param").id, kindsFor(c))), 200),
  )
  .openapi(patch, async (c) => {
    const page = await pages.update(db(c), accountId(c), c.req.valid("param").id, c.req.valid("json"), kindsFor(c));
    return c.json(out(page), 200);
  })
  .openapi(remove, async (c) => {
    await pages.remove(db(c), accountId(c), c.req.valid("param").id, kindsFor(c));
    return c.body(null, 204);
  })
  .openapi(publish, async (c) =>
    c.json(out(await pages.setStatus(db(c), accountId(c), c.req.valid("param").id, "published", kindsFor(c))), 200),
  )
  .openapi(unpublish, async (c) =>
    c.json(out(await pages.setStatus(db(c), accountId(c), c.req.valid("param").id, "draft", kindsFor(c))), 200),
  );
