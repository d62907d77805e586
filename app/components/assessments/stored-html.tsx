// HTML the server stored already sanitised: instructions (sanitizeRichHtml when authored) and
// hand-ins (sanitizeBasicHtml when submitted).
export function StoredHtml({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when it was saved
  return <div className="rich-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
