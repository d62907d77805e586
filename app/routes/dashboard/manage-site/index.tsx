import { useTranslation } from "../../../i18n/use-translation";
import { SITE_ADMIN_SCREENS, siteAdminPath } from "../../../components/site-admin";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { requireSiteManager } from "../../../lib/site-admin.server";
import type { Route } from "./+types/index";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  requireSiteManager(context);
  return { title: pageTitle(translatorFor(context, request), "siteAdmin.title", context.site.settings.sitetitle) };
}

/** The site administration index: one card per editing screen. */
export default function ManageSite() {
  const { t } = useTranslation();
  return (
    <div className="page site-admin">
      <h1>{t("siteAdmin.title")}</h1>
      <p>{t("siteAdmin.intro")}</p>
      <ul className="site-admin-index">
        {SITE_ADMIN_SCREENS.map((screen) => (
          <li key={screen}>
            <a className="card" href={siteAdminPath(screen)}>
              <h2>{t(`siteAdmin.screens.${screen}.title`)}</h2>
              <p>{t(`siteAdmin.screens.${screen}.description`)}</p>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
