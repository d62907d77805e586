import { describe, expect, it } from "vitest";
import { FONT_OPTIONS, findFont, fontStylesheetPath, fontWeightName } from "./fonts";

describe("fonts", () => {
  it("offers 17 fonts, each with a label, a local source and weights", () => {
    expect(FONT_OPTIONS).toHaveLength(17);
    expect(new Set(FONT_OPTIONS.map((f) => f.value)).size).toBe(17);
    for (const f of FONT_OPTIONS) {
      expect(f.source).toBe("local");
      expect(f.weights).toContain(400);
    }
  });
  it("names weights as the spec does: 400 Regular, 500 Medium, other Bold", () => {
    expect(fontWeightName(400)).toBe("Regular");
    expect(fontWeightName(500)).toBe("Medium");
    expect(fontWeightName(700)).toBe("Bold");
    expect(fontWeightName(300)).toBe("Bold");
  });
  it("finds a font and its stylesheet on this platform", () => {
    expect(findFont("merriweather")?.family).toBe("'Merriweather', serif");
    expect(findFont("comic-sans")).toBeUndefined();
    expect(fontStylesheetPath("inter")).toBe("/fonts/inter.css");
  });
});
