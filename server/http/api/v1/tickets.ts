// Support tickets: the site's owner and manage_options holders open tickets and write in their
// threads (/tickets); platform staff, on the platform's host, see every site's tickets, answer
// them and set their status (/staff/tickets). Another site's ticket id is a 404.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  ATTACHMENTS_MAX,
  MESSAGE_MAX,
  SUBJECT_MAX,
  SUBJECT_MIN,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
} from "../../../../core/support-tickets";
import { supportTickets, type TicketActor, type TicketReach } from "../../../modules/support";
import type { AppEnv } from "../../env";
import { requireCap, requireStaff } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZAttachment = z
  .object({ mediaId: z.string().uuid(), url: z.string(), filename: z.string() })
  .openapi("TicketAttachment");

const ZTicket = z
  .object({
    id: z.string().uuid(),
    accountId: z.string().uuid(),
    site: z.object({ slug: z.string(), domain: z.string().nullable(), title: z.string() }),
    category: z.enum(TICKET_CATEGORIES),
    status: z.enum(TICKET_STATUSES).openapi({ description: "unresolved, awaited (awaiting the owner), resolved" }),
    subject: z.string(),
    openedBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastReplyAt: z.string(),
  })
  .openapi("Ticket");

const ZTicketReplyView = z
  .object({
    id: z.string().uuid(),
    authorId: z.string().nullable(),
    authorName: z.string(),
    isStaff: z.boolean(),
    body: z.string().openapi({ description: "Plain text" }),
    attachments: z.array(ZAttachment),
    createdAt: z.string(),
  })
  .openapi("TicketReply");

const ZTicketDetail = ZTicket.extend({ replies: z.array(ZTicketReplyView) }).openapi("TicketDetail");
const ZTicketList = z.object({ items: z.array(ZTicket), total: z.number().int() });

// The request bodies are checked by the module's own schemas (core/support-tickets), so every
// caller gets the same field errors; these describe them for the document.
const attachments = z
  .array(z.string())
  .max(ATTACHMENTS_MAX)
  .optional()
  .openapi({ description: "URLs of files of the site's media library (/media/{id}/{name})" });
const message = z.string().max(MESSAGE_MAX).openapi({ description: "Plain text, required" });
const ZOpenTicketInput = z
  .object({
    category: z.string().openapi({ enum: [...TICKET_CATEGORIES] }),
    subject: z.string().openapi({ description: `${SUBJECT_MIN} to ${SUBJECT_MAX} characters` }),
    message,
    attachments,
  })
  .strict()
  .openapi("OpenTicket");
const ZReplyInput = z.object({ message, attachments }).strict().openapi("TicketReplyInput");
const ZStatusInput = z
  .object({ status: z.string().openapi({ enum: [...TICKET_STATUSES] }) })
  .strict()
  .openapi("TicketStatusInput");

const ZListQuery = ZPage.extend({ status: z.enum(TICKET_STATUSES).optional() });
const ZStaffListQuery = ZListQuery.extend({
  category: z.enum(TICKET_CATEGORIES).optional(),
  account_id: z.string().uuid().optional().openapi({ description: "One site's tickets" }),
});

const managers = [requireCap("manage_options")];
const staff = [requireStaff()];

