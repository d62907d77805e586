import { createRoute, z } from "@hono/zod-openapi";
import { accountNotifications } from "../../../modules/notifications";
import { requireCap } from "../../middleware/guards";
import { errorResponses, newRouter, ok, ZUuidParam } from "./router";

const ZNotification = z
  .object({
    id: z.string().uuid(),
    message: z.string(),
    severity: z.number().int().min(1).max(5),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("AccountNotification");

const guard = [requireCap("manage_options", "admin")];

const list = createRoute({
  method: "get",
  path: "/account-notifications",
  tags: ["Account notifications"],
  summary: "Unread messages from the platform to this site's owners",
  middleware: guard,
  responses: { 200: ok(z.object({ items: z.array(ZNotification) }), "Unread notifications"), ...errorResponses },
});
const get = createRoute({
  method: "get",
  path: "/account-notifications/{id}",
  tags: ["Account notifications"],
  summary: "One notification",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZNotification, "The notification"), ...errorResponses },
});
const read = createRoute({
  method: "post",
  path: "/account-notifications/{id}/read",
  tags: ["Account notifications"],
  summary: "Mark one notification read",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZNotification, "The notification, now read"), ...errorResponses },
});

export const notificationRoutes = newRouter()
  .openapi(list, async (c) => {
    const { database } = c.get("platform");
    return c.json({ items: await accountNotifications.listUnread(database.db, c.get("site").accountId) }, 200);
  })
  .openapi(get, async (c) => {
    const { database } = c.get("platform");
    return c.json(await accountNotifications.get(database.db, c.get("site").accountId, c.req.valid("param").id), 200);
  })
  .openapi(read, async (c) => {
    const { database } = c.get("platform");
    return c.json(
      await accountNotifications.markRead(database.db, c.get("site").accountId, c.req.valid("param").id),
      200,
    );
  });
