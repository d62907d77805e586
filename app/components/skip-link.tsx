import { useTranslation } from "../i18n/use-translation";

/** The first stop of the keyboard on every page: straight to the content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t("nav.skipToContent")}
    </a>
  );
}
