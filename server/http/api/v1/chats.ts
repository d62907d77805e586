// Messages between the site's members (spec §2 /dashboard/messages): the signed-in member's chats
// with unread counts, opening a direct chat or a group conversation (a new one counts on the plan's
// `chats` meter: 403 plan_limit beyond it), history paged backwards, sending (403 when one of a
// direct chat's two blocked the other), read marks, removal, blocks, and the people a member may
// start a chat with. A chat the member is not in — or another site's, or a malformed id — is not found.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CHAT_MEMBERS_MAX, CHAT_TITLE_MAX, MESSAGE_ATTACHMENTS_MAX, MESSAGE_MAX_CHARS } from "../../../../core/chat";
import { hasCap } from "../../../../core/roles";
import { AppError } from "../../../errors";
import {
  blockService,
  type ChatActor,
  chatService,
  messageService,
  PEOPLE_PAGE_MAX,
  peopleService,
} from "../../../modules/chats";
import type { AppEnv } from "../../env";
import { requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok } from "./router";

const ZPerson = z.object({ user_id: z.string(), name: z.string() }).openapi("ChatPerson");
const ZMessage = z
  .object({
    id: z.string().uuid(),
    chat_id: z.string().uuid(),
    author: ZPerson,
    body: z.string().nullable().openapi({ description: "Null once removed (shown as “message removed”)" }),
    attachments: z.array(z.object({ id: z.string().uuid(), url: z.string(), filename: z.string(), mime: z.string() })),
    removed: z.boolean(),
    created_at: z.string(),
  })
  .openapi("ChatMessage");
const ZChat = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(["direct", "group"]),
    title: z.string().openapi({ description: "The group's title, or the other person's name" }),
    group_id: z.string().uuid().nullable(),
    members: z.array(ZPerson),
    last_message: ZMessage.nullable(),
    last_message_at: z.string().nullable(),
    unread: z.number().int(),
    muted: z.boolean(),
    blocked: z.boolean().openapi({ description: "A direct chat in which one of the two blocked the other" }),
  })
  .openapi("Chat");

const ZOpenChatBody = z
  .object({
    member_ids: z
      .array(z.string())
      .min(1)
      .max(CHAT_MEMBERS_MAX - 1)
      .openapi({
        description: "User ids of the other members: one without a title opens the direct chat with them",
      }),
    title: z.string().max(CHAT_TITLE_MAX).optional().openapi({ description: "Starts a group conversation" }),
  })
  .strict()
  .openapi("OpenChat");
const ZSendBody = z
  .object({
    body: z.string().max(MESSAGE_MAX_CHARS).optional(),
    attachments: z
      .array(z.string())
      .max(MESSAGE_ATTACHMENTS_MAX)
      .optional()
      .openapi({ description: "Ids of files of the site's media library" }),
  })
  .strict()
  .openapi("SendMessage");
const ZChatPatch = z.object({ muted: z.boolean() }).strict().openapi("ChatPatch");

const ZChatParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const ZMessageParam = ZChatParam.extend({
  messageId: z.string().openapi({ param: { name: "messageId", in: "path" } }),
});
const ZContact = z
  .object({
    user_id: z.string(),
    name: z.string(),
    email: z.string().optional().openapi({ description: "Only for managers of the site" }),
  })
  .openapi("ChatContact");

const ZUserParam = z.object({ userId: z.string().openapi({ param: { name: "userId", in: "path" } }) });

const signedIn = [requireSession()];
const tags = ["Messages"];

