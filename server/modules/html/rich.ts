import sanitizeHtml from "sanitize-html";

// What the rich-text editor produces (headings, lists, quotes, code, links, images, tables) and
// nothing more: scripts, styles, iframes, forms and every on* attribute are dropped; links and
// images only with http(s), mailto or site-relative addresses.
const RICH_OPTIONS = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "a",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "mark",
    "sub",
    "sup",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "span",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
    "*": ["style"],
  },
  // Only text alignment survives in style attributes (the editor's align buttons).
  allowedStyles: { "*": { "text-align": [/^(left|right|center|justify)$/] } },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

/** HTML from a rich-text editor, safe to store and to render as is. */
export function sanitizeRichHtml(input: string): string {
  return sanitizeHtml(input, RICH_OPTIONS);
}
