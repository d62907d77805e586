import { createRoute, z } from "@hono/zod-openapi";
import { showsAdminToolbar } from "../../../../core/roles";
import { AppError } from "../../../errors";
import { presence, presenceFor } from "../../../modules/presence";
import { requireSession } from "../../middleware/guards";
import { errorResponses, newRouter, ok } from "./router";

const ZOnline = z
  .object({
    user_id: z.string(),
    name: z.string(),
    email: z.string().openapi({ description: "Only for the site's managers; empty for other members" }),
    avatar: z.string().nullable(),
    device_id: z.string().uuid(),
    device: z.object({
      browser: z.string(),
      platform: z.string(),
      screenWidth: z.number(),
      screenHeight: z.number(),
      deviceType: z.string(),
    }),
    account_id: z.string().uuid(),
  })
  .openapi("OnlineMember");

const list = createRoute({
  method: "get",
  path: "/presence",
  tags: ["Realtime"],
  summary: "Who is online on this site now (the top bar's first paint; /api/realtime keeps it current)",
  middleware: [requireSession()] as const,
  responses: {
    200: ok(
      z.object({ online: z.array(ZOnline), count: z.number().int().openapi({ description: "Distinct people" }) }),
      "Online devices",
    ),
    ...errorResponses,
  },
});

export const presenceRoutes = newRouter().openapi(list, async (c) => {
  const member = c.get("member");
  if (!member) throw new AppError("forbidden", "Only members of this site can see who is online");
  const { database } = c.get("platform");
  const result = await presence.list(database.db, c.get("site").accountId);
  const seesEmails = member.isOwner || showsAdminToolbar(member.caps);
  return c.json(presenceFor(result, { seesEmails }), 200);
});
