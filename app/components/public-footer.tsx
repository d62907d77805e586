import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";

/** The platform site's footer: the product's pages (privacy and terms are its starter content pages) and the year. */
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
          <Link to="/blog">{t("nav.blog")}</Link>
          <Link to="/docs">{t("nav.docs")}</Link>
          <a href="/#pricing">{t("landing.nav.pricing")}</a>
          <Link to="/signup">{t("nav.signup")}</Link>
          <Link to="/privacy">{t("nav.privacy")}</Link>
          <Link to="/terms">{t("nav.terms")}</Link>
        </nav>
      </div>
      <p className="footer-bottom muted">
        {t("footer.copyright", { year: new Date().getFullYear(), site: sitetitle })}
      </p>
    </footer>
  );
}
