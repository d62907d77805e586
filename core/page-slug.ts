// Page addresses: a site page lives at /{slug} and a platform doc at /docs/{slug}. A page slug may
// not take a first path segment the app already answers, or the page could never be reached.
import { isValidSlug, SLUG_MAX, slugify } from "./slug";

export const PAGE_SLUG_MAX_LENGTH = SLUG_MAX;

/** The slug of the page shown at "/" instead of the default home. */
export const HOME_PAGE_SLUG = "home";

/** Every first path segment the app (or the server in front of it) answers itself. */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  "dashboard",
  "login",
  "signup",
  "logout",
  "blog",
  "docs",
  "members",
  "about",
  "course",
  "courses",
  "checkout",
  "cart",
  "api",
  "media",
  "avatars",
  "fonts",
  "assets",
  "search",
  "sitemap.xml",
  "robots.txt",
  "rss.xml",
  "feed",
  "favicon.ico",
  "manifest.webmanifest",
  "ws",
  "health",
  "healthz",
];

export type PageSlugCheck = { ok: true; slug: string } | { ok: false; message: string };

/** A suggested slug from a title: lowercase letters and digits joined by dashes. */
export const slugifyTitle = (title: string): string => slugify(title, "");

/**
 * Whether `value` may be the slug of a page of this kind: 1-80 lowercase letters, digits and single
 * dashes between them; a site page may not use a reserved first segment ("home" is allowed).
 */
export function checkPageSlug(value: unknown, kind: "page" | "doc" = "page"): PageSlugCheck {
  if (typeof value !== "string" || value.trim() === "") return { ok: false, message: "Enter a slug" };
  const slug = value.trim();
  if (slug.length > PAGE_SLUG_MAX_LENGTH) {
    return { ok: false, message: `The slug is at most ${PAGE_SLUG_MAX_LENGTH} characters long` };
  }
  if (!isValidSlug(slug)) {
    return {
      ok: false,
      message: "Use lowercase letters a-z, digits and dashes (not at the start or end, not two in a row)",
    };
  }
  if (kind === "page" && RESERVED_PAGE_SLUGS.includes(slug)) {
    return { ok: false, message: `The slug "${slug}" is reserved for a part of the site; choose another` };
  }
  return { ok: true, slug };
}
