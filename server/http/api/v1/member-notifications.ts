import { createRoute, z } from "@hono/zod-openapi";
import { NOTIFICATION_TYPES, notifications } from "../../../modules/notifications";
import { requireSession } from "../../middleware/guards";
import { errorResponses, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZNotification = z
  .object({
    id: z.string().uuid(),
    userId: z.string(),
    component: z.string().openapi({ example: "course" }),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string().openapi({ description: "Sanitised HTML (basic formatting and links); plain text is escaped" }),
    data: z.record(z.string(), z.unknown()).openapi({ description: "e.g. chat_id, user_id, action, actor, object" }),
    itemId: z.string().nullable(),
    read: z.boolean(),
    createdAt: z.string(),
    time: z.number().int().openapi({ description: "createdAt in milliseconds since the epoch" }),
  })
  .openapi("Notification");

const ZListQuery = ZPage.extend({
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true")
    .openapi({ description: "Only unread notifications" }),
  type: z.enum(NOTIFICATION_TYPES).optional(),
});

const list = createRoute({
  method: "get",
  path: "/notifications",
  tags: ["Notifications"],
  summary: "The signed-in member's notifications, newest first, with the unread count for the bell",
  middleware: [requireSession()] as const,
  request: { query: ZListQuery },
  responses: {
    200: ok(
      z.object({ items: z.array(ZNotification), total: z.number().int(), unread: z.number().int() }),
      "A page of notifications",
    ),
    ...errorResponses,
  },
});

const read = createRoute({
  method: "post",
  path: "/notifications/{id}/read",
  tags: ["Notifications"],
  summary: "Mark one of my notifications read",
  middleware: [requireSession()] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZNotification, "The notification, now read"), ...errorResponses },
});

const ZReadAll = z
  .object({ type: z.enum(NOTIFICATION_TYPES).optional() })
  .strict()
  .openapi("ReadAllNotifications");
const readAll = createRoute({
  method: "post",
  path: "/notifications/read-all",
  tags: ["Notifications"],
  summary: "Mark all my notifications read, or all of one type (opening the chat dropdown: chat)",
  middleware: [requireSession()] as const,
  request: { body: { required: false, content: { "application/json": { schema: ZReadAll } } } },
  responses: { 200: ok(z.object({ updated: z.number().int() }), "How many became read"), ...errorResponses },
});

export const memberNotificationRoutes = newRouter()
  .openapi(list, async (c) => {
    const { page, per_page, unread, type } = c.req.valid("query");
    const { database } = c.get("platform");
    const result = await notifications.list(database.db, c.get("site").accountId, c.get("user")!.id, {
      page,
      per_page,
      unreadOnly: unread,
      type,
    });
    return c.json(result, 200);
  })
  .openapi(read, async (c) => {
    const { database } = c.get("platform");
    const n = await notifications.markRead(
      database.db,
      c.get("site").accountId,
      c.get("user")!.id,
      c.req.valid("param").id,
    );
    return c.json(n, 200);
  })
  .openapi(readAll, async (c) => {
    const { database } = c.get("platform");
    const body = c.req.valid("json") ?? {};
    const r = await notifications.markAllRead(database.db, c.get("site").accountId, c.get("user")!.id, body);
    return c.json(r, 200);
  });
