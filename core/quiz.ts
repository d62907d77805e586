// Quiz questions and their marking. Every type but essay is marked automatically; a quiz with an
// essay waits for the instructor (spec §4: a submission with status 3 or higher is complete).

export const QUESTION_TYPES = [
  "single",
  "multiple",
  "truefalse",
  "fillblank",
  "matching",
  "sorting",
  "numeric",
  "essay",
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A question as the instructor writes it. `answer` never reaches a student before marking. */
export type Question =
  | { id: string; type: "single"; prompt: string; marks: number; options: string[]; answer: number }
  | { id: string; type: "multiple"; prompt: string; marks: number; options: string[]; answer: number[] }
  | { id: string; type: "truefalse"; prompt: string; marks: number; answer: boolean }
  /** Accepted answers, compared trimmed and case-insensitively. */
  | { id: string; type: "fillblank"; prompt: string; marks: number; answer: string[] }
  /** Pairs left[i] ↔ right[i]; the student sees the right column shuffled. */
  | { id: string; type: "matching"; prompt: string; marks: number; left: string[]; right: string[] }
  /** Items in their correct order; the student sees them shuffled. */
  | { id: string; type: "sorting"; prompt: string; marks: number; items: string[] }
  | { id: string; type: "numeric"; prompt: string; marks: number; answer: number; tolerance?: number }
  | { id: string; type: "essay"; prompt: string; marks: number };

/**
 * A student's answer per question type: option index; option indexes; boolean; text; for matching
 * the right-hand text chosen for each left item; for sorting the items in the chosen order; a number;
 * essay text.
 */
export type Answer = number | number[] | boolean | string | string[] | null;
export type Answers = Record<string, Answer>;

/** Spec §4/§9: submission statuses; 3 or higher counts as complete. */
export const SUBMISSION_STATUS = { started: 1, submitted: 2, evaluated: 3 } as const;
export const COMPLETION_STATUS = 3;

export type QuestionResult = { id: string; correct: boolean | null; marks: number; maxMarks: number };
export type QuizMarking = { marks: number; maxMarks: number; needsEvaluation: boolean; results: QuestionResult[] };

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether one answer is right; null for an essay (the instructor decides). */
export function isCorrect(q: Question, a: Answer | undefined): boolean | null {
  if (q.type === "essay") return null;
  if (a === undefined || a === null) return false;
  switch (q.type) {
    case "single":
      return a === q.answer;
    case "multiple":
      return (
        Array.isArray(a) &&
        sameList(
          [...(a as number[])].sort((x, y) => x - y),
          [...q.answer].sort((x, y) => x - y),
        )
      );
    case "truefalse":
      return a === q.answer;
    case "fillblank":
      return typeof a === "string" && q.answer.some((accepted) => norm(accepted) === norm(a));
    case "matching":
      return Array.isArray(a) && sameList((a as unknown[]).map(String).map(norm), q.right.map(norm));
    case "sorting":
      return Array.isArray(a) && sameList((a as unknown[]).map(String), q.items);
    case "numeric": {
      const n = typeof a === "number" ? a : typeof a === "string" && a.trim() !== "" ? Number(a) : Number.NaN;
      return Number.isFinite(n) && Math.abs(n - q.answer) <= (q.tolerance ?? 0);
    }
  }
}

/** Marks every question it can; essays are left for the instructor (needsEvaluation). */
export function markQuiz(questions: readonly Question[], answers: Answers): QuizMarking {
  const results = questions.map((q): QuestionResult => {
    const correct = isCorrect(q, answers[q.id]);
    return { id: q.id, correct, marks: correct ? q.marks : 0, maxMarks: q.marks };
  });
  return {
    results,
    marks: results.reduce((sum, r) => sum + r.marks, 0),
    maxMarks: results.reduce((sum, r) => sum + r.maxMarks, 0),
    needsEvaluation: results.some((r) => r.correct === null),
  };
}

/** Percentage of the maximum, rounded down; a quiz worth nothing counts as 100. */
export const percentOf = (marks: number, maxMarks: number) =>
  maxMarks <= 0 ? 100 : Math.floor((marks / maxMarks) * 100);

export const isPassed = (marks: number, maxMarks: number, passMark: number | null | undefined) =>
  percentOf(marks, maxMarks) >= (passMark ?? 0);

/** Spec §4: a quiz submission is complete at status 3 or higher. */
export const isQuizSubmissionComplete = (s: { status: number } | null | undefined) =>
  (s?.status ?? 0) >= COMPLETION_STATUS;

/** Spec §4: an assignment also needs marks. */
export const isAssignmentSubmissionComplete = (s: { status: number; marks: number | null } | null | undefined) =>
  (s?.status ?? 0) >= COMPLETION_STATUS && s?.marks != null;

/** Deterministic shuffle (mulberry32 seeded from a string), so one attempt always sees one order. */
export function seededShuffle<T>(list: readonly T[], seed: string): T[] {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Quiz settings (per quiz). timeLimit in seconds; attempts 0 = unlimited. */
export type QuizSettings = {
  attempts?: number;
  passMark?: number;
  timeLimit?: number | null;
  shuffle?: boolean;
  retake?: boolean;
};

/** Seconds of network grace the server allows past a time limit before refusing answers. */
export const TIME_LIMIT_GRACE_SECONDS = 5;

/** The moment (ms) after which the server takes no more answers for an attempt, or null without a limit. */
export const attemptDeadline = (startedAtMs: number, timeLimitSeconds: number | null | undefined) =>
  timeLimitSeconds && timeLimitSeconds > 0 ? startedAtMs + (timeLimitSeconds + TIME_LIMIT_GRACE_SECONDS) * 1000 : null;

/** Whether a student may start another attempt: retake on, and the limit (0 = none) not reached. */
export const canStartAttempt = (settings: QuizSettings, attemptsUsed: number) =>
  attemptsUsed === 0 || (Boolean(settings.retake) && (!settings.attempts || attemptsUsed < settings.attempts));

/** Average rating to one decimal (0 without reviews). */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  return Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
}
