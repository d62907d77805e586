// Quiz questions from a unit (feature aiques, decision 0065): the instructor names a quiz and a unit
// of one of the quiz's courses; the model writes questions of the chosen types from the unit's text;
// the task's result is the questions that pass the quiz's own validation. Nothing is written: the
// quiz editor shows the proposals, and the instructor picks, edits and adds them to the quiz.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { CurriculumItem } from "../../../core/curriculum";
import { htmlToText } from "../../../core/html-text";
import { QUESTION_TYPES, type Question } from "../../../core/quiz";
import { ADMIN_PERMISSIONS, CAPS, canUseInstructorArea } from "../../../core/roles";
import { defineLocalAnswer, seedOf } from "../../ai";
import type { Db, Tx } from "../../db/client";
import { courseMeta, courses, members, roles, units } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import type { SiteAccount } from "../accounts";
import { assertItemEditor, type LearningCtx, META_CURRICULUM } from "../courses";
import {
  buildQuizQuestionsPrompt,
  capText,
  localQuizQuestions,
  MAX_QUESTIONS,
  parseQuizQuestions,
  type QuizQuestionsInput,
  typePlan,
} from "./quiz-questions-prompt";
import { type AiActor, aiFailure, defineAiTask } from "./tasks";

export const QUIZ_QUESTIONS = "quiz-questions";
/** A unit with less text than this gives nothing to ask about. */
const MIN_TEXT = 40;

export const ZQuizQuestionsInput = z.object({
  quizId: z.string().uuid(),
  unitId: z.string().uuid(),
  count: z.number().int().min(1).max(MAX_QUESTIONS).default(5),
  /** Default: every type. */
  types: z
    .array(z.enum(QUESTION_TYPES))
    .min(1, "Choose at least one question type")
    .max(QUESTION_TYPES.length * 2)
    .optional(),
  /** The language the questions are written in (a BCP 47 tag: "en", "pt-BR"). */
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, "A language code such as en or de")
    .default("en"),
});
export type QuizQuestionsRequest = z.infer<typeof ZQuizQuestionsInput>;
export type QuizQuestionsResult = { questions: Question[] };

/** A unit the questions of a quiz may be written from: one in a curriculum that lists the quiz. */
export type QuestionSource = { unitId: string; title: string; courseId: string; courseTitle: string };

/** The units of every course of this site whose curriculum lists the quiz, in curriculum order. */
export async function questionSources(tx: Tx, accountId: string, quizId: string): Promise<QuestionSource[]> {
  const listing = await tx
    .select({ courseId: courseMeta.courseId, curriculum: courseMeta.metaValue, title: courses.title })
    .from(courseMeta)
    .innerJoin(courses, and(eq(courses.accountId, courseMeta.accountId), eq(courses.id, courseMeta.courseId)))
    .where(
      and(
        eq(courseMeta.accountId, accountId),
        eq(courseMeta.metaKey, META_CURRICULUM),
        sql`${courseMeta.metaValue} @> ${JSON.stringify([{ id: quizId }])}::jsonb`,
      ),
    )
    .orderBy(courses.title, courses.id);
  const wanted = listing.flatMap((c) =>
    ((c.curriculum ?? []) as CurriculumItem[])
      .filter((i) => i.post_type === "unit" && i.id)
      .map((i) => ({ unitId: i.id as string, courseId: c.courseId, courseTitle: c.title })),
  );
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({ id: units.id, title: units.title })
    .from(units)
    .where(
      and(
        eq(units.accountId, accountId),
        inArray(
          units.id,
          wanted.map((w) => w.unitId),
        ),
      ),
    );
  const titles = new Map(rows.map((r) => [r.id, r.title]));
  return wanted.flatMap((w) => {
    const title = titles.get(w.unitId);
    return title === undefined ? [] : [{ ...w, title }];
  });
}

/** The acting member's capabilities on this site, read in the request's transaction. */
async function capsOf(tx: Tx, site: SiteAccount, userId: string): Promise<string[]> {
  const [row] = await tx
    .select({ role: roles.name, caps: roles.caps })
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(and(eq(members.accountId, site.accountId), eq(members.userId, userId)));
  if (site.ownerUserId === userId) return [...CAPS, ...ADMIN_PERMISSIONS];
  if (!row) return [];
  return [...new Set([...(row.caps ?? []), ...(site.caps[row.role] ?? [])])];
}

