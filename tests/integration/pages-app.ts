// A stand-in for the React Router handler behind the real middleware chain (tenant, session, page
// cache), so page-cache rules can be tested on any path and any response without a client build.
// It shares the platform's database, hence its page cache: the platform's endpoints invalidate it.
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../server/http/env";
import { pageCacheLayer } from "../../server/http/middleware/page-cache";
import { session } from "../../server/http/middleware/session";
import { tenant } from "../../server/http/middleware/tenant";
import type { TestPlatform } from "../support/platform";

export type PagesApp = {
  /** How many times each path was rendered (a cache hit does not render). */
  renders: Map<string, number>;
  get(slug: string, path: string, headers?: Record<string, string>): Promise<Response>;
};

/**
 * Pages answer `<h1 lang="{lang cookie}">{sitetitle} {path}</h1>`; `?setcookie`, `?private`, `?status=404` and `?json`
 * make the page set a cookie, say Cache-Control private, answer 404 or answer JSON.
 */
export function pagesApp(t: TestPlatform): PagesApp {
  const renders = new Map<string, number>();
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("platform", t.platform);
    await next();
  });
  app.use("*", tenant);
  app.use("*", session);
  app.use("*", pageCacheLayer);
  app.get("*", (c) => {
    renders.set(c.req.path, (renders.get(c.req.path) ?? 0) + 1);
    const q = c.req.query();
    if ("json" in q) return c.json({ path: c.req.path });
    if ("setcookie" in q) c.header("Set-Cookie", "seen=1; Path=/");
    if ("private" in q) c.header("Cache-Control", "private, max-age=0");
    const status = q.status === "404" ? 404 : 200;
    const lang = getCookie(c, "lang") ?? "default";
    return c.html(`<h1 lang="${lang}">${c.get("site").settings.sitetitle} ${c.req.path}</h1>`, status);
  });
  return {
    renders,
    get: async (slug, path, headers = {}) => app.request(`${t.origin(slug)}${path}`, { headers }),
  };
}
