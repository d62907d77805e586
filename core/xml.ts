// Text inside XML documents (the RSS feed, the sitemap).

// Characters XML 1.0 does not allow at all (control characters other than tab, newline, return).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must go
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text made safe for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
