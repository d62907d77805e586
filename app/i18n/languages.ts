// The 20 languages a site can be shown in (spec §9), how each names itself, which way it is
// written, and how the language of a request is chosen.
import { LANGUAGE_CODES, type LanguageCode } from "../../core/languages";

export { LANGUAGE_CODES, type LanguageCode };

/**
 * Languages with every key translated: all twenty (app/i18n/i18n.test.ts keeps them so). A key a
 * catalogue lacked would fall back to English.
 */
export const COMPLETE_LANGUAGES: readonly LanguageCode[] = LANGUAGE_CODES;

/** Each language in its own name, so a reader finds theirs whatever the page is shown in. */
export const LANGUAGE_NAMES: Readonly<Record<LanguageCode, string>> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  pt: "Português",
  ru: "Русский",
  ja: "日本語",
  zh: "中文",
  ko: "한국어",
  ar: "العربية",
  hi: "हिन्दी",
  bn: "বাংলা",
  tr: "Türkçe",
  vi: "Tiếng Việt",
  pl: "Polski",
  nl: "Nederlands",
  sv: "Svenska",
  uk: "Українська",
  th: "ไทย",
};

const RTL: ReadonlySet<string> = new Set(["ar"]);

/** The cookie a visitor's choice is kept in (a member's choice is kept on their membership). */
export const LANGUAGE_COOKIE = "lang";
/** One year, like the other preference cookies. */
export const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function textDirection(lang: string): "rtl" | "ltr" {
  return RTL.has(lang) ? "rtl" : "ltr";
}

/**
 * The language a page is rendered in: the member's own preference, then the visitor's cookie,
 * then the site's default, then English. Anything that is not one of the 20 codes is skipped.
 */
export function pickLanguage(choices: { member?: unknown; cookie?: unknown; site?: unknown }): LanguageCode {
  for (const candidate of [choices.member, choices.cookie, choices.site]) {
    if (isLanguageCode(candidate)) return candidate;
  }
  return "en";
}
