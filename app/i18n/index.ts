// i18next with the spec's keys (errors.singleSession, errors.notFound, cart.couponApplied, …).
// English is complete and is every language's fallback. The server makes one instance per request
// (entry.server.tsx), so concurrent requests in different languages never share a language; the
// browser has one instance and loads a language's file only when it is needed.
import i18next, { type i18n as I18n, type Resource } from "i18next";
import en from "./locales/en/translation.json";

export const DEFAULT_NS = "translation";

export function createI18n(lng: string, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { en: { translation: en }, ...resources },
    lng,
    fallbackLng: "en",
    defaultNS: DEFAULT_NS,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  return instance;
}
