// i18next with the spec's keys (errors.singleSession, errors.notFound, …). English is complete;
// other languages arrive with the site shell and fall back to English for any missing key.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./locales/en/translation.json";

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: "en",
  fallbackLng: "en",
  initAsync: false,
  interpolation: { escapeValue: false },
});
