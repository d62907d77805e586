// The §9 template an empty course description or unit opens with, its headings in the author's
// language (core/course-template.ts keeps the rule; the words are the screen's).
import type { TFunction } from "../i18n";
import { COURSE_TEMPLATE_SECTIONS, courseTemplateHtml, isBlankHtml } from "../../core/course-template";

/** The stored text, or the template when nothing has been written yet. */
export function withTemplate(html: string, t: TFunction): string {
  return isBlankHtml(html)
    ? courseTemplateHtml(COURSE_TEMPLATE_SECTIONS.map((s) => t(`instructor.template.${s}`)))
    : html;
}
