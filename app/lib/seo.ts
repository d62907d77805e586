// Search-engine and social tags for public pages (issue: canonical URLs, title and description,
// Open Graph). A loader returns `seo: SeoInfo`; the route's meta function returns seoMeta(data.seo).
export type SeoInfo = {
  title: string;
  description?: string;
  /** Absolute URL of the page without query string: the canonical address. */
  url: string;
  /** Absolute URL of the social image. */
  image?: string | null;
  type?: "website" | "article";
  siteName?: string;
  /** ISO date of publication (articles). */
  publishedTime?: string | null;
  /** Keep out of search engines (drafts shown to their editors, private pages). */
  noindex?: boolean;
};

type MetaDescriptor = Record<string, string>;

/** The meta descriptors for a page: title, description, canonical link, Open Graph and Twitter card. */
export function seoMeta(seo: SeoInfo | undefined | null): MetaDescriptor[] {
  if (!seo) return [{ title: "Atrium" }];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:title", content: seo.title },
    { property: "og:url", content: seo.url },
    { property: "og:type", content: seo.type ?? "website" },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
  ];
  if (seo.description) {
    tags.push(
      { name: "description", content: seo.description },
      { property: "og:description", content: seo.description },
    );
  }
  if (seo.siteName) tags.push({ property: "og:site_name", content: seo.siteName });
  if (seo.image) tags.push({ property: "og:image", content: seo.image });
  if (seo.publishedTime) tags.push({ property: "article:published_time", content: seo.publishedTime });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The page's absolute canonical URL from the request: same origin and path, no query or hash. */
export function canonicalUrl(requestUrl: string, path?: string): string {
  const u = new URL(requestUrl);
  return `${u.origin}${path ?? u.pathname}`;
}

/** A site-relative or absolute image address made absolute against the request's origin. */
export function absoluteUrl(requestUrl: string, href: string | null | undefined): string | null {
  if (!href) return null;
  try {
    return new URL(href, requestUrl).toString();
  } catch {
    return null;
  }
}
