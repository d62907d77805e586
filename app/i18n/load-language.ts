// The browser fetches a language's translations only when a page is shown in it, and the dashboard
// part of them only when a dashboard screen is (parts.ts); English's public part is always present
// as the fallback.
import type { I18n } from ".";
import { DEFAULT_NS } from ".";

type Part = Record<string, () => Promise<Record<string, unknown>>>;
const publicParts: Part = import.meta.glob<Record<string, unknown>>(
  ["./locales/*/translation.json", "!./locales/en/*"],
  {
    query: { part: "public" },
    import: "default",
  },
);
const dashboardParts: Part = import.meta.glob<Record<string, unknown>>("./locales/*/translation.json", {
  query: { part: "dashboard" },
  import: "default",
});

const loaded = new Set<string>();
let withDashboard = false;

async function add(i18n: I18n, parts: Part, lang: string, part: string) {
  const key = `${lang}:${part}`;
  const file = parts[`./locales/${lang}/translation.json`];
  if (!file || loaded.has(key)) return;
  const bundle = await file();
  i18n.addResourceBundle(lang, DEFAULT_NS, bundle, true, true);
  loaded.add(key);
}

/** Adds the language's translations to the instance (once) and switches to it. */
export async function loadLanguage(i18n: I18n, lang: string): Promise<void> {
  await Promise.all([
    add(i18n, publicParts, lang, "public"),
    withDashboard ? add(i18n, dashboardParts, lang, "dashboard") : undefined,
  ]);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/**
 * English's dashboard part, as the dashboard's layout module brings it (a static import, so it
 * arrives with that module and never delays hydration).
 */
export function addDashboardEnglish(i18n: I18n, bundle: Record<string, unknown>): void {
  withDashboard = true;
  if (loaded.has("en:dashboard")) return;
  i18n.addResourceBundle("en", DEFAULT_NS, bundle, true, true);
  loaded.add("en:dashboard");
}

/** The dashboard part, in English (the fallback) and in the page's language; once. */
export async function loadDashboardTranslations(i18n: I18n): Promise<void> {
  withDashboard = true;
  const lang = i18n.language;
  await Promise.all([
    add(i18n, dashboardParts, "en", "dashboard"),
    lang && lang !== "en" ? add(i18n, dashboardParts, lang, "dashboard") : undefined,
  ]);
}
