import sanitizeHtml from "sanitize-html";

// Basic formatting and links only: what a notification, a notice or a footer text block needs.
// Everything else (scripts, styles, event handlers, images, iframes) is dropped, its text kept.
const OPTIONS = {
  allowedTags: [
    "a",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "p",
    "br",
    "ul",
    "ol",
    "li",
    "code",
    "pre",
    "blockquote",
    "span",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the opener to the other page.
    a: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

/** HTML safe to put into a page: basic formatting and http(s)/mailto links; plain text comes back escaped. */
export function sanitizeBasicHtml(input: string): string {
  return sanitizeHtml(input, OPTIONS);
}
