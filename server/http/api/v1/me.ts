import { createRoute, z } from "@hono/zod-openapi";
import { requireSession } from "../../middleware/guards";
import { errorResponses, newRouter, ok } from "./router";

export const ZMember = z
  .object({
    id: z.string().uuid(),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    slug: z.string(),
    role: z.string(),
    roleId: z.string().uuid(),
    createdAt: z.string(),
  })
  .openapi("Member");

export const ZSite = z
  .object({
    accountId: z.string().uuid(),
    slug: z.string(),
    domain: z.string().nullable(),
    isPlatform: z.boolean(),
    sitetitle: z.string(),
    currency: z.string(),
    defaultLanguage: z.string(),
    features: z.record(z.string(), z.boolean()),
  })
  .openapi("Site");

const ZMe = z
  .object({
    user: z.object({ id: z.string(), name: z.string(), email: z.string(), emailVerified: z.boolean() }),
    site: ZSite,
    member: ZMember.nullable(),
    role: z.string().nullable(),
    caps: z.array(z.string()),
    isOwner: z.boolean(),
    isStaff: z.boolean(),
    aal: z.enum(["aal1", "aal2"]).openapi({ description: "aal2 once a verified second factor exists" }),
  })
  .openapi("Me");

const me = createRoute({
  method: "get",
  path: "/me",
  tags: ["Session"],
  summary: "The signed-in person on this site",
  middleware: [requireSession()] as const,
  responses: { 200: ok(ZMe, "The person, their membership and capabilities"), ...errorResponses },
});

export const siteView = (site: import("../../../modules/accounts").SiteAccount) => ({
  accountId: site.accountId,
  slug: site.slug,
  domain: site.domain,
  isPlatform: site.isPlatform,
  sitetitle: site.settings.sitetitle,
  currency: site.settings.currency,
  defaultLanguage: site.settings.defaultLanguage,
  features: { ...site.features },
});

const site = createRoute({
  method: "get",
  path: "/site",
  tags: ["Session"],
  summary: "Public facts about the site answering this host",
  responses: { 200: ok(ZSite, "The site") },
});

export const meRoutes = newRouter()
  .openapi(me, (c) => {
    const user = c.get("user")!;
    const m = c.get("member");
    return c.json(
      {
        user: { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified },
        site: siteView(c.get("site")),
        member: m?.member ?? null,
        role: m?.role ?? null,
        caps: m?.caps ?? [],
        isOwner: m?.isOwner ?? false,
        isStaff: c.get("isStaff"),
        aal: user.twoFactorEnabled ? ("aal2" as const) : ("aal1" as const),
      },
      200,
    );
  })
  .openapi(site, (c) => c.json(siteView(c.get("site")), 200));
