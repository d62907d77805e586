// Hydration waits for the page's language file (English needs none), so the first client render
// says exactly what the server rendered.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createI18n } from "./i18n";
import { isLanguageCode } from "./i18n/languages";
import { loadLanguage } from "./i18n/load-language";

const lang = document.documentElement.lang;
const i18n = createI18n("en", {});

loadLanguage(i18n, isLanguageCode(lang) ? lang : "en")
  .catch((err) => console.error("translations could not be loaded", err))
  .finally(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <HydratedRouter />
          </I18nextProvider>
        </StrictMode>,
      );
    });
  });
