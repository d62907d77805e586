export type RichTextProps = { html: string };

/** Formatted text. The server sanitised the HTML when the page was saved. */
export function RichTextBlock({ html }: RichTextProps) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save (sanitizeRichHtml)
  return <div className="pb-rich pb-inner" dangerouslySetInnerHTML={{ __html: html }} />;
}
