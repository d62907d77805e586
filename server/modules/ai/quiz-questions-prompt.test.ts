import { describe, expect, it } from "vitest";
import { ZQuestion } from "../../../core/course-schemas";
import { QUESTION_TYPES, type QuestionType } from "../../../core/quiz";
import {
  buildQuizQuestionsPrompt,
  capText,
  DEFAULT_MARKS,
  localQuizQuestions,
  parseQuizQuestions,
  repairQuestion,
  TYPE_GUIDE,
  typePlan,
} from "./quiz-questions-prompt";

const TEXT =
  "Photosynthesis turns light into chemical energy. Plants take in carbon dioxide through their leaves. " +
  "Water rises from the roots to the leaves. Oxygen leaves the plant as a by-product. " +
  "Chlorophyll gives leaves their green colour.";
const input = (types: QuestionType[], count = 4, language = "en") => ({
  unitTitle: "How plants eat",
  text: TEXT,
  count,
  types,
  language,
});
let n = 0;
const makeId = () => `id-${++n}`;

describe("the request for questions", () => {
  it("cycles the requested types in the quiz's order, each before any repeats", () => {
    expect(typePlan(["essay", "single"], 5)).toEqual(["single", "essay", "single", "essay", "single"]);
    expect(typePlan([], 3)).toEqual(["single", "multiple", "truefalse"]);
  });

  for (const type of QUESTION_TYPES) {
    it(`explains the ${type} type with its JSON shape and marks, and no type that was not asked`, () => {
      const { system } = buildQuizQuestionsPrompt(input([type], 2));
      expect(system).toContain(TYPE_GUIDE[type]);
      expect(system).toContain(`"type":"${type}"`);
      expect(system).toContain(`${type} ${DEFAULT_MARKS[type]}`);
      expect(system).toContain(`of these types in this order: ${type}, ${type}`);
      for (const other of QUESTION_TYPES.filter((t) => t !== type)) expect(system).not.toContain(TYPE_GUIDE[other]);
    });
  }

  it("asks for the count, the language by name and one JSON object; the prompt carries the unit's text", () => {
    const { system, prompt } = buildQuizQuestionsPrompt(input(["single", "numeric", "matching"], 3, "de"));
    expect(system).toContain("exactly 3 questions");
    expect(system).toContain("in German");
    expect(system).toContain('{"questions":[…]}');
    expect(system).toContain("marks");
    expect(prompt).toBe(`Unit: How plants eat\n\n${TEXT}`);
    expect(buildQuizQuestionsPrompt(input(["essay"], 1)).system).toContain("exactly 1 question,");
  });

  it("caps a long text at a sentence end", () => {
    const long = "A sentence of some words. ".repeat(1000);
    const capped = capText(long, 12_000);
    expect(capped.length).toBeLessThanOrEqual(12_000);
    expect(capped.endsWith(".")).toBe(true);
    expect(capText("short", 100)).toBe("short");
  });
});

