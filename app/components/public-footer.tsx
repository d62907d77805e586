import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** The platform site's footer: the product's pages and the year. */
export function PublicFooter({ sitetitle }: { sitetitle: string }) {
  const { t } = useTranslation();
  return (
    <footer className="public-footer">
      <div className="footer-inner">
        <div>
          <strong>{sitetitle}</strong>
          <p className="muted">{t("app.tagline")}</p>
        </div>
        <nav aria-label={t("nav.footer")} className="footer-links">
          <Link to="/about">{t("nav.about")}</Link>
          <Link to="/members">{t("nav.members")}</Link>
          <a href="/#pricing">{t("landing.nav.pricing")}</a>
          <Link to="/signup">{t("nav.signup")}</Link>
        </nav>
      </div>
      <p className="footer-bottom muted">
        {t("footer.copyright", { year: new Date().getFullYear(), site: sitetitle })}
      </p>
    </footer>
  );
}
