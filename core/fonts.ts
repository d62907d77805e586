// The 17 fonts a site may choose for its theme (spec §9), all served by the platform itself from
// packaged font files: no request ever leaves for an outside font host.

export type FontOption = {
  value: string;
  label: string;
  /** Where the files come from: packaged with the platform. */
  source: "local";
  weights: readonly number[];
  /** The CSS font-family stack to use once loaded. */
  family: string;
};

const font = (value: string, label: string, weights: readonly number[], fallback = "sans-serif"): FontOption => ({
  value,
  label,
  source: "local",
  weights,
  family: `'${label}', ${fallback}`,
});

const RMB = [400, 500, 700] as const;

export const FONT_OPTIONS: readonly FontOption[] = [
  font("inter", "Inter", RMB),
  font("roboto", "Roboto", RMB),
  font("open-sans", "Open Sans", RMB),
  font("lato", "Lato", [400, 700]),
  font("montserrat", "Montserrat", RMB),
  font("poppins", "Poppins", RMB),
  font("nunito", "Nunito", RMB),
  font("raleway", "Raleway", RMB),
  font("source-sans-3", "Source Sans 3", RMB),
  font("merriweather", "Merriweather", RMB, "serif"),
  font("playfair-display", "Playfair Display", RMB, "serif"),
  font("work-sans", "Work Sans", RMB),
  font("dm-sans", "DM Sans", RMB),
  font("rubik", "Rubik", RMB),
  font("noto-sans", "Noto Sans", RMB),
  font("ibm-plex-sans", "IBM Plex Sans", RMB),
  font("noto-sans-arabic", "Noto Sans Arabic", RMB),
];

export const DEFAULT_FONT = "inter";

export const findFont = (value: string | null | undefined) => FONT_OPTIONS.find((f) => f.value === value);

/** Spec §9: 400 is Regular, 500 Medium, anything else Bold. */
export function fontWeightName(weight: number): "Regular" | "Medium" | "Bold" {
  if (weight === 400) return "Regular";
  if (weight === 500) return "Medium";
  return "Bold";
}

/** The stylesheet that loads a font from this platform. */
export const fontStylesheetPath = (value: string) => `/fonts/${value}.css`;
