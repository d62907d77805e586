import { createRoute, z } from "@hono/zod-openapi";
import { apiKeys } from "../../../modules/api-keys";
import { requireBrowserSession, requireCap } from "../../middleware/guards";
import { errorResponses, newRouter, ok, ZUuidParam } from "./router";

const ZApiKey = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .openapi("ApiKey");
const guard = [requireCap("manage_options"), requireBrowserSession()];

const create = createRoute({
  method: "post",
  path: "/api-keys",
  tags: ["API keys"],
  summary: "Create an API key for integrations (shown once)",
  middleware: guard,
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ name: z.string().trim().min(1).max(80) }).strict() } },
    },
  },
  responses: { 201: ok(z.object({ key: z.string(), apiKey: ZApiKey }), "The key, shown only now"), ...errorResponses },
});
const list = createRoute({
  method: "get",
  path: "/api-keys",
  tags: ["API keys"],
  summary: "Active API keys of this site",
  middleware: guard,
  responses: { 200: ok(z.object({ items: z.array(ZApiKey) }), "Keys (without their secret)"), ...errorResponses },
});
const revoke = createRoute({
  method: "delete",
  path: "/api-keys/{id}",
  tags: ["API keys"],
  summary: "Revoke an API key",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: { 204: { description: "Revoked" }, ...errorResponses },
});

export const apiKeyRoutes = newRouter()
  .openapi(create, async (c) => {
    const { database } = c.get("platform");
    const created = await apiKeys.create(
      database.db,
      c.get("site").accountId,
      c.get("member")!.member.id,
      c.req.valid("json").name,
    );
    return c.json(created, 201);
  })
  .openapi(list, async (c) => {
    const { database } = c.get("platform");
    return c.json({ items: await apiKeys.list(database.db, c.get("site").accountId) }, 200);
  })
  .openapi(revoke, async (c) => {
    const { database } = c.get("platform");
    await apiKeys.revoke(database.db, c.get("site").accountId, c.req.valid("param").id);
    return c.body(null, 204);
  });
