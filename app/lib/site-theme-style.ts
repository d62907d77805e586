// A site's own font and primary colour, as CSS variables on its shell (app/styles/site.css maps
// them onto Mantine's and our own variables, so links, badges, buttons, notices and the cookie bar
// all follow). The owner's colour is kept as the fill; the text on it is black or white, whichever
// reads, and the colour used as text (links, outline badges) is darkened on light surfaces and
// lightened on dark ones until it reaches 4.5:1.
import type { CSSProperties } from "react";
import { composite, ensureContrast, parseColor, readableTextOn, toHex } from "../../core/color-contrast";
import { DARK_SURFACES, LIGHT_SURFACES } from "./mantine-theme";
import type { SiteChrome } from "./site-chrome";

/** Night's surfaces are darker still than Dark's; text that reads on Dark's reads there too. */
const NIGHT_SURFACES = ["#14110d", "#1a1611", "#221c15"] as const;

/** The colour with a fraction `t` of `over` painted on it. */
const tint = (color: string, over: string, t: number) => {
  const c = parseColor(color);
  const o = parseColor(over);
  return c && o ? toHex(composite({ ...c, a: t }, o)) : color;
};

/** The variables for a site's primary colour, or nothing when it is not a colour we can read. */
export function primaryColorVariables(primary: string): Record<string, string> {
  const base = parseColor(primary);
  if (!base) return {};
  const fill = toHex(composite(base, { r: 255, g: 255, b: 255, a: 1 }));
  const onFill = readableTextOn(fill);
  // Hovering moves the fill away from its text, so the text reads at least as well.
  const hover = tint(onFill === "#ffffff" ? "#000000" : "#ffffff", fill, 0.85);
  const softLight = tint(fill, "#ffffff", 0.12);
  const softDark = tint(fill, DARK_SURFACES[0], 0.2);
  return {
    "--site-primary": fill,
    "--site-primary-hover": hover,
    "--site-primary-contrast": onFill,
    "--site-soft-light": softLight,
    "--site-soft-dark": softDark,
    "--site-link-light": ensureContrast(fill, [softLight, ...LIGHT_SURFACES]),
    "--site-link-dark": ensureContrast(fill, [softDark, ...DARK_SURFACES, ...NIGHT_SURFACES]),
  };
}

/**
 * The site's font and primary colour as CSS variables on its shell (server-rendered, so the first
 * paint already has them); nothing when the site keeps the platform's defaults.
 */
export function siteThemeStyle(theme: SiteChrome["theme"]): CSSProperties | undefined {
  const vars: Record<string, string> = {};
  if (theme.fontFamily) vars["--site-font-family"] = theme.fontFamily;
  if (theme.primaryColor) Object.assign(vars, primaryColorVariables(theme.primaryColor));
  return Object.keys(vars).length ? (vars as CSSProperties) : undefined;
}

/** Marks a shell whose variables carry a primary colour (site.css applies them only then). */
export const brandAttribute = (theme: SiteChrome["theme"]) =>
  theme.primaryColor && parseColor(theme.primaryColor) ? { "data-brand": "" } : {};

/** Text that reads on a notice's own background, or nothing to keep the stylesheet's colours. */
export function noticeColors(background: string | null): CSSProperties | undefined {
  if (!background) return undefined;
  const parsed = parseColor(background);
  if (!parsed) return { background };
  return { background, color: readableTextOn(toHex(composite(parsed, { r: 255, g: 255, b: 255, a: 1 }))) };
}
