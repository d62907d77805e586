// Spec §2 "Site pages known to the cache refresh", in one place. Each of the ten public pages stands
// for the cached paths it renders: a page with a {slug} covers every path under its prefix, and the
// generic page /{pageSlug} covers every cached path that none of the other nine claims.
type PublicPage = { page: string; path: string; prefix?: string; rest?: true };

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { page: "home", path: "/" },
  { page: "blog", path: "/blog" },
  { page: "blog post", path: "/blog/{slug}", prefix: "/blog/" },
  { page: "course list", path: "/courses" },
  { page: "course", path: "/course/{slug}", prefix: "/course/" },
  { page: "generic page", path: "/{pageSlug}", rest: true },
  { page: "login", path: "/login" },
  { page: "signup", path: "/signup" },
  { page: "thankyou", path: "/thankyou" },
  { page: "subscribed", path: "/subscribed" },
];

/** The paths `path=all` revalidates, as the spec's client names them. */
export const ALL_PUBLIC_PATHS = PUBLIC_PAGES.map((p) => p.path);

/** "/blog/" and "/blog" are the same page to the person who asks to refresh it. */
const trimSlash = (p: string) => (p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p);

function claims(page: PublicPage, cachedPath: string): boolean {
  if (page.prefix) return cachedPath.startsWith(page.prefix);
  return !page.rest && trimSlash(cachedPath) === page.path;
}

/**
 * Which cached paths a revalidation of `path` drops: one of the ten patterns above stands for its
 * pages; any other value is one concrete path (with or without a trailing slash, any query).
 */
export function pathMatcher(path: string): (cachedPath: string) => boolean {
  const page = PUBLIC_PAGES.find((p) => p.path === path);
  if (page?.rest) {
    const others = PUBLIC_PAGES.filter((p) => !p.rest);
    return (cached) => !others.some((o) => claims(o, cached));
  }
  if (page?.prefix) return (cached) => claims(page, cached);
  const wanted = trimSlash(path);
  return (cached) => trimSlash(cached) === wanted;
}
