// i18next with the spec's keys (errors.singleSession, errors.notFound, cart.couponApplied, …).
// English is complete and is every language's fallback. The server makes one instance per request
// (entry.server.tsx), so concurrent requests in different languages never share a language; the
// browser has one instance (browser.ts) and loads a language's file only when it is needed.
import i18next, { type i18n as I18n, type Resource } from "i18next";

export const DEFAULT_NS = "translation";

/** An instance in `lng`; `resources` holds English (the fallback) and any other language ready. */
export function createI18n(lng: string, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
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
