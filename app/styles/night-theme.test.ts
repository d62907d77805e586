import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { composite, contrastRatio, MIN_TEXT_CONTRAST, parseColor } from "../../core/color-contrast";

// Night is written as CSS variables in base.css; read them as the browser will.
const css = readFileSync(new URL("./base.css", import.meta.url), "utf8");
const block = /html:root\[data-theme="night"\]\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
const night = Object.fromEntries(
  [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]),
);
const v = (name: string) => {
  const value = night[name];
  if (!value) throw new Error(`Night does not set ${name}`);
  return value;
};

const SURFACES = [
  "--mantine-color-body",
  "--mantine-color-default",
  "--mantine-color-default-hover",
  "--mantine-color-dark-6",
  "--mantine-color-dark-7",
  "--bg",
  "--card",
];
const TEXTS = [
  "--mantine-color-text",
  "--mantine-color-dimmed",
  "--mantine-color-placeholder",
  "--mantine-color-anchor",
  "--mantine-primary-color-light-color",
  "--mantine-color-default-color",
];

describe("the Night theme", () => {
  it("has every text colour at 4.5:1 or more on every surface", () => {
    for (const text of TEXTS) {
      for (const surface of SURFACES) {
        expect(contrastRatio(v(text), v(surface)), `${text} on ${surface}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
  });

  it("puts readable text on its filled buttons and on the light accent background", () => {
    for (const fill of [
      "--mantine-primary-color-filled",
      "--mantine-primary-color-filled-hover",
      "--mantine-color-indigo-filled",
    ]) {
      expect(contrastRatio(v("--mantine-primary-color-contrast"), v(fill)), fill).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
    expect(contrastRatio(v("--brand-fg"), v("--mantine-primary-color-filled"))).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
    // The light accent (badges, light buttons) is translucent: it is seen over the body.
    const body = parseColor(v("--mantine-color-body"));
    for (const accent of ["--mantine-primary-color-light", "--mantine-primary-color-light-hover"]) {
      const over = composite(parseColor(v(accent))!, body!);
      expect(contrastRatio(v("--mantine-primary-color-light-color"), over), accent).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  });
});
