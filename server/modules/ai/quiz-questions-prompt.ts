// Quiz questions from a unit's text (feature aiques): the request a language model reads, how its
// JSON answer becomes questions the quiz editor accepts (each repaired where the intent is clear,
// checked by the quiz's own schema, dropped otherwise), and the deterministic stand-in's answer.
// Pure functions: no database, no provider, no randomness but the ids the caller makes.
// The course schemas are also the REST API's, which name them with `.openapi()`: zod must be
// extended for OpenAPI before they are built, whichever module loads them first.
import "@hono/zod-openapi";
import { ZQuestion } from "../../../core/course-schemas";
import { QUESTION_TYPES, type Question, type QuestionType } from "../../../core/quiz";

/** How much of a unit's text a request carries (about 3,000 tokens). */
export const UNIT_TEXT_LIMIT = 12_000;
export const MAX_QUESTIONS = 10;

/** Marks a question of each type is worth unless the model says otherwise. */
export const DEFAULT_MARKS: Record<QuestionType, number> = {
  single: 1,
  multiple: 2,
  truefalse: 1,
  fillblank: 1,
  matching: 2,
  sorting: 2,
  numeric: 1,
  essay: 5,
};

export type QuizQuestionsInput = {
  unitTitle: string;
  /** The unit's plain text, already capped. */
  text: string;
  count: number;
  types: QuestionType[];
  /** The language the questions are written in (ISO 639-1, e.g. "de"). */
  language: string;
};

/** The requested types in the order of the questions: cycled, so each is used before any repeats. */
export function typePlan(types: readonly QuestionType[], count: number): QuestionType[] {
  const list = types.length ? QUESTION_TYPES.filter((t) => types.includes(t)) : [...QUESTION_TYPES];
  return Array.from({ length: count }, (_, i) => list[i % list.length]);
}

/** The unit's text capped at a limit, cut at a sentence or word end where one is near. */
export function capText(text: string, limit = UNIT_TEXT_LIMIT): string {
  const clean = text.trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit);
  const sentence = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"));
  if (sentence > limit * 0.8) return cut.slice(0, sentence + 1);
  const word = cut.lastIndexOf(" ");
  return word > limit * 0.8 ? cut.slice(0, word) : cut;
}

/** What each type means and its JSON shape, as the model is told. */
export const TYPE_GUIDE: Record<QuestionType, string> = {
  single:
    'single: one right option. {"type":"single","prompt":"…","marks":1,"options":["…","…","…","…"],"answer":0} — "answer" is the index (from 0) of the right option; 3 to 5 options.',
  multiple:
    'multiple: several right options. {"type":"multiple","prompt":"…","marks":2,"options":["…","…","…","…"],"answer":[0,2]} — "answer" lists the indexes (from 0) of every right option, at least one.',
  truefalse: 'truefalse: a statement that is true or false. {"type":"truefalse","prompt":"…","marks":1,"answer":true}',
  fillblank:
    'fillblank: a sentence with a gap written as ___. {"type":"fillblank","prompt":"… ___ …","marks":1,"answer":["…"]} — "answer" lists every accepted answer (short, compared without case).',
  matching:
    'matching: pairs to match. {"type":"matching","prompt":"…","marks":2,"left":["…","…","…"],"right":["…","…","…"]} — left[i] matches right[i]; 3 to 5 pairs, the same number on both sides.',
  sorting:
    'sorting: items to put in order. {"type":"sorting","prompt":"…","marks":2,"items":["…","…","…","…"]} — "items" in the correct order; 3 to 6 items.',
  numeric:
    'numeric: a number as the answer. {"type":"numeric","prompt":"…","marks":1,"answer":42,"tolerance":0} — "tolerance" is how far off an answer may be and still count.',
  essay: 'essay: an open question the instructor marks. {"type":"essay","prompt":"…","marks":5} — no answer field.',
};

