import { IconLanguage } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useLanguageSwitch } from "../hooks/use-language-switch";
import { LANGUAGE_CODES, LANGUAGE_NAMES } from "../i18n/languages";

/** The language choice of public pages: the browser's own select, each language in its own name. */
export function LanguagePicker({ signedIn, className = "" }: { signedIn: boolean; className?: string }) {
  const { t, i18n } = useTranslation();
  const { change, busy } = useLanguageSwitch(signedIn);
  const id = useId();
  return (
    <span className={`language-picker ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {t("language.label")}
      </label>
      <IconLanguage size={18} aria-hidden />
      <select id={id} value={i18n.language} disabled={busy} onChange={(e) => change(e.currentTarget.value)}>
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
