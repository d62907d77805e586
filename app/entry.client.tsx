// Hydration waits for the page's language file (English's public part is in the bundle) and, on a
// dashboard screen, for the dashboard's words, so the first client render says exactly what the
// server rendered.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { browserI18n, dashboardTranslations } from "./i18n/browser";
import { isLanguageCode } from "./i18n/languages";
import { loadLanguage } from "./i18n/load-language";
import { TranslationProvider } from "./i18n/use-translation";

const lang = document.documentElement.lang;
const dashboard = /^\/dashboard(\/|$)/.test(window.location.pathname);

loadLanguage(browserI18n, isLanguageCode(lang) ? lang : "en")
  .then(() => (dashboard ? dashboardTranslations() : undefined))
  .catch((err) => console.error("translations could not be loaded", err))
  .finally(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <TranslationProvider i18n={browserI18n}>
            <HydratedRouter />
          </TranslationProvider>
        </StrictMode>,
      );
    });
  });
