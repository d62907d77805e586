// Groups (issue 15) for the site's signed-in members, when the site has the `groups` feature:
// groups (creating one counts against the plan's `groups` limit, 403 plan_limit), their members
// (join, leave, approve, decline, invite, role, remove, whom to invite), links to a course or a
// membership, and each member's post notifications (the discussion feed is in ./group-feed.ts).
// A private group a caller cannot see, another site's ids and ids that are not ids all answer 404.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { GROUP_MEMBER_STATUSES, GROUP_PRIVACY, GROUP_ROLES } from "../../../../core/groups";
import { AppError } from "../../../errors";
import {
  type GroupActor,
  groupChat,
  groupLinks,
  groupMembership,
  groupService,
  groupSettings,
} from "../../../modules/groups";
import type { AppEnv } from "../../env";
import { isSiteManager, requireFeature, requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok } from "./router";

const ZGroup = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    description: z.string(),
    privacy: z.enum(GROUP_PRIVACY),
    courseId: z.string().uuid().nullable(),
    membershipId: z.string().uuid().nullable(),
    memberCount: z.number().int(),
    myRole: z.enum(GROUP_ROLES).nullable(),
    myStatus: z.enum(GROUP_MEMBER_STATUSES).nullable(),
    notifyPosts: z.boolean().openapi({ description: "Whether I am told in the bell of others' new posts" }),
    canAdmin: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("Group");
const ZGroupInput = z
  .object({
    title: z.string().max(120),
    description: z.string().max(2000).optional(),
    privacy: z.enum(GROUP_PRIVACY).optional(),
  })
  .strict()
  .openapi("GroupInput");
const ZGroupPatch = ZGroupInput.partial().strict().openapi("GroupPatch");
const ZSettings = z.object({ membersCreate: z.boolean() }).strict().openapi("GroupSettings");
const ZMember = z
  .object({
    userId: z.string(),
    name: z.string(),
    slug: z.string(),
    role: z.enum(GROUP_ROLES),
    status: z.enum(GROUP_MEMBER_STATUSES),
    joinedAt: z.string(),
  })
  .openapi("GroupMember");
export const path = (name: string) => z.string().openapi({ param: { name, in: "path" } });
export const ZId = z.object({ id: path("id") });
const ZIdUser = z.object({ id: path("id"), userId: path("userId") });

export const tags = ["Groups"];
export const middleware = [requireSession(), requireFeature("groups")];
const done = ok(z.object({ ok: z.literal(true) }), "Done");

