import { createRoute, z } from "@hono/zod-openapi";
import { PLANS } from "../../../../core/plans";
import { siteAddress } from "../../../../core/site-address";
import { AppError } from "../../../errors";
import { accounts } from "../../../modules/accounts";
import { requireBrowserSession, requireCap, requireSession } from "../../middleware/guards";
import { siteView, ZSite } from "./me";
import { errorResponses, newRouter, ok } from "./router";

export const ZCreateSite = z
  .object({
    slug: z.string().trim().toLowerCase().min(3).max(40).openapi({ example: "my-school" }),
    sitetitle: z.string().trim().min(1).max(120).openapi({ example: "My School" }),
  })
  .strict()
  .openapi("CreateSite");

const ZSiteWithUrl = ZSite.extend({ url: z.string() }).openapi("OwnedSite");

const create = createRoute({
  method: "post",
  path: "/sites",
  tags: ["Sites"],
  summary: "Create a site (account owners, on the platform's own host)",
  middleware: [requireSession(), requireBrowserSession()] as const,
  request: { body: { required: true, content: { "application/json": { schema: ZCreateSite } } } },
  responses: {
    201: ok(ZSiteWithUrl, "The new site"),
    409: ok(z.object({ error: z.any() }), "Slug taken"),
    ...errorResponses,
  },
});

const mine = createRoute({
  method: "get",
  path: "/sites",
  tags: ["Sites"],
  summary: "Sites the signed-in person owns",
  middleware: [requireSession(), requireBrowserSession()] as const,
  responses: { 200: ok(z.object({ items: z.array(ZSiteWithUrl) }), "Owned sites"), ...errorResponses },
});

const ZPlan = z
  .object({
    id: z.string().uuid(),
    slug: z.string(),
    label: z.string(),
    description: z.string(),
    features: z.array(z.string()),
    addons: z.array(z.string()),
    trialDays: z.number(),
  })
  .openapi("Plan");
const plans = createRoute({
  method: "get",
  path: "/plans",
  tags: ["Sites"],
  summary: "The platform's plans",
  responses: { 200: ok(z.object({ items: z.array(ZPlan) }), "Plans") },
});

export const siteRoutes = newRouter()
  .openapi(create, async (c) => {
    const { cfg, database } = c.get("platform");
    if (!c.get("site").isPlatform) throw new AppError("not_found", "Sites are created on the platform's own address");
    const user = c.get("user")!;
    const input = c.req.valid("json");
    const site = await accounts.createSite(database.db, { userId: user.id, name: user.name, email: user.email }, input);
    return c.json({ ...siteView(site), url: `${cfg.scheme}://${siteAddress(site, cfg.baseDomain)}` }, 201);
  })
  .openapi(mine, async (c) => {
    const { cfg, database } = c.get("platform");
    const owned = await accounts.ownedBy(database.db, c.get("user")!.id);
    return c.json(
      { items: owned.map((s) => ({ ...siteView(s), url: `${cfg.scheme}://${siteAddress(s, cfg.baseDomain)}` })) },
      200,
    );
  })
  .openapi(plans, (c) =>
    c.json(
      {
        items: PLANS.map((p) => ({
          id: p.id,
          slug: p.slug,
          label: p.label,
          description: p.description,
          features: [...p.features],
          addons: [...p.addons],
          trialDays: p.trialDays,
        })),
      },
      200,
    ),
  );

const ZFeaturesPatch = z
  .object({
    lms: z.boolean(),
    groups: z.boolean(),
    appointments: z.boolean(),
    gamification: z.boolean(),
    single_session: z.boolean(),
  })
  .partial()
  .strict()
  .openapi("SiteFeaturesPatch");

const setFeatures = createRoute({
  method: "patch",
  path: "/site/features",
  tags: ["Sites"],
  summary: "Switch this site's features (lms, groups, appointments, gamification, single_session)",
  middleware: [requireCap("manage_options")],
  request: { body: { required: true, content: { "application/json": { schema: ZFeaturesPatch } } } },
  responses: { 200: ok(ZSite, "The site with its features"), ...errorResponses },
});

export const siteFeatureRoutes = newRouter().openapi(setFeatures, async (c) => {
  const { database } = c.get("platform");
  const site = await accounts.setFeatures(database.db, c.get("site"), c.req.valid("json"));
  return c.json(siteView(site), 200);
});
