import { describe, expect, it } from "vitest";
import {
  attemptDeadline,
  averageRating,
  canStartAttempt,
  isAssignmentSubmissionComplete,
  isCorrect,
  isPassed,
  isQuizSubmissionComplete,
  markQuiz,
  percentOf,
  type Question,
  seededShuffle,
} from "./quiz";

const questions: Question[] = [
  { id: "s", type: "single", prompt: "2+2", marks: 1, options: ["3", "4"], answer: 1 },
  { id: "m", type: "multiple", prompt: "even", marks: 2, options: ["1", "2", "4"], answer: [1, 2] },
  { id: "t", type: "truefalse", prompt: "sky is blue", marks: 1, answer: true },
  { id: "f", type: "fillblank", prompt: "capital of France", marks: 1, answer: ["Paris"] },
  { id: "x", type: "matching", prompt: "match", marks: 2, left: ["a", "b"], right: ["A", "B"] },
  { id: "o", type: "sorting", prompt: "order", marks: 1, items: ["1", "2", "3"] },
  { id: "n", type: "numeric", prompt: "pi", marks: 1, answer: 3.14, tolerance: 0.01 },
  { id: "e", type: "essay", prompt: "why", marks: 5 },
];

describe("quiz marking", () => {
  it("marks each automatic type right and wrong", () => {
    const q = Object.fromEntries(questions.map((x) => [x.id, x]));
    expect(isCorrect(q.s, 1)).toBe(true);
    expect(isCorrect(q.s, 0)).toBe(false);
    expect(isCorrect(q.m, [2, 1])).toBe(true);
    expect(isCorrect(q.m, [1])).toBe(false);
    expect(isCorrect(q.t, true)).toBe(true);
    expect(isCorrect(q.t, false)).toBe(false);
    expect(isCorrect(q.f, "  paris ")).toBe(true);
    expect(isCorrect(q.f, "Lyon")).toBe(false);
    expect(isCorrect(q.x, ["A", "B"])).toBe(true);
    expect(isCorrect(q.x, ["B", "A"])).toBe(false);
    expect(isCorrect(q.o, ["1", "2", "3"])).toBe(true);
    expect(isCorrect(q.o, ["2", "1", "3"])).toBe(false);
    expect(isCorrect(q.n, "3.145")).toBe(true);
    expect(isCorrect(q.n, 3.2)).toBe(false);
    expect(isCorrect(q.n, "")).toBe(false);
    expect(isCorrect(q.s, undefined)).toBe(false);
  });
  it("leaves essays to the instructor", () => {
    const all = markQuiz(questions, {
      s: 1,
      m: [1, 2],
      t: true,
      f: "Paris",
      x: ["A", "B"],
      o: ["1", "2", "3"],
      n: 3.14,
    });
    expect(all.marks).toBe(9);
    expect(all.maxMarks).toBe(14);
    expect(all.needsEvaluation).toBe(true);
    expect(all.results.find((r) => r.id === "e")?.correct).toBeNull();
    const auto = markQuiz(questions.slice(0, 3), { s: 0 });
    expect(auto).toMatchObject({ marks: 0, maxMarks: 4, needsEvaluation: false });
  });
  it("passes at the pass mark percentage, rounded down", () => {
    expect(percentOf(2, 3)).toBe(66);
    expect(isPassed(2, 3, 66)).toBe(true);
    expect(isPassed(2, 3, 67)).toBe(false);
    expect(isPassed(0, 0, 80)).toBe(true);
  });
});

describe("submissions (spec §4: status 3 or higher is complete; an assignment also needs marks)", () => {
  it("applies the threshold", () => {
    expect(isQuizSubmissionComplete({ status: 2 })).toBe(false);
    expect(isQuizSubmissionComplete({ status: 3 })).toBe(true);
    expect(isQuizSubmissionComplete({ status: 4 })).toBe(true);
    expect(isQuizSubmissionComplete(null)).toBe(false);
    expect(isAssignmentSubmissionComplete({ status: 3, marks: null })).toBe(false);
    expect(isAssignmentSubmissionComplete({ status: 3, marks: 0 })).toBe(true);
    expect(isAssignmentSubmissionComplete({ status: 2, marks: 10 })).toBe(false);
  });
});

describe("attempts and time limits", () => {
  it("allows the first attempt, then retakes up to the limit (0 = unlimited)", () => {
    expect(canStartAttempt({}, 0)).toBe(true);
    expect(canStartAttempt({ retake: false }, 1)).toBe(false);
    expect(canStartAttempt({ retake: true, attempts: 2 }, 1)).toBe(true);
    expect(canStartAttempt({ retake: true, attempts: 2 }, 2)).toBe(false);
    expect(canStartAttempt({ retake: true, attempts: 0 }, 50)).toBe(true);
  });
  it("ends a timed attempt on the server after the limit and a 5 s grace", () => {
    expect(attemptDeadline(1000, 60)).toBe(1000 + 65_000);
    expect(attemptDeadline(1000, null)).toBeNull();
    expect(attemptDeadline(1000, 0)).toBeNull();
  });
});

describe("seededShuffle and ratings", () => {
  it("gives one order per seed and keeps every element", () => {
    const list = Array.from({ length: 20 }, (_, i) => i);
    const a = seededShuffle(list, "attempt-1");
    expect(seededShuffle(list, "attempt-1")).toEqual(a);
    expect(seededShuffle(list, "attempt-2")).not.toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(list);
  });
  it("averages ratings to one decimal", () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([5, 4, 4])).toBe(4.3);
  });
});
