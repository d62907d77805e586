// What the course assistant asks a model, and how its answers are read (pure functions, no I/O).
// A course draft is asked for as plain JSON (outcomes, requirements, paragraphs, an outline) and the
// description's HTML is built here under the template's own headings (spec §9), so the draft always
// has the three sections whatever the model writes. The model's JSON is repaired where it is only
// loosely written (code fences, trailing commas, other key names) and capped; an answer with no
// outline in it is refused. The prompts carry the course's title, the brief and the unit's text:
// this site's content, never a member's name or address.
import { COURSE_TEMPLATE_SECTIONS, type CourseTemplateSection } from "../../../core/course-template";

export const DRAFT_MAX_SECTIONS = 12;
export const DRAFT_MAX_UNITS = 15;
export const BRIEF_MAX_CHARS = 2000;
export const TITLE_MAX_CHARS = 200;
export const SUMMARY_MAX_CHARS = 500;
/** Outcomes and requirements kept under their headings. */
const LIST_MAX = 10;
const PARAGRAPHS_MAX = 8;
const PARAGRAPH_MAX_CHARS = 2000;

export const COURSE_DRAFT_TASK = "course-draft";
export const UNIT_REWRITE_TASK = "unit-rewrite";

export type TemplateHeadings = Record<CourseTemplateSection, string>;
export type OutlineUnit = { title: string; summary: string };
export type OutlineSection = { title: string; units: OutlineUnit[] };
/** What a "course-draft" task gives the screen: the description's HTML and the outline. */
export type CourseDraft = { description: string; sections: OutlineSection[] };
/** What the model is asked to answer (and the local stand-in answers). */
export type CourseDraftAnswer = {
  learn: string[];
  requirements: string[];
  description: string[];
  sections: OutlineSection[];
};
export type RewriteMode = "rewrite" | "shorten";

/** The answer could not be read: the task fails with this message and nothing is written. */
export class DraftFormatError extends Error {
  constructor(
    message: string,
    /** No object at all (`outline_unreadable`), or one without sections (`outline_missing`). */
    readonly reason: "outline_unreadable" | "outline_missing",
  ) {
    super(message);
    this.name = "DraftFormatError";
  }
}

/** The language's English name, for instructions ("Write in German"); the code when unknown. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Plain text of a model's string: no tags, no markdown emphasis, one line, at most `max` characters. */
function plain(value: unknown, max: number): string {
  if (typeof value !== "string" && typeof value !== "number") return "";
  return String(value)
    .replace(/<[^>]*>/g, " ")
    .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "")
    .replace(/\*\*|__|`/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

export type TextRequestParts = {
  task: string;
  system: string;
  prompt: string;
  input: Record<string, unknown>;
  json?: boolean;
  maxTokens?: number;
};

/** The request for a course description and outline from a title and the instructor's brief. */
export function courseDraftRequest(
  input: { title: string; brief: string; language: string },
  headings: TemplateHeadings,
): TextRequestParts {
  const lang = languageName(input.language);
  const system = [
    "You help an instructor plan an online course. From the course title and the instructor's brief,",
    "write a first draft of the course description and an outline of sections and units that the",
    "instructor will review and edit.",
    `Write every text in ${lang}.`,
    "Answer with one JSON object only, no prose and no markdown, of this shape:",
    '{"learn": ["…"], "requirements": ["…"], "description": ["…"], "sections": [{"title": "…", "units": [{"title": "…", "summary": "…"}]}]}',
    `- "learn": 3 to 8 short outcomes for the heading "${headings.learn}".`,
    `- "requirements": 0 to 5 short items for the heading "${headings.requirements}" (empty when none are needed).`,
    `- "description": 2 to 4 paragraphs of plain text for the heading "${headings.description}".`,
    `- "sections": at most ${DRAFT_MAX_SECTIONS} sections in teaching order, each with at most ${DRAFT_MAX_UNITS} units.`,
    "- Titles are short (under 80 characters); a unit's summary is one or two sentences about what it teaches.",
    "- Plain text only inside the strings: no HTML, no markdown. Invent no facts about the instructor.",
  ].join("\n");
  const prompt = `Course title: ${input.title.trim()}\n\nThe instructor's brief:\n${input.brief.trim().slice(0, BRIEF_MAX_CHARS)}`;
  return {
    task: COURSE_DRAFT_TASK,
    system,
    prompt,
    input: { title: input.title, brief: input.brief, language: input.language },
    json: true,
    maxTokens: 4000,
  };
}