/** The language's name in English ("German"), for the instructions; the code itself if unknown. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The instructions and the content of one request for questions. */
export function buildQuizQuestionsPrompt(input: QuizQuestionsInput): { system: string; prompt: string } {
  const plan = typePlan(input.types, input.count);
  const used = QUESTION_TYPES.filter((t) => plan.includes(t));
  const system = [
    "You write quiz questions for an online course, from the text of one of its units.",
    `Write exactly ${plan.length} question${plan.length === 1 ? "" : "s"}, of these types in this order: ${plan.join(", ")}.`,
    "Every question is answered by the unit's text alone; the right answer is unambiguous; wrong options are plausible.",
    "Give each question marks: a whole number from 1 to 10 that reflects its effort (suggested: " +
      used.map((t) => `${t} ${DEFAULT_MARKS[t]}`).join(", ") +
      ").",
    `Write the questions, options and answers in ${languageName(input.language)}.`,
    "The types and their JSON shapes:",
    ...used.map((t) => `- ${TYPE_GUIDE[t]}`),
    'Answer with one JSON object and nothing else: {"questions":[…]}.',
  ].join("\n");
  const prompt = `Unit: ${input.unitTitle.trim()}\n\n${input.text}`;
  return { system, prompt };
}

// ---- The model's answer → questions -------------------------------------------------------------

const PROMPT_MAX = 5000;
const OPTION_MAX = 1000;
const LIST_MAX = 20;

const str = (v: unknown, max = OPTION_MAX): string | null => {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return null;
  const s = v.replace(/\s+/g, " ").trim();
  return s ? s.slice(0, max) : null;
};

/** A list of distinct non-empty texts (a lone text counts as a list of one). */
const texts = (v: unknown, distinct = true): string[] => {
  const raw = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  const out: string[] = [];
  for (const item of raw) {
    const s = str(item);
    if (s && !(distinct && out.some((o) => o.toLowerCase() === s.toLowerCase()))) out.push(s);
  }
  return out.slice(0, LIST_MAX);
};

const num = (v: unknown): number | null => {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() !== "") {
    const n = Number(v.trim().replace(",", "."));
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

/** An option given by index (0-based, or 1-based when it can only be that), by letter or by its text. */
function optionIndex(v: unknown, options: string[]): number | null {
  const n = typeof v === "number" ? v : null;
  if (n !== null && Number.isInteger(n)) {
    if (n >= 0 && n < options.length) return n;
    if (n === options.length) return n - 1;
    return null;
  }
  const s = str(v);
  if (!s) return null;
  const byText = options.findIndex((o) => o.toLowerCase() === s.toLowerCase());
  if (byText >= 0) return byText;
  if (/^[A-Ta-t]$/.test(s)) {
    const i = s.toUpperCase().charCodeAt(0) - 65;
    return i < options.length ? i : null;
  }
  if (/^\d+$/.test(s)) return optionIndex(Number(s), options);
  return null;
}

const bool = (v: unknown): boolean | null => {
  if (typeof v === "boolean") return v;
  const s = typeof v === "string" ? v.trim().toLowerCase() : null;
  if (s === "true") return true;
  if (s === "false") return false;
  return null;
};

/** Left and right columns from "left"/"right" lists or from "pairs" ([l, r] or {left, right}). */
function columns(raw: Record<string, unknown>): { left: string[]; right: string[] } {
  if (Array.isArray(raw.pairs)) {
    const left: string[] = [];
    const right: string[] = [];
    for (const p of raw.pairs) {
      const [l, r] = Array.isArray(p)
        ? [str(p[0]), str(p[1])]
        : p && typeof p === "object"
          ? [str((p as Record<string, unknown>).left), str((p as Record<string, unknown>).right)]
          : [null, null];
      if (l && r) {
        left.push(l);
        right.push(r);
      }
    }
    return { left, right };
  }
  const left = texts(raw.left, false);
  const right = texts(raw.right, false);
  const n = Math.min(left.length, right.length);
  return { left: left.slice(0, n), right: right.slice(0, n) };
}

/**
 * One question of the model's answer made into a question of the quiz, or null when it cannot be:
 * fields of its type only, texts trimmed and capped, answers given by text or letter turned into
 * indexes, marks a whole number (the type's default when missing), and the quiz's own schema passed.
 */
export function repairQuestion(raw: unknown, id: string): Question | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const type =
    typeof r.type === "string"
      ? r.type
          .trim()
          .toLowerCase()
          .replace(/[\s_-]/g, "")
      : "";
  if (!(QUESTION_TYPES as readonly string[]).includes(type)) return null;
  const t = type as QuestionType;
  const prompt = str(r.prompt ?? r.question ?? r.text, PROMPT_MAX);
  if (!prompt) return null;
  const m = num(r.marks ?? r.points);
  const marks = m === null || m < 0 ? DEFAULT_MARKS[t] : Math.min(1000, Math.round(m));
  const base = { id, prompt, marks };
  let q: unknown;
  switch (t) {
    case "single": {
      const options = texts(r.options);
      const answer = optionIndex(Array.isArray(r.answer) ? r.answer[0] : r.answer, options);
      q = { ...base, type: t, options, answer };
      break;
    }
    case "multiple": {
      const options = texts(r.options);
      const given = Array.isArray(r.answer) ? r.answer : [r.answer];
      const answer = [
        ...new Set(given.map((a) => optionIndex(a, options)).filter((a): a is number => a !== null)),
      ].sort((a, b) => a - b);
      q = { ...base, type: t, options, answer };
      break;
    }
    case "truefalse":
      q = { ...base, type: t, answer: bool(r.answer) };
      break;
    case "fillblank":
      q = { ...base, type: t, answer: texts(r.answer ?? r.answers) };
      break;
    case "matching":
      q = { ...base, type: t, ...columns(r) };
      break;
    case "sorting":
      q = { ...base, type: t, items: texts(r.items ?? r.options) };
      break;
    case "numeric": {
      const tolerance = num(r.tolerance);
      q = {
        ...base,
        type: t,
        answer: num(r.answer),
        ...(tolerance !== null && { tolerance: Math.abs(tolerance) }),
      };
      break;
    }
    case "essay":
      q = { ...base, type: t };
      break;
  }
  const checked = ZQuestion.safeParse(q);
  return checked.success ? ({ ...checked.data, id } as Question) : null;
}

