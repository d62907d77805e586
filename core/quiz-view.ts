// What a student sees of a quiz: the questions without their answers, the right column of a
// matching question and the items of a sorting question shuffled per attempt (seeded, so a reload
// shows the same order), and after submission the correct answer of each question.
import { type Answer, type Question, type QuizSettings, seededShuffle } from "./quiz";

export type StudentQuestion =
  | { id: string; type: "single" | "multiple"; prompt: string; marks: number; options: string[] }
  | { id: string; type: "truefalse" | "fillblank" | "numeric" | "essay"; prompt: string; marks: number }
  | { id: string; type: "matching"; prompt: string; marks: number; left: string[]; right: string[] }
  | { id: string; type: "sorting"; prompt: string; marks: number; items: string[] };

export function studentQuestion(q: Question, seed: string): StudentQuestion {
  const base = { id: q.id, prompt: q.prompt, marks: q.marks };
  switch (q.type) {
    case "single":
    case "multiple":
      return { ...base, type: q.type, options: [...q.options] };
    case "matching":
      return { ...base, type: q.type, left: [...q.left], right: seededShuffle(q.right, `${seed}:${q.id}`) };
    case "sorting":
      return { ...base, type: q.type, items: seededShuffle(q.items, `${seed}:${q.id}`) };
    default:
      return { ...base, type: q.type };
  }
}

/** The questions of one attempt, in the attempt's order (shuffled when the quiz says so). */
export function studentQuestions(questions: readonly Question[], settings: QuizSettings, seed: string) {
  const ordered = settings.shuffle ? seededShuffle(questions, seed) : [...questions];
  return ordered.map((q) => studentQuestion(q, seed));
}

/** The right answer in the shape a student answers in; null for an essay. */
export function correctAnswerOf(q: Question): Answer {
  switch (q.type) {
    case "matching":
      return [...q.right];
    case "sorting":
      return [...q.items];
    case "essay":
      return null;
    case "fillblank":
      return q.answer[0] ?? "";
    default:
      return q.answer;
  }
}
