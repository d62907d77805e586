// The description a new course starts from (spec §9): three headed sections the instructor fills in.
// The headings stay English in the stored HTML; the editor shows them as written.
export const COURSE_TEMPLATE_SECTIONS = ["What you'll learn", "Requirements", "Description"] as const;

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `<h2>` per section, each followed by an empty paragraph to type into. */
export function courseTemplateHtml(sections: readonly string[] = COURSE_TEMPLATE_SECTIONS): string {
  return sections.map((s) => `<h2>${escapeHtml(s)}</h2><p></p>`).join("");
}
