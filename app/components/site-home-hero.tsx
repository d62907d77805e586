import { useTranslation } from "../i18n/use-translation";

/** A site's home page until the owner builds pages: its title and a way in. */
export function SiteHomeHero({ sitetitle, signedIn }: { sitetitle: string; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="site-hero">
      <h1>{sitetitle}</h1>
      <p className="lead">{t("site.welcome", { site: sitetitle })}</p>
      <div className="actions">
        {signedIn ? (
          <a className="button large" href="/dashboard">
            {t("nav.dashboard")}
          </a>
        ) : (
          <>
            <a className="button large" href="/signup">
              {t("site.join")}
            </a>
            <a className="button large secondary" href="/login">
              {t("nav.login")}
            </a>
          </>
        )}
      </div>
    </section>
  );
}
