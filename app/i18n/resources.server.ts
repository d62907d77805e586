// Every translated language, for the server, which renders any of them on any request, and
// writes mail in them.
import type { Resource } from ".";
import ar from "./locales/ar/translation.json";
import bn from "./locales/bn/translation.json";
import de from "./locales/de/translation.json";
import en from "./locales/en/translation.json";
import es from "./locales/es/translation.json";
import fr from "./locales/fr/translation.json";
import hi from "./locales/hi/translation.json";
import it from "./locales/it/translation.json";
import ja from "./locales/ja/translation.json";
import ko from "./locales/ko/translation.json";
import nl from "./locales/nl/translation.json";
import pl from "./locales/pl/translation.json";
import pt from "./locales/pt/translation.json";
import ru from "./locales/ru/translation.json";
import sv from "./locales/sv/translation.json";
import th from "./locales/th/translation.json";
import tr from "./locales/tr/translation.json";
import uk from "./locales/uk/translation.json";
import vi from "./locales/vi/translation.json";
import zh from "./locales/zh/translation.json";

export const serverResources: Resource = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
  de: { translation: de },
  it: { translation: it },
  pt: { translation: pt },
  ru: { translation: ru },
  ja: { translation: ja },
  zh: { translation: zh },
  ko: { translation: ko },
  ar: { translation: ar },
  hi: { translation: hi },
  bn: { translation: bn },
  tr: { translation: tr },
  vi: { translation: vi },
  pl: { translation: pl },
  nl: { translation: nl },
  sv: { translation: sv },
  uk: { translation: uk },
  th: { translation: th },
};

/** A language's whole catalogue (the first two letters of `lang`), English when it has none. */
export function catalogueFor(lang: string | null | undefined): typeof en {
  const found = serverResources[(lang ?? "en").slice(0, 2)]?.translation;
  return (found ?? en) as typeof en;
}
