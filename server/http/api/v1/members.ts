import { createRoute, z } from "@hono/zod-openapi";
import { members } from "../../../modules/members";
import { requireCap } from "../../middleware/guards";
import { ZMember } from "./me";
import { errorResponses, newRouter, ok, ZPage, ZUuidParam } from "./router";

const list = createRoute({
  method: "get",
  path: "/members",
  tags: ["Members"],
  summary: "Members of this site",
  middleware: [requireCap("manage_options")] as const,
  request: { query: ZPage },
  responses: {
    200: ok(z.object({ items: z.array(ZMember), total: z.number().int() }), "A page of members"),
    ...errorResponses,
  },
});

const get = createRoute({
  method: "get",
  path: "/members/{id}",
  tags: ["Members"],
  summary: "One member of this site",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZMember, "The member"), ...errorResponses },
});

const ZSetRole = z
  .object({ role: z.string().min(1).max(40).openapi({ example: "instructor" }) })
  .strict()
  .openapi("SetRole");
const patch = createRoute({
  method: "patch",
  path: "/members/{id}",
  tags: ["Members"],
  summary: "Change a member's role",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZUuidParam, body: { required: true, content: { "application/json": { schema: ZSetRole } } } },
  responses: { 200: ok(ZMember, "The member with the new role"), ...errorResponses },
});

export const memberRoutes = newRouter()
  .openapi(list, async (c) => {
    const { page, per_page } = c.req.valid("query");
    const { database } = c.get("platform");
    return c.json(await members.list(database.db, c.get("site").accountId, page, per_page), 200);
  })
  .openapi(get, async (c) => {
    const { database } = c.get("platform");
    return c.json(await members.get(database.db, c.get("site").accountId, c.req.valid("param").id), 200);
  })
  .openapi(patch, async (c) => {
    const { database } = c.get("platform");
    const m = await members.setRole(database.db, c.get("site"), c.req.valid("param").id, c.req.valid("json").role);
    return c.json(m, 200);
  });
