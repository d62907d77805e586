// Every translated language, for the server, which renders any of them on any request.
import type { Resource } from "i18next";
import ar from "./locales/ar/translation.json";
import de from "./locales/de/translation.json";
import en from "./locales/en/translation.json";
import es from "./locales/es/translation.json";
import fr from "./locales/fr/translation.json";
import pl from "./locales/pl/translation.json";
import pt from "./locales/pt/translation.json";

export const serverResources: Resource = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
  de: { translation: de },
  pt: { translation: pt },
  ar: { translation: ar },
  pl: { translation: pl },
};
