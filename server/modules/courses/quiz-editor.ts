// Quizzes as the instructor sees them, answers included (students never reach this view).
// Question ids are made here when the editor sends a new question without one.
import { randomUUID } from "node:crypto";
import type { QuestionInput, QuizInput } from "../../../core/course-schemas";
import type { Question, QuizSettings } from "../../../core/quiz";
import type { quizzes } from "../../db/schema";
import { sanitizeRichHtml } from "../html";
import { itemStore } from "./item-store";

type QuizRow = typeof quizzes.$inferSelect;
export type QuizView = {
  id: string;
  title: string;
  content: string;
  questions: Question[];
  settings: QuizSettings;
  authorId: string;
  updatedAt: string;
};

export const withQuestionIds = (questions: readonly QuestionInput[]): Question[] => {
  const used = new Set<string>();
  return questions.map((q) => {
    const id = q.id && !used.has(q.id) ? q.id : randomUUID();
    used.add(id);
    return { ...q, id } as Question;
  });
};

export const quizEditor = itemStore<QuizRow, QuizInput, QuizView>({
  kind: "quiz",
  columns: (input) => ({
    ...(input.content !== undefined && { content: sanitizeRichHtml(input.content) }),
    ...(input.questions !== undefined && { questions: withQuestionIds(input.questions) }),
    ...(input.settings !== undefined && { settings: input.settings }),
  }),
  view: (r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    questions: r.questions,
    settings: r.settings,
    authorId: r.authorId,
    updatedAt: r.updatedAt.toISOString(),
  }),
});
