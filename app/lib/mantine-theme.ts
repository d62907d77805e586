// The Mantine theme of every screen. Mantine's stock palette puts secondary ("dimmed") text, links,
// light badges and filled buttons below WCAG 2.2 AA contrast (gray-6 on white is 3.3:1, white on
// indigo-6 4.3:1), so the colour variables are recomputed here with the contrast rule of core/
// against the surfaces they are drawn on. Night adjusts the dark values in app/styles/base.css.
import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  defaultCssVariablesResolver,
  defaultVariantColorsResolver,
  type MantineTheme,
  type VariantColorsResolver,
} from "@mantine/core";
import { ensureContrast, fillForWhiteText } from "../../core/color-contrast";

const FONT = '"Inter Variable", Inter, "Noto Sans Arabic", system-ui, -apple-system, "Segoe UI", sans-serif';
const { gray, dark } = DEFAULT_THEME.colors;

/** The surfaces text sits on: cards and the body, the page background, striped and hovered rows. */
export const LIGHT_SURFACES = ["#ffffff", gray[0], gray[1]] as const;
export const DARK_SURFACES = [dark[7], dark[8], dark[6]] as const;

/**
 * Text on a filled primary control is the primary colour's own contrast colour, not always white:
 * a site whose primary colour is light (yellow, mint) gets black text on it (site-theme-style.ts).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colours = defaultVariantColorsResolver(input);
  const primary = !input.color || input.color === input.theme.primaryColor;
  return input.variant === "filled" && primary
    ? { ...colours, color: "var(--mantine-primary-color-contrast)" }
    : colours;
};

/** Mantine's theme with the labels that need a language (the close button of modals and drawers). */
export function atriumTheme(labels: { close: string }) {
  const closeButtonProps = { "aria-label": labels.close };
  return createTheme({
    primaryColor: "indigo",
    primaryShade: { light: 7, dark: 8 },
    defaultRadius: "md",
    fontFamily: FONT,
    headings: { fontFamily: FONT },
    variantColorResolver,
    // Plain objects rather than Modal.extend(): the theme is on every page, the dialogs are not, and
    // importing them here would put their code in every page's bundle.
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      // A table wider than a phone scrolls sideways: its scrolling area takes keyboard focus, so
      // the arrow keys can scroll it (WCAG 2.1.1).
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    },
  });
}

type Shade = (theme: MantineTheme, scheme: "light" | "dark") => number;
const shadeOf: Shade = (theme, scheme) =>
  typeof theme.primaryShade === "number" ? theme.primaryShade : theme.primaryShade[scheme];

/** Each theme colour's variant variables, readable on the surfaces of its scheme. */
function colourVariables(theme: MantineTheme, scheme: "light" | "dark") {
  const out: Record<string, string> = {};
  const shade = shadeOf(theme, scheme);
  const surfaces = scheme === "light" ? LIGHT_SURFACES : DARK_SURFACES;
  for (const [name, tuple] of Object.entries(theme.colors)) {
    if (name === "dark" || name === "gray") continue;
    const filled = fillForWhiteText(tuple[shade]);
    out[`--mantine-color-${name}-filled`] = scheme === "light" ? ensureContrast(filled, surfaces) : filled;
    out[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
    if (scheme === "light") {
      out[`--mantine-color-${name}-text`] = ensureContrast(filled, surfaces);
      out[`--mantine-color-${name}-light-color`] = ensureContrast(tuple[9], [tuple[1], tuple[2], ...surfaces]);
      out[`--mantine-color-${name}-outline`] = ensureContrast(tuple[shade], surfaces);
    } else {
      const lightBg = darken(tuple[9], 0.5);
      out[`--mantine-color-${name}-text`] = ensureContrast(tuple[4], surfaces);
      out[`--mantine-color-${name}-light-color`] = ensureContrast(tuple[0], [
        lightBg,
        darken(tuple[9], 0.3),
        ...surfaces,
      ]);
      out[`--mantine-color-${name}-outline`] = ensureContrast(tuple[Math.max(shade - 4, 0)], surfaces);
    }
  }
  return out;
}

/** Mantine's variables, with every text colour brought to 4.5:1 on the surfaces it is used on. */
export const atriumCssVariables: CSSVariablesResolver = (theme) => {
  const base = defaultCssVariablesResolver(theme);
  const primary = theme.colors[theme.primaryColor];
  const lightDimmed = ensureContrast(gray[6], [...LIGHT_SURFACES, gray[2]]);
  const darkDimmed = ensureContrast(dark[2], [...DARK_SURFACES, dark[5]]);
  return {
    variables: base.variables,
    light: {
      ...base.light,
      ...colourVariables(theme, "light"),
      "--mantine-color-dimmed": lightDimmed,
      "--mantine-color-placeholder": lightDimmed,
      "--mantine-color-anchor": ensureContrast(primary[shadeOf(theme, "light")], LIGHT_SURFACES),
      "--mantine-color-disabled-color": ensureContrast(gray[6], [gray[2], gray[1]]),
      "--mantine-primary-color-contrast": "#ffffff",
    },
    dark: {
      ...base.dark,
      ...colourVariables(theme, "dark"),
      "--mantine-color-dimmed": darkDimmed,
      "--mantine-color-placeholder": darkDimmed,
      "--mantine-color-anchor": ensureContrast(primary[4], [...DARK_SURFACES, dark[5]]),
      "--mantine-color-disabled-color": ensureContrast(dark[3], [dark[6], dark[5]]),
      "--mantine-primary-color-contrast": "#ffffff",
    },
  };
};
