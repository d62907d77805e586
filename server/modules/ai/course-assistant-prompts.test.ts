import { describe, expect, it } from "vitest";
import { seedOf } from "../../ai/local";
import {
  courseDraftRequest,
  DRAFT_MAX_SECTIONS,
  DRAFT_MAX_UNITS,
  DraftFormatError,
  draftDescriptionHtml,
  keywordsOf,
  localCourseDraft,
  localRewrite,
  localShorten,
  parseJsonObject,
  readCourseDraftAnswer,
  readRewriteAnswer,
  textOfHtml,
  unitRewriteRequest,
} from "./course-assistant-prompts";

const headings = { learn: "Was Sie lernen", requirements: "Voraussetzungen", description: "Beschreibung" };

describe("courseDraftRequest", () => {
  const req = courseDraftRequest(
    { title: "Sourdough at home", brief: "Bread baking for beginners: starter, dough, baking.", language: "de" },
    headings,
  );

  it("names the three template sections, in the course's language, and asks for JSON", () => {
    for (const h of Object.values(headings)) expect(req.system).toContain(`"${h}"`);
    expect(req.system).toContain("Write every text in German");
    expect(req.json).toBe(true);
    expect(req.task).toBe("course-draft");
  });

  it("states the caps on sections and units", () => {
    expect(req.system).toContain(`at most ${DRAFT_MAX_SECTIONS} sections`);
    expect(req.system).toContain(`at most ${DRAFT_MAX_UNITS} units`);
  });

  it("carries the title and the brief, cut at 2,000 characters, and nothing else", () => {
    expect(req.prompt).toContain("Sourdough at home");
    expect(req.prompt).toContain("Bread baking for beginners");
    const long = courseDraftRequest({ title: "T", brief: "x".repeat(5000), language: "en" }, headings);
    expect(long.prompt.length).toBeLessThan(2100);
    expect(req.input).toEqual({
      title: "Sourdough at home",
      brief: "Bread baking for beginners: starter, dough, baking.",
      language: "de",
    });
  });
});

describe("unitRewriteRequest", () => {
  it("asks to shorten or to rewrite, keeping the HTML's structure", () => {
    const short = unitRewriteRequest({ html: "<p>Hi</p>", mode: "shorten", language: "fr" });
    const again = unitRewriteRequest({ html: "<p>Hi</p>", mode: "rewrite", language: "fr" });
    expect(short.system).toMatch(/Shorten/);
    expect(again.system).toMatch(/Rewrite/);
    expect(short.system).toContain("Write in French");
    expect(short.prompt).toBe("<p>Hi</p>");
    expect(short.input).toEqual({ html: "<p>Hi</p>", mode: "shorten", language: "fr" });
  });
});

describe("reading a model's course draft", () => {
  it("repairs code fences, prose around the object and trailing commas", () => {
    const text =
      'Here is your outline:\n```json\n{"learn": ["A", "B",], "requirements": [], "description": ["P1"], "sections": [{"title": "One", "units": [{"title": "U1", "summary": "S1"},]},]}\n```\nEnjoy!';
    const a = readCourseDraftAnswer(text);
    expect(a.learn).toEqual(["A", "B"]);
    expect(a.sections).toEqual([{ title: "One", units: [{ title: "U1", summary: "S1" }] }]);
  });

  it("reads other key names, units as plain strings and a nested description", () => {
    const a = readCourseDraftAnswer(
      JSON.stringify({
        description: { outcomes: ["Knead"], prerequisites: ["An oven"], text: "First.\n\nSecond." },
        outline: [{ name: "Dough", lessons: ["Flour", { name: "Water", description: "How much" }] }],
      }),
    );
    expect(a.learn).toEqual(["Knead"]);
    expect(a.requirements).toEqual(["An oven"]);
    expect(a.description).toEqual(["First.", "Second."]);
    expect(a.sections[0]).toEqual({
      title: "Dough",
      units: [
        { title: "Flour", summary: "" },
        { title: "Water", summary: "How much" },
      ],
    });
  });

  it("caps the outline at 12 sections of 15 units and drops untitled entries and markup", () => {
    const sections = Array.from({ length: 20 }, (_, i) => ({
      title: i === 0 ? "<b>First</b>" : `S${i}`,
      units: [{ title: "" }, ...Array.from({ length: 30 }, (_, n) => ({ title: `U${n}` }))],
    }));
    const a = readCourseDraftAnswer(JSON.stringify({ sections: [{ title: "  " }, ...sections] }));
    expect(a.sections).toHaveLength(DRAFT_MAX_SECTIONS);
    expect(a.sections[0].title).toBe("First");
    for (const s of a.sections) expect(s.units).toHaveLength(DRAFT_MAX_UNITS);
    expect(a.sections[0].units[0].title).toBe("U0");
  });

  it("refuses an answer that is not JSON or has no outline", () => {
    expect(() => readCourseDraftAnswer("Sorry, I cannot help with that.")).toThrow(DraftFormatError);
    expect(() => readCourseDraftAnswer('{"learn": ["A"], "sections": []}')).toThrow(/no outline/);
    expect(parseJsonObject("[1, 2]")).toBeNull();
  });
});

