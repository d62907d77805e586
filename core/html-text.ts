// The text of some HTML as a reader sees it: every block element (paragraph, heading, list item,
// quote, table row, …) and every <br> separates what is on either side, inline elements do not,
// scripts and styles say nothing, entities are decoded. One rule for excerpts, meta descriptions,
// search and notification text (one line) and e-mail text (paragraphs on their own lines). Pure,
// so the server and the browser share it.

const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "tr",
  "ul",
]);
/** Blocks that start a line of their own within a paragraph (list items, table rows). */
const LINES = new Set(["li", "tr", "dt", "dd"]);
/** Cells of one row stay on one line, apart. */
const CELLS = new Set(["td", "th"]);
/** Elements whose content is never text a reader sees. */
const SILENT = new Set(["script", "style", "template", "noscript", "head", "title", "iframe", "object", "svg"]);

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  deg: "°",
  times: "×",
  euro: "€",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

// A tag with quoted attributes (a ">" inside quotes does not end it), a comment, or a doctype.
const TOKEN = /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-z][a-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

// Private-use characters mark breaks until the end, where they become spaces or newlines.
const BREAK = "\uE000";
const PARAGRAPH = "\uE001";

/**
 * The text of `html`. By default one line (excerpts, descriptions, search, notifications), blocks
 * separated by a space; with `lines`, each block on its own line and paragraphs apart (e-mail text).
 */
export function htmlToText(html: string, opts: { lines?: boolean } = {}): string {
  let out = "";
  let silentUntil: string | null = null;
  let pre = 0;
  let last = 0;
  const text = (chunk: string) => {
    if (silentUntil || !chunk) return;
    out += pre ? chunk.replace(/\n/g, BREAK) : chunk.replace(/\s+/g, " ");
  };
  for (const m of html.matchAll(TOKEN)) {
    text(html.slice(last, m.index));
    last = (m.index ?? 0) + m[0].length;
    const name = m[2]?.toLowerCase();
    if (!name) continue;
    const closing = m[1] === "/";
    if (silentUntil) {
      if (closing && name === silentUntil) silentUntil = null;
      continue;
    }
    if (SILENT.has(name)) {
      if (!closing && !m[3].trim().endsWith("/")) silentUntil = name;
      continue;
    }
    if (name === "pre") pre = Math.max(0, pre + (closing ? -1 : 1));
    if (name === "br") out += BREAK;
    else if (CELLS.has(name)) out += " ";
    else if (LINES.has(name)) out += closing ? "" : BREAK;
    else if (BLOCKS.has(name)) out += PARAGRAPH;
  }
  text(html.slice(last));
  const decoded = decodeEntities(out);
  if (!opts.lines) return decoded.replace(/[\s\uE000\uE001]+/g, " ").trim();
  return decoded
    .split(PARAGRAPH)
    .map((block) =>
      block
        .split(BREAK)
        .map((line) => line.replace(/[^\S\n]+/g, " ").trim())
        .filter((line, i, all) => line || (i > 0 && i < all.length - 1))
        .join("\n")
        .trim(),
    )
    .filter(Boolean)
    .join("\n\n");
}
