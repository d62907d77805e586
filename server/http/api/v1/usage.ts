// The site's use of its plan (spec §9 meters), for the owner's dashboard and integrations.
import { createRoute, z } from "@hono/zod-openapi";
import { findPlan, USAGE_METER_KEYS } from "../../../../core/plans";
import { usage } from "../../../modules/usage";
import { requireCap } from "../../middleware/guards";
import { errorResponses, newRouter, ok } from "./router";

const ZLine = z.object({
  key: z.string(),
  used: z.number().int(),
  limit: z.number().int().nullable().openapi({ description: "null: the plan does not cap it" }),
});

const ZUsage = z
  .object({
    plan: z.object({ id: z.string().uuid(), slug: z.string(), label: z.string() }).nullable(),
    period: z.string().openapi({ description: "The month counted (its first day, UTC)", example: "2026-11-01" }),
    meters: z.array(ZLine).openapi({ description: `This month's meters: ${USAGE_METER_KEYS.join(", ")}` }),
    holdings: z.array(ZLine).openapi({
      description: "What the site holds now: totalMembers, courses, pages, images, videos, storage (MB)",
    }),
  })
  .openapi("Usage");

const get = createRoute({
  method: "get",
  path: "/usage",
  tags: ["Plan"],
  summary: "This month's usage meters and what the site holds, against its plan's limits",
  middleware: [requireCap("manage_options")] as const,
  responses: { 200: ok(ZUsage, "Usage"), ...errorResponses },
});

export const usageRoutes = newRouter().openapi(get, async (c) => {
  const site = c.get("site");
  const summary = await usage.summary(c.get("platform").database.db, site);
  const plan = findPlan(site.settings.plan);
  return c.json({ plan: plan ? { id: plan.id, slug: plan.slug, label: plan.label } : null, ...summary }, 200);
});