/** The request to rewrite or shorten a unit's text, keeping its structure. */
export function unitRewriteRequest(input: { html: string; mode: RewriteMode; language: string }): TextRequestParts {
  const lang = languageName(input.language);
  const what =
    input.mode === "shorten"
      ? "Shorten the text of a course unit to about half its length, keeping what a student must learn."
      : "Rewrite the text of a course unit so that it reads clearly and plainly, keeping its meaning and about its length.";
  const system = [
    what,
    `Write in ${lang}.`,
    "The text is HTML from a rich-text editor. Keep its headings, lists, links, images and embedded media",
    "where they are; change only the wording. Answer with the HTML of the new text only: no explanation,",
    "no code fences, no <html> or <body>.",
  ].join("\n");
  return {
    task: UNIT_REWRITE_TASK,
    system,
    prompt: input.html,
    input: { html: input.html, mode: input.mode, language: input.language },
    maxTokens: input.mode === "shorten" ? 2000 : 4000,
  };
}

/** The first JSON object in a model's answer, read leniently (fences, prose around it, trailing commas). */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  const unfenced = text.replace(/```(?:json)?/gi, "");
  const start = unfenced.indexOf("{");
  const end = unfenced.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  const body = unfenced.slice(start, end + 1);
  const attempts = [
    body,
    body.replace(/,\s*([}\]])/g, "$1"),
    body.replace(/[\u201c\u201d]/g, '"').replace(/,\s*([}\]])/g, "$1"),
  ];
  for (const attempt of attempts) {
    try {
      const value = JSON.parse(attempt);
      if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Next, more forgiving, reading.
    }
  }
  return null;
}

const pick = (obj: Record<string, unknown>, keys: string[]): unknown => {
  for (const k of keys) if (obj[k] !== undefined && obj[k] !== null) return obj[k];
  return undefined;
};

/** A list of short texts from an array, or from a string of lines. */
function texts(value: unknown, max: number, each: number): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(/\n+/) : [];
  return list
    .map((v) => plain(v, each))
    .filter(Boolean)
    .slice(0, max);
}

function paragraphs(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(/\n\s*\n/) : [];
  return list
    .map((v) => plain(v, PARAGRAPH_MAX_CHARS))
    .filter(Boolean)
    .slice(0, PARAGRAPHS_MAX);
}

function unitOf(value: unknown): OutlineUnit | null {
  if (typeof value === "string") {
    const title = plain(value, TITLE_MAX_CHARS);
    return title ? { title, summary: "" } : null;
  }
  if (!value || typeof value !== "object") return null;
  const u = value as Record<string, unknown>;
  const title = plain(pick(u, ["title", "name", "heading"]), TITLE_MAX_CHARS);
  if (!title) return null;
  return { title, summary: plain(pick(u, ["summary", "description", "about", "content"]), SUMMARY_MAX_CHARS) };
}

function sectionOf(value: unknown): OutlineSection | null {
  if (typeof value === "string") {
    const title = plain(value, TITLE_MAX_CHARS);
    return title ? { title, units: [] } : null;
  }
  if (!value || typeof value !== "object") return null;
  const s = value as Record<string, unknown>;
  const title = plain(pick(s, ["title", "name", "heading"]), TITLE_MAX_CHARS);
  if (!title) return null;
  const raw = pick(s, ["units", "lessons", "items", "lectures"]);
  const units = (Array.isArray(raw) ? raw : [])
    .map(unitOf)
    .filter((u): u is OutlineUnit => u !== null)
    .slice(0, DRAFT_MAX_UNITS);
  return { title, units };
}

/**
 * The model's answer as a draft answer: repaired where it is loosely written, capped (sections,
 * units, lengths). Throws DraftFormatError when there is no object or no outline in it.
 */
export function readCourseDraftAnswer(text: string): CourseDraftAnswer {
  const obj = parseJsonObject(text);
  if (!obj)
    throw new DraftFormatError(
      "The AI assistant's answer could not be read as a course outline. Nothing was changed; try again.",
      "outline_unreadable",
    );
  // A model that nests the three description parts under "description" is read the same way.
  const nested =
    obj.description && typeof obj.description === "object" && !Array.isArray(obj.description)
      ? (obj.description as Record<string, unknown>)
      : null;
  const from = nested ? { ...obj, ...nested } : obj;
  const rawSections = pick(obj, ["sections", "outline", "modules", "chapters", "curriculum"]);
  const sections = (Array.isArray(rawSections) ? rawSections : [])
    .map(sectionOf)
    .filter((s): s is OutlineSection => s !== null)
    .slice(0, DRAFT_MAX_SECTIONS);
  if (sections.length === 0) {
    throw new DraftFormatError(
      "The AI assistant's answer had no outline of sections in it. Nothing was changed; try again.",
      "outline_missing",
    );
  }
  return {
    learn: texts(
      pick(from, ["learn", "whatYouWillLearn", "what_you_will_learn", "outcomes", "objectives"]),
      LIST_MAX,
      300,
    ),
    requirements: texts(pick(from, ["requirements", "prerequisites"]), LIST_MAX, 300),
    description: paragraphs(
      nested ? pick(nested, ["description", "text", "paragraphs"]) : pick(obj, ["description", "about", "paragraphs"]),
    ),
    sections,
  };
}

/** The description's HTML: the template's three headings, each with what the draft put under it. */
export function draftDescriptionHtml(
  answer: Pick<CourseDraftAnswer, "learn" | "requirements" | "description">,
  headings: TemplateHeadings,
): string {
  const list = (items: string[]) =>
    items.length ? `<ul>${items.map((i) => `<li><p>${escapeHtml(i)}</p></li>`).join("")}</ul>` : "<p></p>";
  const body: Record<CourseTemplateSection, string> = {
    learn: list(answer.learn),
    requirements: list(answer.requirements),
    description: answer.description.length
      ? answer.description.map((p) => `<p>${escapeHtml(p)}</p>`).join("")
      : "<p></p>",
  };
  return COURSE_TEMPLATE_SECTIONS.map((s) => `<h2>${escapeHtml(headings[s])}</h2>${body[s]}`).join("");
}

/** The model's rewritten text: the HTML without code fences or a document wrapper around it. */
export function readRewriteAnswer(text: string): string {
  let html = text.trim();
  const fenced = html.match(/^```[a-z]*\s*\n?([\s\S]*?)\n?```$/i);
  if (fenced) html = fenced[1].trim();
  const body = html.match(/<body[^>]*>([\s\S]*?)<\/body>/i);
  if (body) html = body[1].trim();
  // Plain text without any tag becomes paragraphs.
  if (html && !/<[a-z][^>]*>/i.test(html)) {
    html = html
      .split(/\n\s*\n/)
      .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
      .join("");
  }
  return html;
}

/** The visible text of HTML (for comparing lengths). */
export function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

// ——— The local stand-in's answers (deterministic: the same request gets the same draft) ———

const STOP = new Set(
  (
    "about above after again also and any are because been before being between both but can could does doing " +
    "down during each from further have having here how into just like more most much must need needs only other " +
    "ought over same should some such than that their them then there these they this those through under until " +
    "very want what when where which while will with would your yours course courses learn learning students " +
    "student teach teaching lesson lessons unit units people everyone anyone things thing make makes made using"
  ).split(" "),
);

/** The brief's telling words, in order, each once (words of four letters or more, no filler). */
export function keywordsOf(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}][\p{L}\p{M}'-]*/gu)) {
    const w = m[0].replace(/^'+|'+$/g, "");
    if (w.length < 4 || STOP.has(w) || seen.has(w)) continue;
    seen.add(w);
    out.push(w);
  }
  return out;
}

const cap = (s: string) => (s ? `${s[0].toUpperCase()}${s.slice(1)}` : s);
const SECTION_NAMES = [
  (k: string) => `${cap(k)} basics`,
  (k: string) => `${cap(k)} in practice`,
  (k: string) => `${cap(k)} step by step`,
  (k: string) => `Working with ${k}`,
];
const UNIT_NAMES = [
  (k: string) => `What ${k} is about`,
  (k: string) => `A first example of ${k}`,
  (k: string) => `Common mistakes with ${k}`,
  (k: string) => `Practice: ${k}`,
  (k: string) => `Review of ${k}`,
];

/** The stand-in's course draft: sections named from the brief's words, two to four units each. */
export function localCourseDraft(input: { title: string; brief: string }, seed: number): CourseDraftAnswer {
  const title = input.title.trim() || "This course";
  let words = keywordsOf(input.brief);
  if (words.length < 2) words = [...words, ...keywordsOf(title).filter((w) => !words.includes(w))];
  if (words.length === 0) words = ["basics"];
  const count = Math.min(words.length, 3 + (seed % 3));
  const picked = words.slice(0, count);
  const sections = picked.map((k, i) => {
    const units = 2 + ((seed >> (i + 2)) % 3);
    return {
      title: SECTION_NAMES[(seed + i) % SECTION_NAMES.length](k),
      units: Array.from({ length: units }, (_, n) => ({
        title: UNIT_NAMES[n % UNIT_NAMES.length](k),
        summary: `How ${k} fits into ${title}, with a short exercise.`,
      })),
    };
  });
  const firstSentence = input.brief.trim().split(/(?<=[.!?])\s+/)[0] ?? "";
  return {
    learn: picked.map((k) => `Understand ${k} and use it with confidence`),
    requirements: ["No prior experience is needed."],
    description: [
      `${title} is a practical course${firstSentence ? `: ${firstSentence.replace(/[.!?]+$/, "")}` : ""}.`,
      `It covers ${picked.join(", ")}, one step at a time, with exercises after each unit.`,
    ],
    sections,
  };
}

const SYNONYMS: Record<string, string> = {
  use: "apply",
  uses: "applies",
  used: "applied",
  start: "begin",
  starts: "begins",
  show: "demonstrate",
  shows: "demonstrates",
  important: "essential",
  easy: "simple",
  big: "large",
  help: "support",
  helps: "supports",
  get: "obtain",
  make: "create",
  makes: "creates",
  need: "require",
  needs: "requires",
  try: "attempt",
  find: "discover",
  look: "examine",
  very: "truly",
  many: "numerous",
  often: "frequently",
  quick: "fast",
  quickly: "rapidly",
  first: "initial",
};

/** Applies `fn` to the text between tags, leaving the tags as they are. */
const mapText = (html: string, fn: (text: string) => string) =>
  html.replace(/(^|>)([^<]+)(?=<|$)/g, (_, open: string, text: string) => `${open}${fn(text)}`);

/** The stand-in's rewrite: the same blocks in other words. */
export function localRewrite(html: string): string {
  const out = mapText(html, (text) =>
    text.replace(/\p{L}+/gu, (w) => {
      const to = SYNONYMS[w.toLowerCase()];
      if (!to) return w;
      return w[0] === w[0].toUpperCase() ? cap(to) : to;
    }),
  );
  if (out !== html) return out;
  // Nothing to swap: the first paragraph gets a closing line in other words.
  const withLine = out.replace(/<\/p>/i, " In short, this is the idea to keep in mind.</p>");
  return withLine !== out ? withLine : `${out}<p>In short, this is the idea to keep in mind.</p>`;
}

/** The stand-in's shortening: each paragraph to its first sentence, lists to three items; always shorter. */
export function localShorten(html: string): string {
  const before = textOfHtml(html).length;
  let out = html.replace(/<p>([\s\S]*?)<\/p>/gi, (_, inner: string) => {
    const sentences = inner.split(/(?<=[.!?])\s+/);
    return `<p>${sentences[0]}</p>`;
  });
  out = out.replace(/<(ul|ol)>([\s\S]*?)<\/\1>/gi, (_, tag: string, inner: string) => {
    const items = inner.match(/<li>[\s\S]*?<\/li>/gi) ?? [];
    return `<${tag}>${items.slice(0, 3).join("")}</${tag}>`;
  });
  if (textOfHtml(out).length < before) return out;
  // One sentence per paragraph already: half of each paragraph's words.
  out = out.replace(/<p>([^<]*)<\/p>/gi, (_, inner: string) => {
    const words = inner.trim().split(/\s+/);
    return words.length > 3 ? `<p>${words.slice(0, Math.ceil(words.length / 2)).join(" ")}…</p>` : `<p>${inner}</p>`;
  });
  if (textOfHtml(out).length < before) return out;
  const text = textOfHtml(html);
  return `<p>${escapeHtml(text.slice(0, Math.max(1, Math.floor(text.length / 2))).trim())}…</p>`;
}
