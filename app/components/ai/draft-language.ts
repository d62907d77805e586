import { LANGUAGE_CODES } from "../../../core/languages";

/** The language the assistant writes in: the interface's when it is one of the site languages, else English. */
export const draftLanguage = (lang: string): string => {
  const code = lang.split("-")[0];
  return (LANGUAGE_CODES as readonly string[]).includes(code) ? code : "en";
};