/** The JSON value of a model's answer: the whole text, or the object or list inside code fences or prose. */
function jsonOf(text: string): unknown {
  const attempts = [text.trim()];
  const fenced = text.match(/```(?:json)?\s*([\s\S]*?)```/i);
  if (fenced) attempts.push(fenced[1].trim());
  const obj = [text.indexOf("{"), text.lastIndexOf("}")];
  if (obj[0] >= 0 && obj[1] > obj[0]) attempts.push(text.slice(obj[0], obj[1] + 1));
  const arr = [text.indexOf("["), text.lastIndexOf("]")];
  if (arr[0] >= 0 && arr[1] > arr[0]) attempts.push(text.slice(arr[0], arr[1] + 1));
  for (const a of attempts) {
    try {
      return JSON.parse(a);
    } catch {
      // the next reading
    }
  }
  return null;
}

/**
 * The questions of a model's answer that the quiz accepts, of the requested types only, at most
 * `count` of them. `makeId` names each (the editor keeps the id when the quiz is saved).
 */
export function parseQuizQuestions(
  text: string,
  opts: { types: readonly QuestionType[]; count: number; makeId: (i: number) => string },
): Question[] {
  const value = jsonOf(text);
  const list = Array.isArray(value)
    ? value
    : value && typeof value === "object" && Array.isArray((value as { questions?: unknown }).questions)
      ? (value as { questions: unknown[] }).questions
      : [];
  const wanted = opts.types.length ? opts.types : QUESTION_TYPES;
  const out: Question[] = [];
  for (const raw of list) {
    if (out.length >= opts.count) break;
    const q = repairQuestion(raw, opts.makeId(out.length));
    if (q && wanted.includes(q.type)) out.push(q);
  }
  return out;
}

// ---- The local stand-in ------------------------------------------------------------------------

/** Words the stand-in offers as wrong options when the text has too few of its own. */
const FILLERS = ["harbour", "lantern", "meadow", "orbit", "pebble", "quartz", "saddle", "velvet"];

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+|\n+/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.split(" ").length >= 3);
}

