// The staff mailbox: every site's e-mail, and sending a failed message again.
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { notAuthenticated, notFound } from "../../../errors";
import { MAIL_STATUSES, mail } from "../../../modules/mail";
import type { AppEnv } from "../../env";
import { requireStaff } from "../../middleware/guards";
import { errorResponses, newRouter, ok, ZPage, ZUuidParam } from "./router";

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
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    messageId: z.string().nullable().openapi({ description: "The Message-ID header every attempt carries" }),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable().openapi({ description: "A failed message: when it is tried again by itself" }),
  })
  .openapi("OutboxMessage");

/** A message id means nothing outside the staff's view: to anyone else it does not exist. */
const staffOnlyElseNotFound = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.get("user")) throw notAuthenticated();
  if (!c.get("isStaff") || !c.get("site").isPlatform) throw notFound("Message");
  await next();
};

const outbox = createRoute({
  method: "get",
  path: "/staff/mail",
  tags: ["Staff"],
  summary: "Every e-mail the platform has sent or holds (staff mailbox)",
  middleware: [requireStaff()] as const,
  request: { query: ZPage.extend({ status: z.enum(MAIL_STATUSES).optional() }) },
  responses: {
    200: ok(
      z.object({
        items: z.array(ZMail),
        total: z.number().int(),
        failed: z.number().int().openapi({ description: "Messages whose retries are spent, of every site" }),
        transport: z.enum(["smtp", "outbox"]),
      }),
      "Newest first",
    ),
    ...errorResponses,
  },
});

const resend = createRoute({
  method: "post",
  path: "/staff/mail/{id}/resend",
  tags: ["Staff"],
  summary: "Send a failed or retrying message again now, with the same Message-ID",
  middleware: [staffOnlyElseNotFound()] as const,
  request: { params: ZUuidParam },
  responses: {
    200: ok(z.object({ message: ZMail }), "Queued for delivery"),
    409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Not failed"),
    ...errorResponses,
  },
});

export const staffRoutes = newRouter()
  .openapi(outbox, async (c) => {
    const { page, per_page, status } = c.req.valid("query");
    const { database } = c.get("platform");
    const r = await mail.listAll(database.db, page, per_page, status ?? null);
    return c.json({ ...r, transport: mail.transportKind(database.db) }, 200);
  })
  .openapi(resend, async (c) => {
    const { id } = c.req.valid("param");
    const user = c.get("user")!;
    const message = await mail.resend(c.get("platform").database.db, id, { userId: user.id, email: user.email });
    return c.json({ message }, 200);
  });
