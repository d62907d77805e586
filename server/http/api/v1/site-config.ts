import { createRoute, z } from "@hono/zod-openapi";
import { ZAccountConfig, ZAccountConfigPatch } from "../../../../core/account";
import { accounts } from "../../../modules/accounts";
import { requireCap } from "../../middleware/guards";
import { errorResponses, newRouter, ok } from "./router";

// The schemas are core's, shared with the site-admin screens that validate the same way before
// sending. They are used as they are: core's zod schemas may be built before the OpenAPI extension
// is loaded, so they carry no .openapi() names and appear inline in the document.
const ZConfig = ZAccountConfig;
const ZConfigPatch = ZAccountConfigPatch;

const get = createRoute({
  method: "get",
  path: "/site/config",
  tags: ["Sites"],
  summary: "This site's editable configuration: settings, menus, header, footer, theme, misc (scripts)",
  middleware: [requireCap("manage_options")] as const,
  responses: { 200: ok(ZConfig, "The configuration with defaults filled in"), ...errorResponses },
});

const patch = createRoute({
  method: "patch",
  path: "/site/config",
  tags: ["Sites"],
  summary: "Change part of this site's configuration; cached pages of the site are dropped",
  description:
    "Any of settings (not plan or backend), menus, header, footer, theme, misc; each is merged over the stored value, settings.notices too. Unknown keys are refused.",
  middleware: [requireCap("manage_options")] as const,
  request: { body: { required: true, content: { "application/json": { schema: ZConfigPatch } } } },
  responses: {
    200: ok(ZConfig, "The configuration after the change"),
    413: ok(z.object({ error: z.any() }), "The configuration would exceed 256 KB"),
    ...errorResponses,
  },
});

export const siteConfigRoutes = newRouter()
  .openapi(get, (c) => c.json(accounts.config(c.get("site")), 200))
  .openapi(patch, async (c) => {
    const { database } = c.get("platform");
    const { config } = await accounts.updateConfig(database.db, c.get("site"), c.req.valid("json"));
    return c.json(config, 200);
  });