function wordsOf(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of text.match(/\p{L}[\p{L}\p{M}'-]*/gu) ?? []) {
    const key = w.toLowerCase();
    if (w.length >= 4 && !seen.has(key)) {
      seen.add(key);
      out.push(w);
    }
  }
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The sentence with the whole word (not a part of a longer one) left out. */
const blank = (sentence: string, word: string) =>
  sentence.replace(new RegExp(`(?<![\\p{L}\\p{M}])${escapeRe(word)}(?![\\p{L}\\p{M}])`, "u"), "___");
const rotate = <T>(list: T[], by: number) => list.map((_, i) => list[(i + by) % list.length]);

/**
 * The stand-in's answer: questions built from the text's sentences and words, cycling the requested
 * types, every one valid (tests and the demo get the same questions for the same unit).
 */
export function localQuizQuestions(input: QuizQuestionsInput, seed: number): { questions: Record<string, unknown>[] } {
  const sentences = sentencesOf(input.text);
  const words = wordsOf(input.text);
  const fillers = FILLERS.filter((f) => !words.some((w) => w.toLowerCase() === f));
  const pool = [...words, ...fillers];
  const sentenceAt = (i: number) =>
    sentences.length ? sentences[(seed + i) % sentences.length] : `${input.unitTitle} ${pool.slice(0, 3).join(" ")}.`;
  const wordIn = (sentence: string, i: number) => {
    const own = wordsOf(sentence);
    return own.length ? own[(seed + i) % own.length] : pool[i % pool.length];
  };
  const others = (not: string, n: number, i: number) =>
    rotate(
      pool.filter((w) => w.toLowerCase() !== not.toLowerCase()),
      (seed + i) % Math.max(1, pool.length - 1),
    ).slice(0, n);
  const questions = typePlan(input.types, input.count).map((type, i) => {
    const sentence = sentenceAt(i);
    const word = wordIn(sentence, i);
    const marks = DEFAULT_MARKS[type];
    switch (type) {
      case "single": {
        const options = rotate([word, ...others(word, 3, i)], (seed + i) % 4);
        return {
          type,
          marks,
          prompt: `Which word completes the sentence? "${blank(sentence, word)}"`,
          options,
          answer: options.indexOf(word),
        };
      }
      case "multiple": {
        const inText = words.length >= 2 ? rotate(words, (seed + i) % words.length).slice(0, 2) : [word];
        const options = rotate([...inText, ...fillers.slice(i % 4, (i % 4) + 2)], (seed + i) % 4);
        return {
          type,
          marks,
          prompt: `Which of these words appear in "${input.unitTitle}"?`,
          options,
          answer: inText.map((w) => options.indexOf(w)).sort((a, b) => a - b),
        };
      }
      case "truefalse":
        return { type, marks, prompt: `True or false: "${sentence}"`, answer: true };
      case "fillblank":
        return { type, marks, prompt: `Fill in the blank: "${blank(sentence, word)}"`, answer: [word] };
      case "matching": {
        if (sentences.length >= 2) {
          const picked = rotate(sentences, (seed + i) % sentences.length).slice(0, 3);
          const halves = picked.map((s) => {
            const w = s.split(" ");
            const at = Math.ceil(w.length / 2);
            return [`${w.slice(0, at).join(" ")} …`, `… ${w.slice(at).join(" ")}`];
          });
          return {
            type,
            marks,
            prompt: "Match the beginning of each sentence with its end.",
            left: halves.map((h) => h[0]),
            right: halves.map((h) => h[1]),
          };
        }
        const picked = rotate(pool, (seed + i) % pool.length).slice(0, 3);
        return {
          type,
          marks,
          prompt: "Match each word with the number of its letters.",
          left: picked,
          right: picked.map((w) => String(w.length)),
        };
      }
      case "sorting":
        return {
          type,
          marks,
          prompt: `Put these words in the order they first appear in "${input.unitTitle}".`,
          items: (words.length >= 2 ? words : pool).slice((seed + i) % Math.max(1, words.length - 3)).slice(0, 4),
        };
      case "numeric":
        return {
          type,
          marks,
          prompt: `How many words does this sentence have? "${sentence}"`,
          answer: sentence.split(" ").length,
          tolerance: 0,
        };
      default:
        return { type, marks, prompt: `In your own words, explain: "${sentence}"` };
    }
  });
  return { questions };
}
