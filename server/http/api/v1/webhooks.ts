// Outgoing webhooks (decision 0034): a site's endpoints, their delivery log and a test ping, for
// the site's managers. The URL rule of the installation (https; no private address in production)
// is applied by the service, which answers 422 naming `url`.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { MAX_ENDPOINTS, WEBHOOK_EVENTS } from "../../../../core/webhooks";
import { sendTestPing, webhookEndpoints } from "../../../modules/webhooks";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZDelivery = z
  .object({
    id: z.string().uuid(),
    eventId: z.string().uuid().openapi({ description: "The same on every attempt (Atrium-Event-Id)" }),
    eventType: z.string(),
    attempt: z.number().int(),
    statusCode: z.number().int().nullable().openapi({ description: "Null when no answer came" }),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    delivered: z.boolean(),
    nextRetryAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("WebhookDelivery");

const ZEndpoint = z
  .object({
    id: z.string().uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    secretHint: z.string().openapi({ description: "The secret's first characters; the secret is shown once" }),
    disabledForFailuresAt: z.string().nullable(),
    lastDelivery: ZDelivery.pick({
      statusCode: true,
      delivered: true,
      error: true,
      createdAt: true,
      eventType: true,
    }).nullable(),
    createdAt: z.string(),
  })
  .openapi("WebhookEndpoint");

export const ZWebhookInput = z
  .object({
    url: z.string().max(2000).openapi({ example: "https://example.com/atrium-hooks" }),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1),
    description: z.string().max(200).optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .openapi("WebhookInput");
const ZWebhookPatch = ZWebhookInput.partial().strict().openapi("WebhookPatch");
const ZSecret = z.object({ secret: z.string().openapi({ description: "whsec_…, shown only now" }) });

const managers = [requireCap("manage_options")];
const tags = ["Webhooks"];
const one = { params: ZUuidParam };

const r = {
  list: createRoute({
    method: "get",
    path: "/webhooks",
    tags,
    summary: "The site's webhook endpoints, with each one's last delivery",
    middleware: managers,
    responses: { 200: ok(z.object({ items: z.array(ZEndpoint) }), "Endpoints (without secrets)"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/webhooks",
    tags,
    summary: `Add an endpoint (at most ${MAX_ENDPOINTS} a site); its signing secret is in this answer only`,
    middleware: managers,
    request: { body: jsonBody(ZWebhookInput) },
    responses: {
      201: ok(ZSecret.extend({ endpoint: ZEndpoint }), "The endpoint and its secret"),
      409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "The site has the most"),
      ...errorResponses,
    },
  }),
  get: createRoute({
    method: "get",
    path: "/webhooks/{id}",
    tags,
    summary: "One endpoint",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZEndpoint, "The endpoint"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/webhooks/{id}",
    tags,
    summary: "Change an endpoint (switching it on again clears its failure count)",
    middleware: managers,
    request: { ...one, body: jsonBody(ZWebhookPatch) },
    responses: { 200: ok(ZEndpoint, "The endpoint"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/webhooks/{id}",
    tags,
    summary: "Remove an endpoint and its delivery log",
    middleware: managers,
    request: one,
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
  rotate: createRoute({
    method: "post",
    path: "/webhooks/{id}/secret",
    tags,
    summary: "Replace the signing secret (the old one stops at once); the new one is in this answer only",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZSecret, "The new secret"), ...errorResponses },
  }),
  deliveries: createRoute({
    method: "get",
    path: "/webhooks/{id}/deliveries",
    tags,
    summary: "An endpoint's delivery attempts of the last 30 days, newest first",
    middleware: managers,
    request: { ...one, query: ZPage },
    responses: {
      200: ok(z.object({ items: z.array(ZDelivery), total: z.number().int() }), "A page of attempts"),
      ...errorResponses,
    },
  }),
  test: createRoute({
    method: "post",
    path: "/webhooks/{id}/test",
    tags,
    summary: "Send a `ping` event now and answer with the result (not retried)",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZDelivery, "The attempt"), ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;

export const webhookRoutes = newRouter()
  .openapi(r.list, async (c) => c.json({ items: await webhookEndpoints.list(db(c), account(c)) }, 200))
  .openapi(r.create, async (c) => c.json(await webhookEndpoints.create(db(c), account(c), c.req.valid("json")), 201))
  .openapi(r.get, async (c) => c.json(await webhookEndpoints.get(db(c), account(c), c.req.valid("param").id), 200))
  .openapi(r.update, async (c) =>
    c.json(await webhookEndpoints.update(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await webhookEndpoints.remove(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(r.rotate, async (c) =>
    c.json(await webhookEndpoints.rotateSecret(db(c), account(c), c.req.valid("param").id), 200),
  )
  .openapi(r.deliveries, async (c) => {
    const q = c.req.valid("query");
    const list = await webhookEndpoints.deliveries(db(c), account(c), c.req.valid("param").id, {
      page: q.page,
      perPage: q.per_page,
    });
    return c.json(list, 200);
  })
  .openapi(r.test, async (c) => c.json(await sendTestPing(db(c), account(c), c.req.valid("param").id), 200));