const r = {
  settings: createRoute({
    method: "get",
    path: "/groups/settings",
    tags,
    summary: "Whether members may create groups, and whether I may",
    middleware,
    responses: { 200: ok(ZSettings.extend({ canCreate: z.boolean() }), "The settings"), ...errorResponses },
  }),
  saveSettings: createRoute({
    method: "put",
    path: "/groups/settings",
    tags,
    summary: "Let members create groups, or not (site managers)",
    middleware,
    request: { body: jsonBody(ZSettings) },
    responses: { 200: ok(ZSettings, "Saved"), ...errorResponses },
  }),
  list: createRoute({
    method: "get",
    path: "/groups",
    tags,
    summary: "Groups I belong to or asked to join (mine), am invited to (invited) or can join (discover)",
    middleware,
    request: {
      query: z.object({
        scope: z.enum(["mine", "discover", "invited"]).default("mine"),
        q: z.string().max(200).optional().openapi({ description: "Words of the title" }),
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        per_page: z.coerce.number().int().min(1).max(200).default(20),
      }),
    },
    responses: {
      200: ok(
        z.object({ items: z.array(ZGroup), total: z.number().int(), page: z.number().int(), pages: z.number().int() }),
        "The groups",
      ),
      ...errorResponses,
    },
  }),
  create: createRoute({
    method: "post",
    path: "/groups",
    tags,
    summary: "Create a group (within the plan's groups limit); I become its admin",
    middleware,
    request: { body: jsonBody(ZGroupInput) },
    responses: { 201: ok(ZGroup, "Created"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/groups/{id}",
    tags,
    summary: "One group",
    middleware,
    request: { params: ZId },
    responses: { 200: ok(ZGroup, "The group"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/groups/{id}",
    tags,
    summary: "Change a group (group admins)",
    middleware,
    request: { params: ZId, body: jsonBody(ZGroupPatch) },
    responses: { 200: ok(ZGroup, "The group"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/groups/{id}",
    tags,
    summary: "Delete a group with its feed (group admins)",
    middleware,
    request: { params: ZId },
    responses: { 204: { description: "Deleted" }, ...errorResponses },
  }),
  link: createRoute({
    method: "put",
    path: "/groups/{id}/link",
    tags,
    summary: "Link a course or membership; its students or members join (group admins)",
    middleware,
    request: {
      params: ZId,
      body: jsonBody(
        z
          .object({
            courseId: z.string().uuid().nullable().optional(),
            membershipId: z.string().uuid().nullable().optional(),
          })
          .strict()
          .openapi("GroupLink"),
      ),
    },
    responses: { 200: ok(z.object({ added: z.number().int() }), "Linked"), ...errorResponses },
  }),
  linkOptions: createRoute({
    method: "get",
    path: "/groups/{id}/link-options",
    tags,
    summary: "The site's courses and memberships the group can be linked to (group admins)",
    middleware,
    request: { params: ZId },
    responses: {
      200: ok(
        z.object({
          courses: z.array(z.object({ id: z.string().uuid(), title: z.string() })),
          memberships: z.array(z.object({ id: z.string().uuid(), title: z.string() })),
        }),
        "What can be linked",
      ),
      ...errorResponses,
    },
  }),
  candidates: createRoute({
    method: "get",
    path: "/groups/{id}/candidates",
    tags,
    summary: "Members of the site not in the group yet, by name, to invite (group admins; at most 20)",
    middleware,
    request: { params: ZId, query: z.object({ q: z.string().max(100).optional() }) },
    responses: {
      200: ok(
        z.object({ items: z.array(z.object({ userId: z.string(), name: z.string(), slug: z.string() })) }),
        "Members to invite",
      ),
      ...errorResponses,
    },
  }),
  notify: createRoute({
    method: "put",
    path: "/groups/{id}/notifications",
    tags,
    summary: "Be told in the bell of others' new posts in the group, or not (active members)",
    middleware,
    request: {
      params: ZId,
      body: jsonBody(z.object({ notifyPosts: z.boolean() }).strict().openapi("GroupNotifications")),
    },
    responses: { 200: ok(z.object({ notifyPosts: z.boolean() }), "Saved"), ...errorResponses },
  }),
  chat: createRoute({
    method: "post",
    path: "/groups/{id}/chat",
    tags,
    summary: "Open the group's chat (active members): its id, with its members brought in step with the group",
    middleware,
    request: { params: ZId },
    responses: { 200: ok(z.object({ chatId: z.string().uuid() }), "The group's chat"), ...errorResponses },
  }),
  members: createRoute({
    method: "get",
    path: "/groups/{id}/members",
    tags,
    summary: "The group's members (admins also see requests and invitations)",
    middleware,
    request: { params: ZId },
    responses: { 200: ok(z.object({ items: z.array(ZMember) }), "The members"), ...errorResponses },
  }),
  join: createRoute({
    method: "post",
    path: "/groups/{id}/join",
    tags,
    summary: "Join (open), ask to join (approval) or accept an invitation",
    middleware,
    request: { params: ZId },
    responses: { 200: ok(z.object({ status: z.enum(GROUP_MEMBER_STATUSES) }), "My status"), ...errorResponses },
  }),
  leave: createRoute({
    method: "post",
    path: "/groups/{id}/leave",
    tags,
    summary: "Leave the group (or withdraw a request, or decline an invitation)",
    middleware,
    request: { params: ZId },
    responses: { 200: done, ...errorResponses },
  }),
  approve: createRoute({
    method: "post",
    path: "/groups/{id}/members/{userId}/approve",
    tags,
    summary: "Approve a join request (group admins)",
    middleware,
    request: { params: ZIdUser },
    responses: { 200: done, ...errorResponses },
  }),
  decline: createRoute({
    method: "post",
    path: "/groups/{id}/members/{userId}/decline",
    tags,
    summary: "Decline a join request (group admins)",
    middleware,
    request: { params: ZIdUser },
    responses: { 200: done, ...errorResponses },
  }),
  invite: createRoute({
    method: "post",
    path: "/groups/{id}/members/{userId}/invite",
    tags,
    summary: "Invite a member of the site (group admins); they are told in the bell and accept by joining",
    middleware,
    request: { params: ZIdUser },
    responses: { 200: done, ...errorResponses },
  }),
  role: createRoute({
    method: "put",
    path: "/groups/{id}/members/{userId}/role",
    tags,
    summary: "Make a member admin or member (group admins)",
    middleware,
    request: { params: ZIdUser, body: jsonBody(z.object({ role: z.enum(GROUP_ROLES) }).strict()) },
    responses: { 200: done, ...errorResponses },
  }),
  kick: createRoute({
    method: "delete",
    path: "/groups/{id}/members/{userId}",
    tags,
    summary: "Remove a member (group admins)",
    middleware,
    request: { params: ZIdUser },
    responses: { 200: done, ...errorResponses },
  }),
};

/** The database, the site and the acting member: only members of this site take part in its groups. */
export function scope(c: Context<AppEnv>) {
  const m = c.get("member");
  if (!m) throw new AppError("forbidden", "Only members of this site take part in its groups");
  const actor: GroupActor = { userId: c.get("user")!.id, isOwner: m.isOwner, caps: m.caps };
  return { db: c.get("platform").database.db, site: c.get("site"), accountId: c.get("site").accountId, actor };
}
const OK = { ok: true as const };

export const groupRoutes = newRouter()
  .openapi(r.settings, async (c) => {
    const { db, accountId, actor } = scope(c);
    const s = await groupSettings.get(db, accountId);
    return c.json({ ...s, canCreate: await groupService.canCreate(db, accountId, actor) }, 200);
  })
  .openapi(r.saveSettings, async (c) => {
    const { db, accountId } = scope(c);
    if (!isSiteManager(c)) throw new AppError("forbidden", "This needs the manage_options capability on this site");
    return c.json(await groupSettings.save(db, accountId, c.req.valid("json")), 200);
  })
  .openapi(r.list, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { scope: which, q, page, per_page } = c.req.valid("query");
    return c.json(await groupService.list(db, accountId, actor, which, { q, page, perPage: per_page }), 200);
  })
  .openapi(r.create, async (c) => {
    const { db, site, actor } = scope(c);
    return c.json(await groupService.create(db, site, actor, c.req.valid("json")), 201);
  })
  .openapi(r.get, async (c) => {
    const { db, accountId, actor } = scope(c);
    return c.json(await groupService.get(db, accountId, actor, c.req.valid("param").id), 200);
  })
  .openapi(r.update, async (c) => {
    const { db, accountId, actor } = scope(c);
    return c.json(await groupService.update(db, accountId, actor, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(r.remove, async (c) => {
    const { db, accountId, actor } = scope(c);
    await groupService.remove(db, accountId, actor, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(r.link, async (c) => {
    const { db, accountId, actor } = scope(c);
    return c.json(await groupLinks.link(db, accountId, actor, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(r.linkOptions, async (c) => {
    const { db, accountId, actor } = scope(c);
    return c.json(await groupLinks.options(db, accountId, actor, c.req.valid("param").id), 200);
  })
  .openapi(r.candidates, async (c) => {
    const { db, accountId, actor } = scope(c);
    const id = c.req.valid("param").id;
    return c.json({ items: await groupMembership.candidates(db, accountId, actor, id, c.req.valid("query").q) }, 200);
  })
  .openapi(r.notify, async (c) => {
    const { db, accountId, actor } = scope(c);
    const on = c.req.valid("json").notifyPosts;
    return c.json(
      { notifyPosts: await groupMembership.setNotify(db, accountId, actor, c.req.valid("param").id, on) },
      200,
    );
  })
  .openapi(r.chat, async (c) => {
    const { db, accountId, actor } = scope(c);
    return c.json(await groupChat.open(db, accountId, actor, c.req.valid("param").id), 200);
  })
  .openapi(r.members, async (c) => {
    const { db, accountId, actor } = scope(c);
    return c.json({ items: await groupMembership.list(db, accountId, actor, c.req.valid("param").id) }, 200);
  })
  .openapi(r.join, async (c) => {
    const { db, accountId, actor } = scope(c);
    return c.json({ status: await groupMembership.join(db, accountId, actor, c.req.valid("param").id) }, 200);
  })
  .openapi(r.leave, async (c) => {
    const { db, accountId, actor } = scope(c);
    await groupMembership.leave(db, accountId, actor, c.req.valid("param").id);
    return c.json(OK, 200);
  })
  .openapi(r.approve, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, userId } = c.req.valid("param");
    await groupMembership.answer(db, accountId, actor, id, userId, true);
    return c.json(OK, 200);
  })
  .openapi(r.decline, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, userId } = c.req.valid("param");
    await groupMembership.answer(db, accountId, actor, id, userId, false);
    return c.json(OK, 200);
  })
  .openapi(r.invite, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, userId } = c.req.valid("param");
    await groupMembership.invite(db, accountId, actor, id, userId);
    return c.json(OK, 200);
  })
  .openapi(r.role, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, userId } = c.req.valid("param");
    await groupMembership.setRole(db, accountId, actor, id, userId, c.req.valid("json").role);
    return c.json(OK, 200);
  })
  .openapi(r.kick, async (c) => {
    const { db, accountId, actor } = scope(c);
    const { id, userId } = c.req.valid("param");
    await groupMembership.remove(db, accountId, actor, id, userId);
    return c.json(OK, 200);
  });