describe("the model's answer made into questions", () => {
  it("keeps valid questions of every type as they are, with their marks", () => {
    const answer = {
      questions: [
        { type: "single", prompt: "Which gas?", marks: 1, options: ["Oxygen", "Helium"], answer: 0 },
        { type: "multiple", prompt: "Which?", marks: 2, options: ["a", "b", "c"], answer: [0, 2] },
        { type: "truefalse", prompt: "True?", marks: 1, answer: false },
        { type: "fillblank", prompt: "Leaves are ___", marks: 1, answer: ["green"] },
        { type: "matching", prompt: "Match", marks: 3, left: ["a", "b"], right: ["1", "2"] },
        { type: "sorting", prompt: "Order", marks: 2, items: ["x", "y", "z"] },
        { type: "numeric", prompt: "How many?", marks: 1, answer: 3.5, tolerance: 0.5 },
        { type: "essay", prompt: "Explain", marks: 6 },
      ],
    };
    const qs = parseQuizQuestions(JSON.stringify(answer), { types: [...QUESTION_TYPES], count: 10, makeId });
    expect(qs.map((q) => q.type)).toEqual([...QUESTION_TYPES]);
    expect(qs.map((q) => q.marks)).toEqual([1, 2, 1, 1, 3, 2, 1, 6]);
    expect(qs[6]).toMatchObject({ answer: 3.5, tolerance: 0.5 });
    for (const q of qs) expect(ZQuestion.safeParse(q).success).toBe(true);
  });

  it("repairs answers whose intent is clear", () => {
    const opts = ["Oxygen", "Helium", "Neon"];
    expect(repairQuestion({ type: "single", prompt: "Q", options: opts, answer: "helium" }, "a")).toMatchObject({
      answer: 1,
      marks: DEFAULT_MARKS.single,
    });
    expect(repairQuestion({ type: "single", prompt: "Q", options: opts, answer: "C" }, "a")).toMatchObject({
      answer: 2,
    });
    expect(repairQuestion({ type: "single", prompt: "Q", options: opts, answer: 3 }, "a")).toMatchObject({ answer: 2 });
    expect(
      repairQuestion({ type: "multiple", prompt: "Q", options: opts, answer: ["Neon", 0, 0, "nope"] }, "a"),
    ).toMatchObject({ answer: [0, 2] });
    expect(repairQuestion({ type: "True_False", prompt: "Q", answer: "false" }, "a")).toMatchObject({
      type: "truefalse",
      answer: false,
    });
    expect(repairQuestion({ type: "fillblank", prompt: "Q", answer: " green " }, "a")).toMatchObject({
      answer: ["green"],
    });
    expect(
      repairQuestion({ type: "matching", question: "Q", pairs: [["a", "1"], { left: "b", right: "2" }] }, "a"),
    ).toMatchObject({ prompt: "Q", left: ["a", "b"], right: ["1", "2"] });
    expect(
      repairQuestion({ type: "matching", prompt: "Q", left: ["a", "b", "c"], right: ["1", "2"] }, "a"),
    ).toMatchObject({ left: ["a", "b"], right: ["1", "2"] });
    expect(repairQuestion({ type: "numeric", prompt: "Q", answer: "2,5", tolerance: -1 }, "a")).toMatchObject({
      answer: 2.5,
      tolerance: 1,
    });
    expect(repairQuestion({ type: "essay", prompt: "  Q  ", marks: 7.6, answer: "x" }, "a")).toEqual({
      id: "a",
      type: "essay",
      prompt: "Q",
      marks: 8,
    });
    const long = repairQuestion({ type: "essay", prompt: "x".repeat(6000) }, "a");
    expect(long?.prompt.length).toBe(5000);
  });

  it("drops what cannot be made valid", () => {
    const bad = [
      null,
      "text",
      { type: "poem", prompt: "Q" },
      { type: "essay", prompt: "  " },
      { type: "single", prompt: "Q", options: ["only one"], answer: 0 },
      { type: "single", prompt: "Q", options: ["a", "b"], answer: 5 },
      { type: "multiple", prompt: "Q", options: ["a", "b"], answer: [] },
      { type: "truefalse", prompt: "Q", answer: "maybe" },
      { type: "fillblank", prompt: "Q", answer: [] },
      { type: "matching", prompt: "Q", left: ["a"], right: ["1"] },
      { type: "sorting", prompt: "Q", items: ["a"] },
      { type: "numeric", prompt: "Q", answer: "many" },
    ];
    for (const raw of bad) expect(repairQuestion(raw, "a"), JSON.stringify(raw)).toBeNull();
    expect(parseQuizQuestions(JSON.stringify({ questions: bad }), { types: [], count: 10, makeId })).toEqual([]);
    expect(parseQuizQuestions("I cannot help with that.", { types: [], count: 10, makeId })).toEqual([]);
  });

  it("reads JSON inside code fences or a bare list, keeps only the asked types and at most the count", () => {
    const list = [
      { type: "essay", prompt: "One" },
      { type: "truefalse", prompt: "Two", answer: true },
      { type: "essay", prompt: "Three" },
      { type: "essay", prompt: "Four" },
    ];
    const fenced = `Here you are:\n\`\`\`json\n${JSON.stringify({ questions: list })}\n\`\`\``;
    const qs = parseQuizQuestions(fenced, { types: ["essay"], count: 2, makeId });
    expect(qs.map((q) => q.prompt)).toEqual(["One", "Three"]);
    expect(parseQuizQuestions(JSON.stringify(list), { types: [], count: 10, makeId })).toHaveLength(4);
  });
});

describe("the local stand-in", () => {
  it("answers every type validly from the text, cycling the types, the same each time", () => {
    const asked = input([...QUESTION_TYPES], 10);
    const first = localQuizQuestions(asked, 42);
    expect(localQuizQuestions(asked, 42)).toEqual(first);
    const qs = parseQuizQuestions(JSON.stringify(first), { types: [...QUESTION_TYPES], count: 10, makeId });
    expect(qs).toHaveLength(10);
    expect(qs.map((q) => q.type)).toEqual(typePlan(QUESTION_TYPES as unknown as QuestionType[], 10));
    const fill = qs.find((q) => q.type === "fillblank");
    expect(fill?.prompt).toContain("___");
    expect(TEXT.toLowerCase()).toContain((fill as { answer: string[] }).answer[0].toLowerCase());
  });

  it("stays valid for every seed and a text of one short sentence", () => {
    for (let seed = 0; seed < 40; seed++) {
      for (const text of [TEXT, "Cells divide into two cells."]) {
        const raw = localQuizQuestions({ ...input([...QUESTION_TYPES], 8), text }, seed);
        expect(raw.questions.map((q) => ZQuestion.safeParse(q).success)).toEqual(Array(8).fill(true));
      }
    }
  });
});
