// Blog addresses (/blog/{slug}) and category slugs: lowercase letters a-z, digits and hyphens,
// made from a title when the writer gives none, unique per site.
export const SLUG_MAX = 80;
const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Whether a post or category slug follows the rule (a-z, 0-9 and inner hyphens, at most 80). */
export function isValidSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX && SLUG.test(slug) && !slug.includes("--");
}

/** A slug from free text: accents dropped, everything else that is not a-z0-9 becomes one hyphen. */
export function slugify(text: string, fallback = "post"): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
  return slug || fallback;
}

/** The first of base, base-2, base-3 … that is not taken (kept within the length limit). */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A cover image address: http(s) or site-relative ("/media/…"), never javascript: or //host. */
export function isValidCoverUrl(url: string): boolean {
  if (url.length > 2048 || /[\s"'<>]/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  try {
    const u = new URL(url);
    return (u.protocol === "http:" || u.protocol === "https:") && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/** An excerpt of about `max` characters from plain text, cut at a word boundary with an ellipsis. */
export function excerptOf(text: string, max = 200): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}