const r = {
  list: createRoute({
    method: "get",
    path: "/tickets",
    tags: ["Support"],
    summary: "The site's support tickets, most recently active first",
    middleware: managers,
    request: { query: ZListQuery },
    responses: { 200: ok(ZTicketList, "A page of tickets"), ...errorResponses },
  }),
  open: createRoute({
    method: "post",
    path: "/tickets",
    tags: ["Support"],
    summary: "Open a ticket with its first message (platform staff are told)",
    middleware: managers,
    request: { body: jsonBody(ZOpenTicketInput) },
    responses: { 201: ok(ZTicketDetail, "The new ticket"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/tickets/{id}",
    tags: ["Support"],
    summary: "One ticket with its thread",
    middleware: managers,
    request: { params: ZUuidParam },
    responses: { 200: ok(ZTicketDetail, "The ticket"), ...errorResponses },
  }),
  reply: createRoute({
    method: "post",
    path: "/tickets/{id}/replies",
    tags: ["Support"],
    summary: "Write in the thread; the ticket becomes unresolved (staff are told)",
    middleware: managers,
    request: { params: ZUuidParam, body: jsonBody(ZReplyInput) },
    responses: { 201: ok(ZTicketDetail, "The ticket"), ...errorResponses },
  }),
  status: createRoute({
    method: "patch",
    path: "/tickets/{id}",
    tags: ["Support"],
    summary: "Mark the ticket resolved (the only status the site's side sets; replying reopens it)",
    middleware: managers,
    request: { params: ZUuidParam, body: jsonBody(ZStatusInput) },
    responses: { 200: ok(ZTicketDetail, "The ticket"), ...errorResponses },
  }),
  staffList: createRoute({
    method: "get",
    path: "/staff/tickets",
    tags: ["Staff"],
    summary: "Every site's support tickets (staff), most recently active first",
    middleware: staff,
    request: { query: ZStaffListQuery },
    responses: { 200: ok(ZTicketList, "A page of tickets"), ...errorResponses },
  }),
  staffGet: createRoute({
    method: "get",
    path: "/staff/tickets/{id}",
    tags: ["Staff"],
    summary: "Any site's ticket with its thread (staff)",
    middleware: staff,
    request: { params: ZUuidParam },
    responses: { 200: ok(ZTicketDetail, "The ticket"), ...errorResponses },
  }),
  staffReply: createRoute({
    method: "post",
    path: "/staff/tickets/{id}/replies",
    tags: ["Staff"],
    summary: "Answer a ticket (staff); it then awaits the owner, who is told",
    middleware: staff,
    request: { params: ZUuidParam, body: jsonBody(ZReplyInput) },
    responses: { 201: ok(ZTicketDetail, "The ticket"), ...errorResponses },
  }),
  staffStatus: createRoute({
    method: "patch",
    path: "/staff/tickets/{id}",
    tags: ["Staff"],
    summary: "Set a ticket's status (staff); the opener is told",
    middleware: staff,
    request: { params: ZUuidParam, body: jsonBody(ZStatusInput) },
    responses: { 200: ok(ZTicketDetail, "The ticket"), ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const siteReach = (c: Context<AppEnv>): TicketReach => ({ accountIds: [c.get("site").accountId] });
const actor = (c: Context<AppEnv>, side: TicketActor["side"]): TicketActor => {
  const user = c.get("user")!;
  return { userId: user.id, name: c.get("member")?.member.name || user.name, side, email: user.email };
};
const page = (q: { page: number; per_page: number }) => ({ page: q.page, perPage: q.per_page });

export const ticketRoutes = newRouter()
  .openapi(r.list, async (c) => {
    const q = c.req.valid("query");
    return c.json(await supportTickets.list(db(c), siteReach(c), { ...page(q), status: q.status }), 200);
  })
  .openapi(r.open, async (c) =>
    c.json(await supportTickets.open(db(c), c.get("site").accountId, actor(c, "owner"), c.req.valid("json")), 201),
  )
  .openapi(r.get, async (c) => c.json(await supportTickets.get(db(c), siteReach(c), c.req.valid("param").id), 200))
  .openapi(r.reply, async (c) =>
    c.json(
      await supportTickets.reply(db(c), siteReach(c), c.req.valid("param").id, actor(c, "owner"), c.req.valid("json")),
      201,
    ),
  )
  .openapi(r.status, async (c) =>
    c.json(
      await supportTickets.setStatus(
        db(c),
        siteReach(c),
        c.req.valid("param").id,
        actor(c, "owner"),
        c.req.valid("json").status,
      ),
      200,
    ),
  )
  .openapi(r.staffList, async (c) => {
    const q = c.req.valid("query");
    return c.json(
      await supportTickets.list(db(c), "all", {
        ...page(q),
        status: q.status,
        category: q.category,
        accountId: q.account_id,
      }),
      200,
    );
  })
  .openapi(r.staffGet, async (c) => c.json(await supportTickets.get(db(c), "all", c.req.valid("param").id), 200))
  .openapi(r.staffReply, async (c) =>
    c.json(
      await supportTickets.reply(db(c), "all", c.req.valid("param").id, actor(c, "staff"), c.req.valid("json")),
      201,
    ),
  )
  .openapi(r.staffStatus, async (c) =>
    c.json(
      await supportTickets.setStatus(
        db(c),
        "all",
        c.req.valid("param").id,
        actor(c, "staff"),
        c.req.valid("json").status,
      ),
      200,
    ),
  );
