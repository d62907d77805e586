import { describe, expect, it } from "vitest";
import type { Question } from "./quiz";
import { correctAnswerOf, studentQuestions } from "./quiz-view";

const questions: Question[] = [
  { id: "a", type: "single", prompt: "Pick", marks: 1, options: ["x", "y"], answer: 1 },
  { id: "b", type: "truefalse", prompt: "True?", marks: 1, answer: true },
  {
    id: "c",
    type: "matching",
    prompt: "Match",
    marks: 2,
    left: ["1", "2", "3", "4"],
    right: ["one", "two", "three", "four"],
  },
  { id: "d", type: "sorting", prompt: "Sort", marks: 2, items: ["p", "q", "r", "s", "t"] },
  { id: "e", type: "numeric", prompt: "2+2", marks: 1, answer: 4 },
];

describe("studentQuestions", () => {
  it("never carries an answer", () => {
    const view = studentQuestions(questions, {}, "attempt-1");
    expect(JSON.stringify(view)).not.toContain('"answer"');
    expect(view.map((q) => q.id)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("keeps one order per attempt and keeps every item", () => {
    const one = studentQuestions(questions, { shuffle: true }, "seed-1");
    expect(studentQuestions(questions, { shuffle: true }, "seed-1")).toEqual(one);
    expect(one.map((q) => q.id).sort()).toEqual(["a", "b", "c", "d", "e"]);
    const sorting = one.find((q) => q.id === "d");
    expect(sorting && "items" in sorting ? [...sorting.items].sort() : []).toEqual(["p", "q", "r", "s", "t"]);
  });
});

describe("correctAnswerOf", () => {
  it("answers in the student's shape", () => {
    expect(correctAnswerOf(questions[0])).toBe(1);
    expect(correctAnswerOf(questions[2])).toEqual(["one", "two", "three", "four"]);
    expect(correctAnswerOf(questions[3])).toEqual(["p", "q", "r", "s", "t"]);
  });
});
