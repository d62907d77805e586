// Colour contrast as WCAG 2.2 defines it (success criteria 1.4.3 and 1.4.11): relative luminance of
// sRGB colours, the ratio between two of them, and the rules the themes and a site's own colours
// use so that text stays readable: black or white text on a coloured background, or a colour
// darkened (on light surfaces) or lightened (on dark ones) until it reaches the ratio.

export type Rgba = { r: number; g: number; b: number; a: number };

/** Normal text needs 4.5:1; large text (24 px, or 18.66 px bold) and control outlines 3:1. */
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_LARGE_TEXT_CONTRAST = 3;

const NAMED: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  red: "#ff0000",
  green: "#008000",
  blue: "#0000ff",
  yellow: "#ffff00",
  orange: "#ffa500",
  purple: "#800080",
  gray: "#808080",
  grey: "#808080",
  navy: "#000080",
  teal: "#008080",
  maroon: "#800000",
  olive: "#808000",
  silver: "#c0c0c0",
  pink: "#ffc0cb",
  brown: "#a52a2a",
};

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function parseHex(hex: string): Rgba | null {
  const h = hex.slice(1);
  if (!/^([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(h)) return null;
  const full = h.length <= 4 ? [...h].map((c) => c + c).join("") : h;
  const byte = (i: number) => Number.parseInt(full.slice(i, i + 2), 16);
  return { r: byte(0), g: byte(2), b: byte(4), a: full.length === 8 ? byte(6) / 255 : 1 };
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const f = (n: number) => l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** A number of a colour function: plain, or a percentage of `full`. */
const part = (raw: string, full: number) =>
  raw.endsWith("%") ? (Number.parseFloat(raw) / 100) * full : Number.parseFloat(raw);

function parseFunction(value: string): Rgba | null {
  const m = /^(rgba?|hsla?)\(([^)]*)\)$/i.exec(value);
  if (!m) return null;
  const parts = m[2]
    .trim()
    .split(/[\s,/]+/)
    .filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return null;
  const alpha = parts[3] === undefined ? 1 : clamp(part(parts[3], 1), 0, 1);
  if (m[1].toLowerCase().startsWith("rgb")) {
    const [r, g, b] = parts.slice(0, 3).map((p) => clamp(part(p, 255), 0, 255));
    return [r, g, b, alpha].some(Number.isNaN) ? null : { r, g, b, a: alpha };
  }
  const h = Number.parseFloat(parts[0]);
  const s = clamp(part(parts[1], 1), 0, 1);
  const l = clamp(part(parts[2], 1), 0, 1);
  if ([h, s, l, alpha].some(Number.isNaN)) return null;
  const [r, g, b] = hslToRgb(((h % 360) + 360) % 360, s, l);
  return { r, g, b, a: alpha };
}

/** A CSS colour (hex, rgb/rgba, hsl/hsla or a common name), or null when it cannot be read. */
export function parseColor(value: string | null | undefined): Rgba | null {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  if (v.startsWith("#")) return parseHex(v);
  if (NAMED[v]) return parseHex(NAMED[v]);
  return parseFunction(v);
}

/** An rgba() string as the spec's colour helper reads it; anything else is 'Invalid RGBA string'. */
export function parseRgba(value: string): Rgba {
  const c = /^rgba?\(/i.test(value.trim()) ? parseFunction(value.trim()) : null;
  if (!c) throw new Error("Invalid RGBA string");
  return c;
}

export function toHex(c: Pick<Rgba, "r" | "g" | "b">): string {
  const byte = (n: number) =>
    Math.round(clamp(n, 0, 255))
      .toString(16)
      .padStart(2, "0");
  return `#${byte(c.r)}${byte(c.g)}${byte(c.b)}`;
}

/** A translucent colour as it looks painted over an opaque one. */
export function composite(top: Rgba, under: Rgba): Rgba {
  const a = top.a;
  return {
    r: top.r * a + under.r * (1 - a),
    g: top.g * a + under.g * (1 - a),
    b: top.b * a + under.b * (1 - a),
    a: 1,
  };
}

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export function relativeLuminance(c: Pick<Rgba, "r" | "g" | "b">): number {
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

const read = (c: string | Rgba): Rgba => {
  if (typeof c !== "string") return c;
  const parsed = parseColor(c);
  if (!parsed) throw new Error(`not a colour: ${c}`);
  return parsed;
};

/**
 * The contrast ratio (1 to 21) of a text colour on a background; a translucent text colour is
 * taken as painted on that background, a translucent background as painted on white.
 */
export function contrastRatio(text: string | Rgba, background: string | Rgba): number {
  const bg = composite(read(background), { r: 255, g: 255, b: 255, a: 1 });
  const fg = composite(read(text), bg);
  const [hi, lo] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background` (one of them always reaches 4.5:1). */
export function readableTextOn(background: string | Rgba): "#000000" | "#ffffff" {
  return contrastRatio("#ffffff", background) >= contrastRatio("#000000", background) ? "#ffffff" : "#000000";
}

/** `c` moved a fraction `t` of the way to black (0) or white (255), rounded to a #rrggbb colour. */
const mix = (c: Rgba, toward: number, t: number): Rgba =>
  read(
    toHex({
      r: c.r + (toward - c.r) * t,
      g: c.g + (toward - c.g) * t,
      b: c.b + (toward - c.b) * t,
    }),
  );

/**
 * `color` itself when it reaches `min` against every one of `backgrounds`; otherwise the least
 * darkened (on light backgrounds) or lightened (on dark ones) version of it that does, so a
 * brand colour keeps its hue. Returned as #rrggbb.
 */
export function ensureContrast(
  color: string | Rgba,
  backgrounds: readonly (string | Rgba)[],
  min: number = MIN_TEXT_CONTRAST,
): string {
  const c = composite(read(color), { r: 255, g: 255, b: 255, a: 1 });
  const passes = (x: Rgba) => backgrounds.every((bg) => contrastRatio(x, bg) >= min);
  if (passes(c)) return toHex(c);
  const darkest = Math.min(
    ...backgrounds.map((bg) => relativeLuminance(composite(read(bg), { r: 255, g: 255, b: 255, a: 1 }))),
  );
  // Light surfaces need darker text; dark surfaces lighter text.
  const toward = darkest > 0.18 ? 0 : 255;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (passes(mix(c, toward, mid))) hi = mid;
    else lo = mid;
  }
  return toHex(mix(c, toward, hi));
}

/**
 * A filled surface (button, badge, banner) in `color` that white text can sit on: the colour when
 * white already reaches `min` on it, else the colour darkened until it does.
 */
export function fillForWhiteText(color: string | Rgba, min: number = MIN_TEXT_CONTRAST): string {
  const c = composite(read(color), { r: 255, g: 255, b: 255, a: 1 });
  if (contrastRatio("#ffffff", c) >= min) return toHex(c);
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio("#ffffff", mix(c, 0, mid)) >= min) hi = mid;
    else lo = mid;
  }
  return toHex(mix(c, 0, hi));
}