const r = {
  list: createRoute({
    method: "get",
    path: "/chats",
    tags,
    summary: "My chats, latest activity first, with unread counts per chat and in total",
    middleware: signedIn,
    request: { query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }) },
    responses: {
      200: ok(
        z.object({ items: z.array(ZChat), unread: z.number().int(), unread_chats: z.number().int() }),
        "The chats",
      ),
      ...errorResponses,
    },
  }),
  open: createRoute({
    method: "post",
    path: "/chats",
    tags,
    summary: "Open the direct chat with a member (the existing one if any) or start a group conversation",
    middleware: signedIn,
    request: { body: jsonBody(ZOpenChatBody) },
    responses: { 200: ok(ZChat, "The existing chat"), 201: ok(ZChat, "A new chat"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/chats/{id}",
    tags,
    summary: "One of my chats",
    middleware: signedIn,
    request: { params: ZChatParam },
    responses: { 200: ok(ZChat, "The chat"), ...errorResponses },
  }),
  patch: createRoute({
    method: "patch",
    path: "/chats/{id}",
    tags,
    summary: "Mute or unmute one of my chats (no chat notifications while muted)",
    middleware: signedIn,
    request: { params: ZChatParam, body: jsonBody(ZChatPatch) },
    responses: { 200: ok(ZChat, "The chat"), ...errorResponses },
  }),
  messages: createRoute({
    method: "get",
    path: "/chats/{id}/messages",
    tags,
    summary: "A page of the chat's history, oldest first; `before` (a message id) pages further back",
    middleware: signedIn,
    request: {
      params: ZChatParam,
      query: z.object({
        before: z.string().optional(),
        limit: z.coerce.number().int().min(1).max(100).optional(),
      }),
    },
    responses: {
      200: ok(z.object({ items: z.array(ZMessage), next_before: z.string().nullable() }), "Messages"),
      ...errorResponses,
    },
  }),
  send: createRoute({
    method: "post",
    path: "/chats/{id}/messages",
    tags,
    summary: "Send a message (its text masked by the site's profanity filter)",
    middleware: signedIn,
    request: { params: ZChatParam, body: jsonBody(ZSendBody) },
    responses: { 201: ok(ZMessage, "Sent"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/chats/{id}/messages/{messageId}",
    tags,
    summary: "Remove a message (its author, or a manager of the site)",
    middleware: signedIn,
    request: { params: ZMessageParam },
    responses: { 200: ok(ZMessage, "The message, now removed"), ...errorResponses },
  }),
  read: createRoute({
    method: "post",
    path: "/chats/{id}/read",
    tags,
    summary: "Mark the chat read up to its latest message (and its chat notifications)",
    middleware: signedIn,
    request: { params: ZChatParam },
    responses: { 200: ok(z.object({ unread: z.number().int() }), "My unread total"), ...errorResponses },
  }),
  people: createRoute({
    method: "get",
    path: "/chat-people",
    tags,
    summary: "Members of this site I may start a chat with, by name (not me, nobody either of us blocked)",
    middleware: signedIn,
    request: {
      query: z.object({
        q: z.string().max(100).optional().openapi({ description: "Part of the name (managers: or of the e-mail)" }),
        page: z.coerce.number().int().min(1).optional(),
        per_page: z.coerce.number().int().min(1).max(PEOPLE_PAGE_MAX).optional(),
      }),
    },
    responses: {
      200: ok(z.object({ items: z.array(ZContact), next_page: z.number().int().nullable() }), "A page of people"),
      ...errorResponses,
    },
  }),
  blocks: createRoute({
    method: "get",
    path: "/chat-blocks",
    tags,
    summary: "The members I blocked",
    middleware: signedIn,
    responses: { 200: ok(z.object({ items: z.array(ZPerson) }), "Blocked members"), ...errorResponses },
  }),
  block: createRoute({
    method: "put",
    path: "/chat-blocks/{userId}",
    tags,
    summary: "Block a member: no new messages either way in our direct chat",
    middleware: signedIn,
    request: { params: ZUserParam },
    responses: { 204: { description: "Blocked" }, ...errorResponses },
  }),
  unblock: createRoute({
    method: "delete",
    path: "/chat-blocks/{userId}",
    tags,
    summary: "Unblock a member",
    middleware: signedIn,
    request: { params: ZUserParam },
    responses: { 204: { description: "Unblocked" }, ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
function actor(c: Context<AppEnv>): ChatActor & { isManager: boolean } {
  const m = c.get("member");
  if (!m) throw new AppError("forbidden", "Only members of this site have messages");
  return {
    accountId: c.get("site").accountId,
    userId: c.get("user")!.id,
    isManager: m.isOwner || hasCap(m.caps, "manage_options"),
  };
}

export const chatRoutes = newRouter()
  .openapi(r.list, async (c) => c.json(await chatService.list(db(c), actor(c), c.req.valid("query")), 200))
  .openapi(r.open, async (c) => {
    const { chat, created } = await chatService.open(db(c), c.get("site"), actor(c), c.req.valid("json"));
    return created ? c.json(chat, 201) : c.json(chat, 200);
  })
  .openapi(r.get, async (c) => c.json(await chatService.get(db(c), actor(c), c.req.valid("param").id), 200))
  .openapi(r.patch, async (c) =>
    c.json(await chatService.setMuted(db(c), actor(c), c.req.valid("param").id, c.req.valid("json").muted), 200),
  )
  .openapi(r.messages, async (c) =>
    c.json(await messageService.list(db(c), actor(c), c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .openapi(r.send, async (c) =>
    c.json(await messageService.send(db(c), actor(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .openapi(r.remove, async (c) => {
    const { id, messageId } = c.req.valid("param");
    return c.json(await messageService.remove(db(c), actor(c), id, messageId), 200);
  })
  .openapi(r.read, async (c) => c.json(await messageService.markRead(db(c), actor(c), c.req.valid("param").id), 200))
  .openapi(r.people, async (c) => c.json(await peopleService.search(db(c), actor(c), c.req.valid("query")), 200))
  .openapi(r.blocks, async (c) => c.json({ items: await blockService.list(db(c), actor(c)) }, 200))
  .openapi(r.block, async (c) => {
    await blockService.block(db(c), actor(c), c.req.valid("param").userId);
    return c.body(null, 204);
  })
  .openapi(r.unblock, async (c) => {
    await blockService.unblock(db(c), actor(c), c.req.valid("param").userId);
    return c.body(null, 204);
  });
