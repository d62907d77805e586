import { Select } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { useLanguageSwitch } from "../hooks/use-language-switch";
import { COMPLETE_LANGUAGES, LANGUAGE_CODES, LANGUAGE_NAMES } from "../i18n/languages";

/** The profile's language choice, saved on the membership; incomplete languages say so. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { change, busy } = useLanguageSwitch(true);
  const data = LANGUAGE_CODES.map((code) => ({
    value: code,
    label: COMPLETE_LANGUAGES.includes(code)
      ? LANGUAGE_NAMES[code]
      : `${LANGUAGE_NAMES[code]} (${t("language.partial")})`,
  }));
  return (
    <Select
      label={t("language.label")}
      description={t("language.help")}
      data={data}
      value={i18n.language}
      onChange={(value) => value && value !== i18n.language && change(value)}
      allowDeselect={false}
      disabled={busy}
      searchable
      maw={360}
    />
  );
}
