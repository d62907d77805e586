import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { invites, manage } from "../../../modules/members";
import type { AppEnv } from "../../env";
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

const ZInvitation = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.string(),
    sentCount: z.number().int(),
    lastSentAt: z.string(),
    createdAt: z.string(),
  })
  .openapi("Invitation");

const ZInvite = z
  .object({
    email: z.string().max(254).openapi({ example: "ana@example.org" }),
    name: z.string().max(80).optional().openapi({ example: "Ana Lima" }),
    role: z.string().min(1).max(40).openapi({ example: "student" }),
  })
  .strict()
  .openapi("Invite");

const ZInviteResult = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("member"), member: ZManagedMember }),
    z.object({ kind: z.literal("invitation"), invitation: ZInvitation }),
  ])
  .openapi("InviteResult");

const listInvitations = createRoute({
  method: "get",
  path: "/invitations",
  tags: ["Members"],
  summary: "Open invitations to this site",
  middleware: [requireCap("manage_options")] as const,
  responses: { 200: ok(z.object({ items: z.array(ZInvitation) }), "Newest first"), ...errorResponses },
});

const createInvitation = createRoute({
  method: "post",
  path: "/invitations",
  tags: ["Members"],
  summary: "Invite someone by e-mail",
  description:
    "Someone with a login is added as a member at once (`kind: member`, 201) and told by e-mail; any other address gets an invitation e-mail with a sign-up link (`kind: invitation`, 201) and joins with the role when they sign up or sign in here. An address that is already a member or already invited answers 409.",
  middleware: [requireCap("manage_options")] as const,
  request: { body: { required: true, content: { "application/json": { schema: ZInvite } } } },
  responses: {
    201: ok(ZInviteResult, "Added or invited"),
    409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Already a member or invited"),
    ...errorResponses,
  },
});

const deleteInvitation = createRoute({
  method: "delete",
  path: "/invitations/{id}",
  tags: ["Members"],
  summary: "Cancel an invitation",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZUuidParam },
  responses: { 204: { description: "Cancelled" }, ...errorResponses },
});

const resendInvitation = createRoute({
  method: "post",
  path: "/invitations/{id}/resend",
  tags: ["Members"],
  summary: "Send an invitation e-mail again",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZInvitation, "The invitation, sent once more"), ...errorResponses },
});

const inviter = (c: Context<AppEnv>) => {
  const user = c.get("user")!;
  return { userId: user.id, name: c.get("member")?.member.name || user.name, origin: c.get("origin") };
};

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
  })
  .openapi(listInvitations, async (c) => {
    const { database } = c.get("platform");
    return c.json({ items: await invites.list(database.db, c.get("site").accountId) }, 200);
  })
  .openapi(createInvitation, async (c) => {
    const { database } = c.get("platform");
    return c.json(await invites.invite(database.db, c.get("site"), inviter(c), c.req.valid("json")), 201);
  })
  .openapi(deleteInvitation, async (c) => {
    const { database } = c.get("platform");
    await invites.cancel(database.db, c.get("site").accountId, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(resendInvitation, async (c) => {
    const { database } = c.get("platform");
    return c.json(await invites.resend(database.db, c.get("site"), inviter(c), c.req.valid("param").id), 200);
  });
