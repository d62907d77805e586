// The site's addons (decision 0033): the catalogue with what the plan includes and which are on,
// and switching one on or off. For the site's managers.
import { createRoute, z } from "@hono/zod-openapi";
import { ALL_ADDONS } from "../../../../core/addons";
import { addonServices } from "../../services/addons";
import { requireCap } from "../../middleware/guards";
import { errorResponses, newRouter, ok, ZError } from "./router";

const tags = ["Plan"];

const ZAddonId = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, example: "certificates", description: ALL_ADDONS.join(", ") }),
});

const ZAddon = z
  .object({
    id: z.string(),
    label: z.string(),
    description: z.string(),
    link: z.string(),
    price: z.enum(["Active", "Free", "Coming soon"]).openapi({ description: "Status text shown in place of a price" }),
    badge: z.string().optional(),
    included: z.boolean().openapi({ description: "The site's plan includes it" }),
    available: z.boolean().openapi({ description: "false while the addon is Coming soon" }),
    active: z.boolean().openapi({ description: "On for this site: included, available and not switched off" }),
  })
  .openapi("Addon");

const ZAddons = z
  .object({
    plan: z.object({ slug: z.string(), label: z.string() }).nullable(),
    addons: z.array(ZAddon),
  })
  .openapi("Addons");

const refusals = {
  ...errorResponses,
  403: { content: { "application/json": { schema: ZError } }, description: "Not a manager, or `plan_required`" },
  409: { content: { "application/json": { schema: ZError } }, description: "`conflict`: the addon is Coming soon" },
} as const;

const list = createRoute({
  method: "get",
  path: "/addons",
  tags,
  summary: "Every addon with whether the site's plan includes it and whether it is on",
  middleware: [requireCap("manage_options")] as const,
  responses: { 200: ok(ZAddons, "Addons"), ...errorResponses },
});
const activate = createRoute({
  method: "post",
  path: "/addons/{id}/activate",
  tags,
  summary: "Switch an addon on (the plan must include it; a Coming soon addon cannot be)",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZAddonId },
  responses: { 200: ok(ZAddon, "The addon, now on"), ...refusals },
});
const deactivate = createRoute({
  method: "post",
  path: "/addons/{id}/deactivate",
  tags,
  summary: "Switch an addon off; what it made is kept, and switching it on again restores it",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZAddonId },
  responses: { 200: ok(ZAddon, "The addon, now off"), ...errorResponses },
});

export const addonRoutes = newRouter()
  .openapi(list, async (c) => c.json(await addonServices(c).addons.list(), 200))
  .openapi(activate, async (c) => c.json(await addonServices(c).addons.activate(c.req.valid("param").id), 200))
  .openapi(deactivate, async (c) => c.json(await addonServices(c).addons.deactivate(c.req.valid("param").id), 200));
