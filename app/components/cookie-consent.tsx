import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useConsent } from "../hooks/use-consent";
import { type ConsentChoice, saveConsent } from "../lib/consent";

const CookieSettingsDialog = lazy(() =>
  import("./cookie-settings-dialog").then((m) => ({ default: m.CookieSettingsDialog })),
);

/**
 * The cookie notice (spec §2, §4): shown until a preference cookie exists. The settings dialog
 * (tabs privacy, necessary cookies, third-party cookies) is loaded only when asked for.
 */
export function CookieConsent() {
  const { t } = useTranslation();
  const choice = useConsent();
  const [settings, setSettings] = useState(false);

  const choose = (value: ConsentChoice) => {
    saveConsent(value);
    setSettings(false);
  };

  if (choice !== null) return null;
  return (
    <section className="cookie-bar" aria-label={t("cookies.title")}>
      <p>{t("cookies.message")}</p>
      <div className="cookie-actions">
        <button type="button" className="button secondary small" onClick={() => setSettings(true)}>
          {t("cookies.settings")}
        </button>
        <button type="button" className="button secondary small" onClick={() => choose("required")}>
          {t("cookies.required")}
        </button>
        <button type="button" className="button small" onClick={() => choose("all")}>
          {t("cookies.all")}
        </button>
      </div>
      {settings ? (
        <Suspense fallback={null}>
          <CookieSettingsDialog opened onClose={() => setSettings(false)} onChoose={choose} />
        </Suspense>
      ) : null}
    </section>
  );
}
