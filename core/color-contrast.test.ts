import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  ensureContrast,
  fillForWhiteText,
  MIN_TEXT_CONTRAST,
  parseColor,
  parseRgba,
  readableTextOn,
  toHex,
} from "./color-contrast";

describe("parseColor", () => {
  it("reads hex, rgb(a), hsl(a) and common names", () => {
    expect(parseColor("#fff")).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor("#4C6EF5")).toEqual({ r: 76, g: 110, b: 245, a: 1 });
    expect(parseColor("#00000080")?.a).toBeCloseTo(0.5, 2);
    expect(parseColor("rgb(10, 20, 30)")).toEqual({ r: 10, g: 20, b: 30, a: 1 });
    expect(parseColor("rgba(10 20 30 / 50%)")).toEqual({ r: 10, g: 20, b: 30, a: 0.5 });
    expect(toHex(parseColor("hsl(0, 100%, 50%)")!)).toBe("#ff0000");
    expect(toHex(parseColor("Navy")!)).toBe("#000080");
  });

  it("answers null for what is not a colour", () => {
    for (const bad of ["", "#12", "#ggg", "rgb(1,2)", "url(x)", "chartreusish", null, undefined]) {
      expect(parseColor(bad), String(bad)).toBeNull();
    }
  });

  it("refuses a malformed rgba string with the spec's message", () => {
    expect(() => parseRgba("#fff")).toThrow("Invalid RGBA string");
    expect(() => parseRgba("rgba(1, 2)")).toThrow("Invalid RGBA string");
    expect(parseRgba("rgba(1, 2, 3, 0.4)")).toEqual({ r: 1, g: 2, b: 3, a: 0.4 });
  });
});

describe("contrastRatio (WCAG 2.2)", () => {
  it("gives the reference ratios", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#fff")).toBeCloseTo(1, 5);
    // Mantine's stock grey-6 on white, the "dimmed" text axe reported.
    expect(contrastRatio("#868e96", "#ffffff")).toBeCloseTo(3.32, 2);
    // White on Mantine's indigo-6: just under the 4.5:1 of normal text.
    expect(contrastRatio("#ffffff", "#4c6ef5")).toBeCloseTo(4.32, 2);
  });

  it("is symmetric", () => {
    expect(contrastRatio("#123456", "#abcdef")).toBeCloseTo(contrastRatio("#abcdef", "#123456"), 10);
  });

  it("sees a translucent text colour as painted on its background", () => {
    expect(contrastRatio("rgba(0, 0, 0, 0)", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("rgba(0, 0, 0, 0.5)", "#ffffff")).toBeCloseTo(contrastRatio("#808080", "#ffffff"), 1);
  });
});

describe("readableTextOn", () => {
  it("chooses white on dark colours and black on light ones, always reaching 4.5:1", () => {
    expect(readableTextOn("#1f2937")).toBe("#ffffff");
    expect(readableTextOn("#ffe066")).toBe("#000000");
    for (const bg of ["#4c6ef5", "#ff0000", "#777777", "#00ff00", "#b7772a", "#edf2ff"]) {
      expect(contrastRatio(readableTextOn(bg), bg), bg).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});

describe("ensureContrast", () => {
  it("keeps a colour that already reads well", () => {
    expect(ensureContrast("#1c7ed6", ["#000000"])).toBe("#1c7ed6");
    expect(ensureContrast("#212529", ["#ffffff"])).toBe("#212529");
  });

  it("darkens on light surfaces and lightens on dark ones, just enough", () => {
    const light = ensureContrast("#868e96", ["#ffffff", "#f1f3f5"]);
    expect(contrastRatio(light, "#f1f3f5")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(light, "#f1f3f5")).toBeLessThan(4.7);
    const dark = ensureContrast("#828282", ["#242424", "#2e2e2e"]);
    expect(contrastRatio(dark, "#2e2e2e")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(parseColor(dark)!.r).toBeGreaterThan(0x82);
  });

  it("honours another minimum (3:1 for large text)", () => {
    const c = ensureContrast("#ffd43b", ["#ffffff"], 3);
    expect(contrastRatio(c, "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(c, "#ffffff")).toBeLessThan(3.2);
  });
});

describe("fillForWhiteText", () => {
  it("darkens a fill until white text on it reaches 4.5:1", () => {
    for (const c of ["#4c6ef5", "#40c057", "#fab005", "#ffffff", "#b7772a"]) {
      expect(contrastRatio("#ffffff", fillForWhiteText(c)), c).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    expect(fillForWhiteText("#364fc7")).toBe("#364fc7");
  });
});
