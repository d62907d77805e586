// sitemap.xml and robots.txt (sitemaps.org protocol): at most 50,000 addresses a file, so a large
// site's sitemap.xml is an index of numbered parts.
import { escapeXml } from "./xml";

export const SITEMAP_MAX_URLS = 50_000;

export type SitemapEntry = { path: string; lastmod?: Date | null };

const day = (d: Date) => d.toISOString().slice(0, 10);

/** A <urlset> of absolute addresses on `origin` (scheme://host, no trailing slash). */
export function urlset(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : "";
    return `<url><loc>${escapeXml(origin + e.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** A <sitemapindex> pointing at /sitemap-{n}.xml for parts 1…count. */
export function sitemapIndex(origin: string, count: number): string {
  const parts = Array.from(
    { length: count },
    (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join("\n")}\n</sitemapindex>\n`;
}

/** Crawlers may read the public site; the dashboard, the API, sign-in pages and checkout stay out. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Disallow: /login",
    "Disallow: /signup",
    "Disallow: /logout",
    "Disallow: /checkout",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
