// The spec's cache endpoints (§7): GET /api/site/revalidateCache (the admin toolbar's "clear page
// cache") and GET /api/site/invalidateCache (after editing theme, menus, header, footer or misc).
// Managers of the site answering the host only; a site or account named in the query that is not
// this one answers 404, as if it did not exist.
import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../../errors";
import { accounts } from "../../modules/accounts";
import { pageCache } from "../../modules/page-cache";
import type { AppEnv } from "../env";
import { readQuery } from "../json";
import { requireCap } from "../middleware/guards";

/** The configuration parts invalidateCache names; `all` is every one of them. */
const CONFIG_KEYS = ["theme", "menus", "header", "footer", "misc"] as const;

const ZRevalidate = z.object({
  site: z.string({ error: "site is required (the site's slug or account id)" }).trim().min(1).max(200),
  path: z
    .string({ error: 'path is required: a page path such as /blog, or "all"' })
    .trim()
    .max(2000)
    .refine((p) => p === "all" || p.startsWith("/"), 'path is a page path starting with "/", or "all"'),
});

const ZInvalidate = z.object({
  account_id: z.string({ error: "account_id is required" }).uuid("account_id is the site's account id"),
  key: z.enum([...CONFIG_KEYS, "all"], { error: `key is one of ${[...CONFIG_KEYS, "all"].join(", ")}` }),
});

export function createSiteCacheEndpoints() {
  const api = new Hono<AppEnv>();
  const managers = requireCap("manage_options", "admin");

  api.get("/revalidateCache", managers, async (c) => {
    const { site, path } = readQuery(c, ZRevalidate);
    const here = c.get("site");
    if (site !== here.slug && site.toLowerCase() !== here.accountId) throw notFound("Site");
    const paths = path === "all" ? pageCache.allPublicPaths() : [path];
    await pageCache.invalidatePaths(here.accountId, paths);
    return c.json({ revalidated: true, paths });
  });

  api.get("/invalidateCache", managers, async (c) => {
    const { account_id, key } = readQuery(c, ZInvalidate);
    if (account_id.toLowerCase() !== c.get("site").accountId) throw notFound("Account");
    // The configuration lives in the account row, cached with the host resolution: dropping that
    // entry drops every key at once, and the pages rendered from it go with it.
    await accounts.invalidate(account_id);
    return c.json({ invalidated: true, keys: key === "all" ? [...CONFIG_KEYS] : [key] });
  });

  return api;
}
