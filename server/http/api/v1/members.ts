import { createRoute, z } from "@hono/zod-openapi";
import { manage } from "../../../modules/members";
import { requireCap } from "../../middleware/guards";
import { ZMember } from "./me";
import { errorResponses, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZManagedMember = ZMember.extend({
  isOwner: z.boolean().openapi({ description: "The site owner: role fixed, cannot be removed" }),
}).openapi("ManagedMember");

const ZMemberQuery = ZPage.extend({
  q: z.string().trim().max(200).optional().openapi({ description: "Part of a name or e-mail address", example: "ana" }),
  role: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .openapi({ description: "Only members with this role", example: "student" }),
});

const list = createRoute({
  method: "get",
  path: "/members",
  tags: ["Members"],
  summary: "Members of this site",
  description: "Newest first; `q` matches part of a name or e-mail address, `role` one role name.",
  middleware: [requireCap("manage_options")] as const,
  request: { query: ZMemberQuery },
  responses: {
    200: ok(z.object({ items: z.array(ZManagedMember), total: z.number().int() }), "A page of members"),
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
  responses: { 200: ok(ZManagedMember, "The member"), ...errorResponses },
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
  description:
    "The owner's role cannot be changed (403), and a manager cannot give themself a role without manage_options (403).",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZUuidParam, body: { required: true, content: { "application/json": { schema: ZSetRole } } } },
  responses: { 200: ok(ZManagedMember, "The member with the new role"), ...errorResponses },
});

const remove = createRoute({
  method: "delete",
  path: "/members/{id}",
  tags: ["Members"],
  summary: "Remove a member from this site",
  description: "Also signs them out of this site. Neither the owner nor yourself can be removed (403).",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZUuidParam },
  responses: { 204: { description: "Removed" }, ...errorResponses },
});

export const memberRoutes = newRouter()
  .openapi(list, async (c) => {
    const { page, per_page, q, role } = c.req.valid("query");
    const { database } = c.get("platform");
    return c.json(await manage.search(database.db, c.get("site"), { q, role, page, perPage: per_page }), 200);
  })
  .openapi(get, async (c) => {
    const { database } = c.get("platform");
    return c.json(await manage.get(database.db, c.get("site"), c.req.valid("param").id), 200);
  })
  .openapi(patch, async (c) => {
    const { database } = c.get("platform");
    const m = await manage.setRole(
      database.db,
      c.get("site"),
      c.get("user")!.id,
      c.req.valid("param").id,
      c.req.valid("json").role,
    );
    return c.json(m, 200);
  })
  .openapi(remove, async (c) => {
    const { database } = c.get("platform");
    await manage.remove(database.db, c.get("site"), c.get("user")!.id, c.req.valid("param").id);
    return c.body(null, 204);
  });
