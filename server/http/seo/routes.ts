// /sitemap.xml, /sitemap-{n}.xml, /robots.txt and /manifest.webmanifest of the site the host names. Crawlers may keep them
// five minutes; the addresses are absolute on the host they were asked on.
import { Hono } from "hono";
import { robotsTxt, sitemapIndex, urlset } from "../../../core/sitemap";
import { seo } from "../../modules/seo";
import { webApp } from "../../modules/web-app";
import type { AppEnv } from "../env";

const CACHE = "public, max-age=300";

export function createSeoRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get("/robots.txt", (c) => c.text(robotsTxt(c.get("origin")), 200, { "Cache-Control": CACHE }));
  // The site's installable web app (set on /dashboard/app).
  routes.get("/manifest.webmanifest", async (c) => {
    const manifest = await webApp.manifest(c.get("platform").database.db, c.get("site"));
    return c.body(JSON.stringify(manifest), 200, {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": CACHE,
    });
  });
  routes.get("/sitemap.xml", async (c) => {
    const { database } = c.get("platform");
    const map = await seo.sitemap(database.db, c.get("site"));
    const xml = map.kind === "urlset" ? urlset(c.get("origin"), map.entries) : sitemapIndex(c.get("origin"), map.parts);
    return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE });
  });
  routes.get("/:part{sitemap-[0-9]{1,4}\\.xml}", async (c) => {
    const n = Number(c.req.param("part").replace(/\D/g, ""));
    const { database } = c.get("platform");
    const entries = await seo.sitemapPart(database.db, c.get("site"), n);
    if (!entries) return c.notFound();
    return c.body(urlset(c.get("origin"), entries), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE,
    });
  });
  return routes;
}
