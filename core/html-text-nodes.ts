// Rewrites only the text between the tags of sanitised HTML (whose attribute values and text have
// `<` and `>` escaped, so a tag is exactly a `<…>` run). Used to mask words in rich text without
// touching tags, attributes or addresses.

const TAG = /(<[^>]*>)/;

export function mapHtmlText(html: string, fn: (text: string) => string): string {
  return html
    .split(TAG)
    .map((part) => (part.startsWith("<") || !part ? part : fn(part)))
    .join("");
}
