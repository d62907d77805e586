import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";

/** Previous / "page n of m" / next links under a list; nothing when everything fits on one page. */
export function Pager({ page, pages, to }: { page: number; pages: number; to: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t("common.pages")}>
      {page > 1 ? <Link to={to(page - 1)}>{t("common.previous")}</Link> : <span />}
      <span className="muted">{t("common.pageOf", { page, pages })}</span>
      {page < pages ? <Link to={to(page + 1)}>{t("common.next")}</Link> : <span />}
    </nav>
  );
}
