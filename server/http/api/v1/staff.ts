import { createRoute, z } from "@hono/zod-openapi";
import { mail } from "../../../modules/mail";
import { requireStaff } from "../../middleware/guards";
import { errorResponses, newRouter, ok, ZPage } from "./router";

const ZMail = z
  .object({
    id: z.string().uuid(),
    accountId: z.string().uuid(),
    site: z.string(),
    to: z.string(),
    from: z.string(),
    subject: z.string(),
    text: z.string(),
    kind: z.string(),
    status: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("OutboxMessage");

const outbox = createRoute({
  method: "get",
  path: "/staff/mail",
  tags: ["Staff"],
  summary: "Every e-mail the platform has sent or holds (staff mailbox)",
  middleware: [requireStaff()] as const,
  request: { query: ZPage },
  responses: {
    200: ok(
      z.object({ items: z.array(ZMail), total: z.number().int(), transport: z.enum(["smtp", "outbox"]) }),
      "Newest first",
    ),
    ...errorResponses,
  },
});

export const staffRoutes = newRouter().openapi(outbox, async (c) => {
  const { page, per_page } = c.req.valid("query");
  const { database } = c.get("platform");
  const r = await mail.listAll(database.db, page, per_page);
  return c.json({ ...r, transport: mail.transportKind(database.db) }, 200);
});
