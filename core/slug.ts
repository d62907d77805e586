// Slugs of addresses (pages, posts, categories): lowercase letters a-z, digits and single inner
// hyphens, at most 80 characters, made from a title when none is given.
export const SLUG_MAX = 80;
const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Whether a slug follows the rule (a-z, 0-9 and inner hyphens, at most 80). */
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
