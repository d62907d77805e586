// The browser's one translator (the server keeps one per language, server.ts).
import type { I18n } from ".";
import { createI18n, DEFAULT_NS } from ".";
import englishPublic from "./locales/en/translation.json?part=public";
import { addDashboardEnglish, loadDashboardTranslations } from "./load-language";

export const browserI18n: I18n = createI18n("en", { en: { [DEFAULT_NS]: englishPublic } });

/** Resolves once the dashboard's words are there (a route loader awaits it before drawing). */
export const dashboardTranslations = () => loadDashboardTranslations(browserI18n);

/** English's dashboard part arrived with the dashboard's code: the fallback is there at once. */
export const dashboardEnglish = (bundle: Record<string, unknown>) => addDashboardEnglish(browserI18n, bundle);
