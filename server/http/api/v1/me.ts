import { createRoute, z } from "@hono/zod-openapi";
import { LANGUAGE_CODES, ZMemberPreferencesPatch } from "../../../../core/account";
import { AppError } from "../../../errors";
import { setPreferences } from "../../../modules/members";
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
    language: z
      .enum(LANGUAGE_CODES)
      .nullable()
      .openapi({ description: "The member's own interface language on this site; null = the site's default" }),
    menuPreference: z
      .array(z.object({ id: z.string(), enabled: z.boolean() }))
      .nullable()
      .openapi({ description: "Dashboard sidebar order and visibility; null = the default menu" }),
  })
  .openapi("Me");

const ZPreferences = z
  .object({
    language: z.enum(LANGUAGE_CODES).nullable(),
    menuPreference: z.array(z.object({ id: z.string(), enabled: z.boolean() })).nullable(),
  })
  .openapi("MemberPreferences");

const preferences = createRoute({
  method: "patch",
  path: "/me/preferences",
  tags: ["Session"],
  summary: "Change my language or dashboard menu on this site (null resets one to the default)",
  middleware: [requireSession()] as const,
  request: {
    body: {
      required: true,
      // core's schema, shared with the profile screen; inline in the document (see site-config.ts).
      content: { "application/json": { schema: ZMemberPreferencesPatch } },
    },
  },
  responses: { 200: ok(ZPreferences, "Both preferences after the change"), ...errorResponses },
});

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
        language: (m?.language ?? null) as (typeof LANGUAGE_CODES)[number] | null,
        menuPreference: m?.menuPreference ?? null,
      },
      200,
    );
  })
  .openapi(preferences, async (c) => {
    if (!c.get("member")) throw new AppError("forbidden", "Only members of this site have preferences here");
    const { database } = c.get("platform");
    const saved = await setPreferences(database.db, c.get("site").accountId, c.get("user")!.id, c.req.valid("json"));
    return c.json(
      { language: saved.language as (typeof LANGUAGE_CODES)[number] | null, menuPreference: saved.menuPreference },
      200,
    );
  })
  .openapi(site, (c) => c.json(siteView(c.get("site")), 200));
