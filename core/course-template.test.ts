import { describe, expect, it } from "vitest";
import { courseTemplateHtml, isBlankHtml, withoutEmptySections } from "./course-template";

const EN = ["What you'll learn", "Requirements", "Description"];

describe("courseTemplateHtml", () => {
  it("gives the three §9 sections as headings in the author's words, each with an empty paragraph", () => {
    expect(courseTemplateHtml(EN)).toBe(
      "<h2>What you'll learn</h2><p></p><h2>Requirements</h2><p></p><h2>Description</h2><p></p>",
    );
    expect(courseTemplateHtml(["Lo que aprenderás", "Requisitos", "Descripción"])).toContain(
      "<h2>Lo que aprenderás</h2>",
    );
  });
  it("escapes markup in a heading", () => {
    expect(courseTemplateHtml(["<b>x</b> & y"])).toBe("<h2>&lt;b&gt;x&lt;/b&gt; &amp; y</h2><p></p>");
  });
});

describe("withoutEmptySections", () => {
  it("shows nothing of an untouched template", () => {
    expect(withoutEmptySections(courseTemplateHtml(EN))).toBe("");
    expect(withoutEmptySections("<h2>A</h2><p><br></p><p>&nbsp;</p>")).toBe("");
    expect(isBlankHtml(courseTemplateHtml(EN).replace(/<h2>[^<]*<\/h2>/g, ""))).toBe(true);
  });
  it("keeps the sections an author filled in, and drops the others", () => {
    const html =
      "<h2>What you'll learn</h2><p>Glazes.</p><h2>Requirements</h2><p></p><h2>Description</h2><p>Ten weeks.</p>";
    expect(withoutEmptySections(html)).toBe(
      "<h2>What you'll learn</h2><p>Glazes.</p><h2>Description</h2><p>Ten weeks.</p>",
    );
  });
  it("counts an image as content, a subsection with text as content, and an empty subsection as nothing", () => {
    expect(withoutEmptySections('<h2>Look</h2><p><img src="/a.png"></p>')).toBe(
      '<h2>Look</h2><p><img src="/a.png"></p>',
    );
    expect(withoutEmptySections("<h2>Outer</h2><h3>Inner</h3><p>Text</p>")).toBe(
      "<h2>Outer</h2><h3>Inner</h3><p>Text</p>",
    );
    expect(withoutEmptySections("<h2>Outer</h2><h3>Inner</h3><p></p><h2>Next</h2><p>x</p>")).toBe(
      "<h2>Next</h2><p>x</p>",
    );
  });
  it("leaves text before the first heading and headings inside other elements alone", () => {
    expect(withoutEmptySections("<p>Intro</p><h2>Empty</h2>")).toBe("<p>Intro</p>");
    expect(withoutEmptySections("<blockquote><h2>Quoted</h2></blockquote><p>After</p>")).toBe(
      "<blockquote><h2>Quoted</h2></blockquote><p>After</p>",
    );
  });
});
