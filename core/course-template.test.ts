import { describe, expect, it } from "vitest";
import { COURSE_TEMPLATE_SECTIONS, courseTemplateHtml } from "./course-template";

describe("courseTemplateHtml", () => {
  it("gives the three §9 sections as headings, in order, each with an empty paragraph", () => {
    expect(courseTemplateHtml()).toBe(
      "<h2>What you'll learn</h2><p></p><h2>Requirements</h2><p></p><h2>Description</h2><p></p>",
    );
    expect(COURSE_TEMPLATE_SECTIONS).toHaveLength(3);
  });
  it("escapes markup in a heading", () => {
    expect(courseTemplateHtml(["<b>x</b> & y"])).toBe("<h2>&lt;b&gt;x&lt;/b&gt; &amp; y</h2><p></p>");
  });
});
