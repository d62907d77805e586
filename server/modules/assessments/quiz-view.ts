// The shapes an attempt leaves the server in. A student's open attempt carries the questions
// without answers; once submitted it carries the result and the correct answers.
import { type Answer, type Answers, isPassed, percentOf, SUBMISSION_STATUS } from "../../../core/quiz";
import { correctAnswerOf, type StudentQuestion, studentQuestions } from "../../../core/quiz-view";
import type { quizSubmissions } from "../../db/schema";
import type { QuizRow } from "./access";

export type SubmissionRow = typeof quizSubmissions.$inferSelect;

export type QuestionOutcome = {
  id: string;
  correct: boolean | null;
  marks: number;
  maxMarks: number;
  correctAnswer: Answer;
};

export type AttemptResult = {
  marks: number;
  maxMarks: number;
  percent: number;
  passed: boolean;
  awaitingEvaluation: boolean;
  feedback: string | null;
  questions: QuestionOutcome[];
};

export type AttemptView = {
  id: string;
  quizId: string;
  courseId: string | null;
  title: string;
  attempt: number;
  status: number;
  startedAt: string;
  deadlineAt: string | null;
  /** The server's clock, so the browser's countdown can correct for its own. */
  serverNow: string;
  questions: StudentQuestion[];
  answers: Answers;
  result: AttemptResult | null;
};

export function attemptResult(quiz: QuizRow, row: SubmissionRow): AttemptResult | null {
  if (row.status < SUBMISSION_STATUS.submitted || !row.marking) return null;
  const marks = row.marks ?? 0;
  const maxMarks = row.maxMarks ?? 0;
  const byId = new Map(row.marking.results.map((r) => [r.id, r]));
  return {
    marks,
    maxMarks,
    percent: percentOf(marks, maxMarks),
    passed: isPassed(marks, maxMarks, quiz.settings.passMark),
    awaitingEvaluation: row.status < SUBMISSION_STATUS.evaluated,
    feedback: row.feedback,
    questions: quiz.questions.map((q) => {
      const r = byId.get(q.id);
      return {
        id: q.id,
        // null: an essay the instructor has not marked yet.
        correct: r ? r.correct : false,
        marks: r?.marks ?? 0,
        maxMarks: q.marks,
        correctAnswer: correctAnswerOf(q),
      };
    }),
  };
}

export function attemptView(quiz: QuizRow, row: SubmissionRow, now: Date): AttemptView {
  return {
    id: row.id,
    quizId: quiz.id,
    courseId: row.courseId,
    title: quiz.title,
    attempt: row.attempt,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    serverNow: now.toISOString(),
    questions: studentQuestions(quiz.questions, quiz.settings, row.id),
    answers: row.answers,
    result: attemptResult(quiz, row),
  };
}
