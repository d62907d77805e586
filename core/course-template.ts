// The description a new course or unit starts from (spec §9): three headed sections the author fills
// in. The template lives in the editor, not in stored data: an empty description or unit opens with
// the headings in the author's language (the screens pass them in), and whatever section an author
// leaves empty is not shown to visitors or students (withoutEmptySections).
export const COURSE_TEMPLATE_SECTIONS = ["learn", "requirements", "description"] as const;
export type CourseTemplateSection = (typeof COURSE_TEMPLATE_SECTIONS)[number];

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `<h2>` per section, each followed by an empty paragraph to type into. */
export function courseTemplateHtml(headings: readonly string[]): string {
  return headings.map((s) => `<h2>${escapeHtml(s)}</h2><p></p>`).join("");
}

/** Whether stored rich text has nothing in it yet (no text, no image or media), so the template applies. */
export function isBlankHtml(html: string | null | undefined): boolean {
  return !html || (!hasMedia(html) && textOf(html) === "");
}

const TAG = /<(\/?)([a-z][a-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const MEDIA = /<(img|video|audio|iframe|embed|object|table)\b/i;
const hasMedia = (html: string) => MEDIA.test(html);
const textOf = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;|\s/g, "")
    .trim();

type Heading = { start: number; end: number; level: number };

/** Headings that are not inside another element: the sections of the text. */
function topLevelHeadings(html: string): Heading[] {
  const headings: Heading[] = [];
  let depth = 0;
  let open: { start: number; level: number } | null = null;
  for (const m of html.matchAll(TAG)) {
    const name = m[2].toLowerCase();
    const closing = m[1] === "/";
    const at = m.index ?? 0;
    if (VOID.has(name) || m[3].trim().endsWith("/")) continue;
    const level = /^h[1-6]$/.test(name) ? Number(name[1]) : 0;
    if (closing) {
      depth = Math.max(0, depth - 1);
      if (open && depth === 0 && level) {
        headings.push({ start: open.start, end: at + m[0].length, level: open.level });
        open = null;
      }
    } else {
      if (depth === 0 && level) open = { start: at, level };
      depth++;
    }
  }
  return headings;
}

/**
 * The rich text without the sections an author left empty: a heading whose section (everything up
 * to the next heading of the same or a higher level) has no text and no image or media goes, with
 * its empty paragraphs. Text before the first heading and every section with content stay as written.
 */
export function withoutEmptySections(html: string): string {
  const headings = topLevelHeadings(html);
  if (!headings.length) return isBlankHtml(html) ? "" : html;
  const cut: [number, number][] = [];
  headings.forEach((h, i) => {
    const next = headings.slice(i + 1).find((n) => n.level <= h.level);
    const end = next ? next.start : html.length;
    // Subheadings are not content: a section holding only empty subsections is empty.
    const section = html.slice(h.end, end).replace(/<h([1-6])\b[^>]*>[\s\S]*?<\/h\1>/gi, "");
    if (isBlankHtml(section)) cut.push([h.start, end]);
  });
  let out = "";
  let from = 0;
  for (const [start, end] of cut) {
    if (start < from) continue;
    out += html.slice(from, start);
    from = end;
  }
  out += html.slice(from);
  return isBlankHtml(out) ? "" : out;
}
