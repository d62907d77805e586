// The site's notification touchpoints in the spec's §9 groups: read them with their state, switch
// some on or off. Unknown touchpoint names are refused by name; managers only. An account_id that
// is not this host's site is not found (the spec's calls name their account).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { TOUCHPOINT_GROUP_IDS } from "../../../../core/touchpoints";
import { notFound } from "../../../errors";
import { touchpoints } from "../../../modules/options";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok } from "./router";

const ZTouchpoint = z
  .object({
    key: z.string().openapi({ example: "student_registration" }),
    label: z.string().openapi({ example: "Welcome a new student" }),
    recipients: z.array(z.enum(["student", "instructors", "owner"])),
    on: z.boolean(),
  })
  .openapi("Touchpoint");
const ZTouchpointGroup = z
  .object({ id: z.enum(TOUCHPOINT_GROUP_IDS), touchpoints: z.array(ZTouchpoint) })
  .openapi("TouchpointGroup");
const ZTouchpoints = z.object({ groups: z.array(ZTouchpointGroup) }).openapi("Touchpoints");

export const ZTouchpointsChange = z
  .object({
    touchpoints: z
      .record(z.string(), z.boolean())
      .openapi({ description: "Touchpoint name → on (true) or off (false); names not listed keep their state" }),
  })
  .strict()
  .openapi("TouchpointsChange");

const ZAccountQuery = z.object({
  account_id: z.string().uuid().optional().openapi({ description: "When given, must be this site's account id" }),
});

const managers = [requireCap("manage_options")];
const tags = ["Touchpoints"];

const r = {
  get: createRoute({
    method: "get",
    path: "/touchpoints",
    tags,
    summary: "The site's notification touchpoints, in their groups, each on or off",
    middleware: managers,
    request: { query: ZAccountQuery },
    responses: { 200: ok(ZTouchpoints, "The groups"), ...errorResponses },
  }),
  put: createRoute({
    method: "put",
    path: "/touchpoints",
    tags,
    summary: "Switch touchpoints on or off (unknown names are refused)",
    middleware: managers,
    request: { query: ZAccountQuery, body: jsonBody(ZTouchpointsChange) },
    responses: { 200: ok(ZTouchpoints, "The groups after the change"), ...errorResponses },
  }),
};

/** This host's site; an account_id naming another site is treated as not existing. */
function accountOf(c: Context<AppEnv>, accountId: string | undefined) {
  const own = c.get("site").accountId;
  if (accountId && accountId !== own) throw notFound("Account");
  return own;
}

export const touchpointRoutes = newRouter()
  .openapi(r.get, async (c) => {
    const accountId = accountOf(c, c.req.valid("query").account_id);
    return c.json({ groups: await touchpoints.read(c.get("platform").database.db, accountId) }, 200);
  })
  .openapi(r.put, async (c) => {
    const accountId = accountOf(c, c.req.valid("query").account_id);
    const groups = await touchpoints.update(c.get("platform").database.db, accountId, c.req.valid("json"));
    return c.json({ groups }, 200);
  });