describe("draftDescriptionHtml", () => {
  it("puts the draft under the three template headings, escaped, empty sections left to fill in", () => {
    const html = draftDescriptionHtml({ learn: ["a < b"], requirements: [], description: ["Para"] }, headings);
    expect(html).toBe(
      "<h2>Was Sie lernen</h2><ul><li><p>a &lt; b</p></li></ul><h2>Voraussetzungen</h2><p></p><h2>Beschreibung</h2><p>Para</p>",
    );
  });
});

describe("readRewriteAnswer", () => {
  it("takes the HTML out of fences and a document, and makes paragraphs of plain text", () => {
    expect(readRewriteAnswer("```html\n<p>A</p>\n```")).toBe("<p>A</p>");
    expect(readRewriteAnswer("<html><body><p>B</p></body></html>")).toBe("<p>B</p>");
    expect(readRewriteAnswer("One\n\nTwo & more")).toBe("<p>One</p><p>Two &amp; more</p>");
  });
});

describe("the local stand-in", () => {
  it("names sections from the brief's words, the same way every time, within the caps", () => {
    const input = { title: "Sourdough", brief: "Starter feeding, kneading dough, shaping loaves and baking bread." };
    const a = localCourseDraft(input, seedOf("x"));
    expect(a).toEqual(localCourseDraft(input, seedOf("x")));
    expect(keywordsOf(input.brief).slice(0, 3)).toEqual(["starter", "feeding", "kneading"]);
    expect(a.sections[0].title.toLowerCase()).toContain("starter");
    expect(a.sections.length).toBeGreaterThanOrEqual(3);
    expect(a.sections.length).toBeLessThanOrEqual(DRAFT_MAX_SECTIONS);
    for (const s of a.sections) {
      expect(s.units.length).toBeGreaterThanOrEqual(2);
      expect(s.units.length).toBeLessThanOrEqual(4);
    }
    // Its answer reads back through the same path as a model's.
    expect(readCourseDraftAnswer(JSON.stringify(a)).sections).toEqual(a.sections);
  });

  it("shortens for real and rewrites into different words, keeping the tags", () => {
    const html =
      "<h2>Intro</h2><p>We start with the dough. Then we knead it. Then it rests.</p><ul><li>a</li><li>b</li><li>c</li><li>d</li></ul>";
    const short = localShorten(html);
    expect(textOfHtml(short).length).toBeLessThan(textOfHtml(html).length);
    expect(short).toContain("<h2>Intro</h2>");
    const oneSentence = "<p>Knead the dough for ten minutes</p>";
    expect(textOfHtml(localShorten(oneSentence)).length).toBeLessThan(textOfHtml(oneSentence).length);
    const again = localRewrite(html);
    expect(again).not.toBe(html);
    expect(again).toContain("We begin with the dough.");
    expect(localRewrite("<p>Bread.</p>")).not.toBe("<p>Bread.</p>");
  });
});
