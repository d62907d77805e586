// The site's funnels (spec §2–§4), for its managers: the campaign triple, the graph of steps, and
// per-step figures of the sessions. Creating one counts against the plan's `funnels` limit (403
// plan_limit); a second live funnel with the same campaign triple is a 409. Another site's ids are
// not found. Visitors' pages track through POST /api/funnel/start and /api/funnel/event.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { FUNNEL_STATUSES, FUNNEL_STEP_TYPES } from "../../../../core/funnel-graph";
import { funnelStats, funnels } from "../../../modules/funnels";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

const ZNode = z
  .object({
    id: z.string().min(1).max(64),
    data: z
      .object({
        label: z.string().max(80),
        type: z.enum(FUNNEL_STEP_TYPES),
        ref: z.string().max(64).nullable().optional().openapi({
          description:
            "The id of the site object the step points at (page, post, form, popup, course, product, membership); cart, checkout and confirmation may name a product or nothing",
        }),
      })
      .strict(),
    position: z.object({ x: z.number(), y: z.number() }).optional(),
  })
  .strict()
  .openapi("FunnelNode");
const ZEdge = z
  .object({ id: z.string().max(140).optional(), source: z.string(), target: z.string() })
  .strict()
  .openapi("FunnelEdge");
const ZGraph = z
  .object({ nodes: z.array(ZNode).max(50), edges: z.array(ZEdge).max(200) })
  .strict()
  .openapi("FunnelGraph");

const ZFunnel = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    status: z.enum(FUNNEL_STATUSES),
    utm_source: z.string(),
    utm_medium: z.string(),
    utm_campaign: z.string(),
    graph: ZGraph,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Funnel");
const ZFunnelListItem = ZFunnel.extend({
  sessions: z.number().int(),
  conversions: z.number().int(),
  conversionRate: z.number().openapi({ description: "Sessions that reached a last step, in per cent" }),
}).openapi("FunnelListItem");

const ZFunnelInput = z
  .object({
    name: z.string().max(120),
    status: z.enum(FUNNEL_STATUSES).optional().openapi({ description: "A live funnel needs a complete graph" }),
    utm_source: z.string().max(120),
    utm_medium: z.string().max(120),
    utm_campaign: z.string().max(120),
    graph: ZGraph.optional(),
  })
  .strict()
  .openapi("FunnelInput");
const ZFunnelPatch = ZFunnelInput.partial().strict().openapi("FunnelPatch");

const ZStats = z
  .object({
    from: z.string(),
    to: z.string(),
    device: z.string().nullable(),
    sessions: z.number().int(),
    revenue: z.number().int().openapi({ description: "Minor units of the site's currency" }),
    steps: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        type: z.enum(FUNNEL_STEP_TYPES),
        parentIds: z.array(z.string()),
        visitors: z.number().int(),
        conversions: z.number().int(),
        dropOff: z.number().int(),
        revenue: z.number().int(),
      }),
    ),
  })
  .openapi("FunnelStats");
const ZStatsQuery = z.object({
  from: z.iso.date().optional().openapi({ description: "First day (UTC), default 29 days before `to`" }),
  to: z.iso.date().optional().openapi({ description: "Last day (UTC, inclusive), default today" }),
  device: z.enum(["desktop", "tablet", "mobile"]).optional(),
});

const managers = [requireCap("manage_options")];
const tags = ["Funnels"];
const one = { params: ZUuidParam };
const conflict = {
  409: ok(
    z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
    "Another live funnel has this campaign",
  ),
};

const r = {
  list: createRoute({
    method: "get",
    path: "/funnels",
    tags,
    summary: "The site's funnels with their sessions and conversion, newest first",
    middleware: managers,
    responses: { 200: ok(z.object({ items: z.array(ZFunnelListItem) }), "The funnels"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/funnels",
    tags,
    summary: "Create a funnel (within the plan's funnels limit)",
    middleware: managers,
    request: { body: jsonBody(ZFunnelInput) },
    responses: { 201: ok(ZFunnel, "Created"), ...errorResponses, ...conflict },
  }),
  get: createRoute({
    method: "get",
    path: "/funnels/{id}",
    tags,
    summary: "One funnel",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZFunnel, "The funnel"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/funnels/{id}",
    tags,
    summary: "Change a funnel",
    middleware: managers,
    request: { ...one, body: jsonBody(ZFunnelPatch) },
    responses: { 200: ok(ZFunnel, "The funnel"), ...errorResponses, ...conflict },
  }),
  remove: createRoute({
    method: "delete",
    path: "/funnels/{id}",
    tags,
    summary: "Remove a funnel with its sessions",
    middleware: managers,
    request: one,
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
  stats: createRoute({
    method: "get",
    path: "/funnels/{id}/stats",
    tags,
    summary: "Per-step visitors, conversions, drop-off and revenue, in topological order",
    middleware: managers,
    request: { ...one, query: ZStatsQuery },
    responses: { 200: ok(ZStats, "The figures"), ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;

export const funnelRoutes = newRouter()
  .openapi(r.list, async (c) => c.json({ items: await funnels.list(db(c), account(c)) }, 200))
  .openapi(r.create, async (c) => c.json(await funnels.create(db(c), c.get("site"), c.req.valid("json")), 201))
  .openapi(r.get, async (c) => c.json(await funnels.get(db(c), account(c), c.req.valid("param").id), 200))
  .openapi(r.update, async (c) =>
    c.json(await funnels.update(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await funnels.remove(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(r.stats, async (c) =>
    c.json(await funnelStats(db(c), account(c), c.req.valid("param").id, c.req.valid("query")), 200),
  );
