import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { composite, contrastRatio, MIN_TEXT_CONTRAST, parseColor } from "../../core/color-contrast";
import { atriumCssVariables, atriumTheme, DARK_SURFACES, LIGHT_SURFACES } from "./mantine-theme";

const theme = mergeMantineTheme(DEFAULT_THEME, atriumTheme({ close: "Close" }));
const vars = atriumCssVariables(theme);
const palette: Record<string, string> = Object.fromEntries(
  Object.entries(theme.colors).flatMap(([name, tuple]) => tuple.map((c, i) => [`--mantine-color-${name}-${i}`, c])),
);
/** A variable's colour, following var(--x) references into the palette and the scheme's variables. */
function colour(scheme: "light" | "dark", name: string): string {
  const table = { ...(vars.variables as Record<string, string>), ...(vars[scheme] as Record<string, string>) };
  const value = table[name] ?? palette[name];
  if (!value) throw new Error(`${name} is not set`);
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  return ref ? colour(scheme, ref[1]) : value;
}
const ratio = contrastRatio;
const COLOURS = Object.keys(theme.colors).filter((c) => c !== "dark" && c !== "gray");

describe("the Mantine theme's colours (Light and Dark)", () => {
  it("gives dimmed text, placeholders and links 4.5:1 on every surface", () => {
    for (const [scheme, surfaces] of [
      ["light", LIGHT_SURFACES],
      ["dark", DARK_SURFACES],
    ] as const) {
      for (const name of ["--mantine-color-dimmed", "--mantine-color-placeholder", "--mantine-color-anchor"]) {
        for (const bg of surfaces) {
          expect(ratio(colour(scheme, name), bg), `${scheme} ${name} on ${bg}`).toBeGreaterThanOrEqual(
            MIN_TEXT_CONTRAST,
          );
        }
      }
    }
  });

  it("puts readable text on every colour's filled, light and outline variants", () => {
    for (const c of COLOURS) {
      for (const scheme of ["light", "dark"] as const) {
        const surfaces = scheme === "light" ? LIGHT_SURFACES : DARK_SURFACES;
        const v = (suffix: string) => colour(scheme, `--mantine-color-${c}-${suffix}`);
        expect(ratio("#ffffff", v("filled")), `${scheme} white on ${c} filled`).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
        const lightBg = composite(parseColor(v("light"))!, parseColor(surfaces[0])!);
        expect(ratio(v("light-color"), lightBg), `${scheme} ${c} light`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        for (const bg of surfaces) {
          expect(ratio(v("outline"), bg), `${scheme} ${c} outline on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
          expect(ratio(v("text"), bg), `${scheme} ${c} text on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        }
      }
    }
  });

  it("names the close button of modals and drawers in the reader's language", () => {
    const fr = atriumTheme({ close: "Fermer" });
    expect(fr.components?.Modal?.defaultProps).toMatchObject({ closeButtonProps: { "aria-label": "Fermer" } });
    expect(fr.components?.Drawer?.defaultProps).toMatchObject({ closeButtonProps: { "aria-label": "Fermer" } });
  });
});
