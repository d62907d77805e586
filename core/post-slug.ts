// Blog addresses (/blog/{slug}) and category slugs: lowercase letters a-z, digits and hyphens,
// made from a title when the writer gives none, unique per site.
export { isValidSlug, nextFreeSlug, SLUG_MAX, slugify } from "./slug";

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
