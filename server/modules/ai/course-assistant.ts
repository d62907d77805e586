// The course assistant (feature "ai", spec issue "Course assistant"): a draft of a course's
// description and outline from its title and a brief, and a rewritten or shortened unit text. Both
// are drafts only: the tasks write nothing, the instructor reviews the draft on the screen and saves
// it through the course editor's own save (docs/decisions/DRAFT-ai-assistant.md).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { createI18n } from "../../../app/i18n";
import { serverResources } from "../../../app/i18n/resources.server";
import { COURSE_TEMPLATE_SECTIONS, isBlankHtml, withoutEmptySections } from "../../../core/course-template";
import { LANGUAGE_CODES } from "../../../core/languages";
import { ADMIN_PERMISSIONS, CAPS, canUseInstructorArea } from "../../../core/roles";
import { defineLocalAnswer, seedOf } from "../../ai";
import type { Tx } from "../../db/client";
import { members, roles } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { SiteAccount } from "../accounts";
import { assertCourseEditor, assertItemEditor, type EditorCtx } from "../courses";
import { sanitizeRichHtml } from "../html";
import {
  BRIEF_MAX_CHARS,
  COURSE_DRAFT_TASK,
  type CourseDraft,
  courseDraftRequest,
  DraftFormatError,
  draftDescriptionHtml,
  localCourseDraft,
  localRewrite,
  localShorten,
  readCourseDraftAnswer,
  readRewriteAnswer,
  type TemplateHeadings,
  TITLE_MAX_CHARS,
  UNIT_REWRITE_TASK,
  unitRewriteRequest,
} from "./course-assistant-prompts";
import { type AiActor, aiFailure, defineAiTask } from "./tasks";

const language = z.enum(LANGUAGE_CODES);

const ZCourseDraftInput = z.object({
  courseId: z.string().uuid(),
  title: z.string().trim().min(1, "Give the course a title").max(TITLE_MAX_CHARS),
  brief: z.string().trim().min(1, "Describe the course in a few sentences").max(BRIEF_MAX_CHARS),
  language,
});
export type CourseDraftInput = z.infer<typeof ZCourseDraftInput>;

const ZUnitRewriteInput = z.object({
  unitId: z.string().uuid(),
  html: z
    .string()
    .max(500_000)
    .refine((h) => !isBlankHtml(withoutEmptySections(h)), "There is no text to rewrite yet"),
  mode: z.enum(["rewrite", "shorten"]),
  language,
});
export type UnitRewriteInput = z.infer<typeof ZUnitRewriteInput>;

/**
 * The acting member's capabilities on this site, read in the caller's transaction the way a request
 * reads them (the role's, the site's additions; the owner holds every one); null for a non-member.
 */
async function capsOf(tx: Tx, site: SiteAccount, userId: string): Promise<string[] | null> {
  const [row] = await tx
    .select({ role: roles.name, caps: roles.caps })
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(and(eq(members.accountId, site.accountId), eq(members.userId, userId)));
  if (!row) return null;
  const own = [...row.caps, ...(site.caps[row.role] ?? [])];
  return site.ownerUserId === userId ? [...new Set([...CAPS, ...ADMIN_PERMISSIONS, ...own])] : own;
}

/**
 * The course module's own editor checks, for someone asking the assistant: anyone who may not edit
 * the course or unit (a student, an instructor who does not teach it, another site's id) gets 404,
 * so the assistant says nothing about what exists.
 */
async function asEditor(tx: Tx, site: SiteAccount, actor: AiActor, check: (ctx: EditorCtx) => Promise<unknown>) {
  const caps = await capsOf(tx, site, actor.userId);
  if (!caps || !canUseInstructorArea(caps, site.features)) throw notFound("Course");
  try {
    await check({ accountId: site.accountId, userId: actor.userId, caps });
  } catch (err) {
    if (err instanceof AppError && err.code === "forbidden") throw notFound("Course");
    throw err;
  }
}

/** The template's headings in the draft's language (the words the course editor shows). */
export function templateHeadings(lang: string): TemplateHeadings {
  const i18n = createI18n(lang, serverResources);
  return Object.fromEntries(
    COURSE_TEMPLATE_SECTIONS.map((s) => [s, i18n.t(`instructor.template.${s}`) as string]),
  ) as TemplateHeadings;
}

/** A model's answer that cannot be used: the task fails with this message, nothing is written. */
const unreadable = (err: unknown) =>
  err instanceof DraftFormatError ? aiFailure("bad_request", err.reason, err.message) : (err as Error);

defineAiTask<CourseDraftInput, CourseDraft>({
  kind: COURSE_DRAFT_TASK,
  feature: "ai",
  meter: "aitokens",
  input: ZCourseDraftInput,
  authorize: (tx, site, actor, input) =>
    asEditor(tx, site, actor, (ctx) => assertCourseEditor(tx, ctx, input.courseId)),
  async run(ctx) {
    const headings = templateHeadings(ctx.input.language);
    await ctx.progress(15);
    const text = await ctx.generate(courseDraftRequest(ctx.input, headings));
    await ctx.progress(90);
    try {
      const answer = readCourseDraftAnswer(text);
      return { description: sanitizeRichHtml(draftDescriptionHtml(answer, headings)), sections: answer.sections };
    } catch (err) {
      throw unreadable(err);
    }
  },
});

defineAiTask<UnitRewriteInput, { html: string }>({
  kind: UNIT_REWRITE_TASK,
  feature: "ai",
  meter: "aitokens",
  input: ZUnitRewriteInput,
  authorize: (tx, site, actor, input) =>
    asEditor(tx, site, actor, (ctx) => assertItemEditor(tx, ctx, "unit", input.unitId)),
  async run(ctx) {
    await ctx.progress(15);
    const text = await ctx.generate(unitRewriteRequest(ctx.input));
    await ctx.progress(90);
    // Sanitised exactly as a saved unit's content is.
    const html = sanitizeRichHtml(readRewriteAnswer(text));
    if (isBlankHtml(html)) {
      throw aiFailure(
        "bad_request",
        "answer_empty",
        "The AI assistant's answer was empty. Nothing was changed; try again.",
      );
    }
    return { html };
  },
});

defineLocalAnswer(COURSE_DRAFT_TASK, (input) => {
  const title = String(input.title ?? "");
  const brief = String(input.brief ?? "");
  return localCourseDraft({ title, brief }, seedOf(`${title}\n${brief}`));
});

defineLocalAnswer(UNIT_REWRITE_TASK, (input) => {
  const html = String(input.html ?? "");
  return input.mode === "shorten" ? localShorten(html) : localRewrite(html);
});
