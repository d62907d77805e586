// The 20 language codes of spec §9. Kept apart from the zod schemas so that pages which only need
// the list (every public page's language picker) do not download a validation library.
export const LANGUAGE_CODES = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "ru",
  "ja",
  "zh",
  "ko",
  "ar",
  "hi",
  "bn",
  "tr",
  "vi",
  "pl",
  "nl",
  "sv",
  "uk",
  "th",
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];