/** The quiz, if the actor may edit it on this site (anything else: 404, as for another site's quiz). */
async function assertQuizEditor(tx: Tx, site: SiteAccount, actor: AiActor, quizId: string): Promise<void> {
  const caps = await capsOf(tx, site, actor.userId);
  if (!canUseInstructorArea(caps, site.features)) throw notFound("Quiz");
  const ctx: LearningCtx = { db: tx as unknown as Db, accountId: site.accountId, userId: actor.userId, caps, site };
  try {
    await assertItemEditor(tx, ctx, "quiz", quizId);
  } catch (err) {
    if (err instanceof AppError && err.code === "forbidden") throw notFound("Quiz");
    throw err;
  }
}

/** The unit's title and plain text (capped), or null when it is gone. */
async function unitText(tx: Tx, accountId: string, unitId: string) {
  const [unit] = await tx
    .select({ title: units.title, content: units.content })
    .from(units)
    .where(and(eq(units.accountId, accountId), eq(units.id, unitId)));
  return unit ? { title: unit.title, text: capText(htmlToText(unit.content, { lines: true })) } : null;
}

/** For the quiz editor: the units the actor may have questions written from (404 unless they edit the quiz). */
export async function quizQuestionSources(ctx: LearningCtx, quizId: string): Promise<QuestionSource[]> {
  return withTenant(ctx.db, ctx.accountId, async (tx) => {
    await assertItemEditor(tx, ctx, "quiz", quizId);
    return questionSources(tx, ctx.accountId, quizId);
  });
}

const NO_TEXT = "This unit has too little text to write questions from. Add its text first.";
const noText = (field?: string) => aiFailure("validation_failed", "unit_no_text", NO_TEXT, {}, { field });

defineLocalAnswer(QUIZ_QUESTIONS, (input) => {
  const i = input as unknown as QuizQuestionsInput;
  return localQuizQuestions(i, seedOf(`${i.unitTitle}\n${i.text}`));
});

defineAiTask<QuizQuestionsRequest, QuizQuestionsResult>({
  kind: QUIZ_QUESTIONS,
  feature: "aiques",
  meter: "aitokens",
  input: ZQuizQuestionsInput,
  async authorize(tx, site, actor, input) {
    await assertQuizEditor(tx, site, actor, input.quizId);
    const sources = await questionSources(tx, site.accountId, input.quizId);
    if (!sources.some((s) => s.unitId === input.unitId)) throw notFound("Unit");
    const unit = await unitText(tx, site.accountId, input.unitId);
    if (!unit) throw notFound("Unit");
    if (unit.text.length < MIN_TEXT) throw noText("unitId");
  },
  async run(ctx) {
    const { quizId, unitId, count, language } = ctx.input;
    const types = ctx.input.types?.length ? [...new Set(ctx.input.types)] : [...QUESTION_TYPES];
    const unit = await withTenant(ctx.db, ctx.site.accountId, async (tx) => {
      // Read again: the unit may have changed, or left the quiz's courses, since the request.
      const sources = await questionSources(tx, ctx.site.accountId, quizId);
      return sources.some((s) => s.unitId === unitId) ? unitText(tx, ctx.site.accountId, unitId) : null;
    });
    if (!unit) {
      throw aiFailure("not_found", "unit_gone", "The unit is no longer in this quiz's course. Nothing was changed.");
    }
    if (unit.text.length < MIN_TEXT) throw noText();
    await ctx.progress(15);
    const input: QuizQuestionsInput = { unitTitle: unit.title, text: unit.text, count, types, language };
    const { system, prompt } = buildQuizQuestionsPrompt(input);
    const answer = await ctx.generate({
      task: QUIZ_QUESTIONS,
      system,
      prompt,
      input: { ...input, plan: typePlan(types, count) },
      json: true,
      maxTokens: 400 + 350 * count,
    });
    await ctx.progress(90);
    const questions = parseQuizQuestions(answer, { types, count, makeId: () => randomUUID() });
    if (questions.length === 0) {
      throw aiFailure(
        "validation_failed",
        "no_questions",
        "The AI assistant's answer held no usable question. Nothing was changed; try again, perhaps with other question types.",
      );
    }
    return { questions };
  },
});
