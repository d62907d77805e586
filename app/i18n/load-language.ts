// The browser fetches a language's translations only when a page is shown in it; English is
// always present as the fallback.
import type { i18n as I18n, ResourceKey } from "i18next";
import { DEFAULT_NS } from ".";

const files = import.meta.glob<{ default: ResourceKey }>(["./locales/*/translation.json", "!./locales/en/*"]);

/** Adds the language's translations to the instance (once) and switches to it. */
export async function loadLanguage(i18n: I18n, lang: string): Promise<void> {
  const file = files[`./locales/${lang}/translation.json`];
  if (file && !i18n.hasResourceBundle(lang, DEFAULT_NS)) {
    const bundle = await file();
    i18n.addResourceBundle(lang, DEFAULT_NS, bundle.default, true, true);
  }
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}
