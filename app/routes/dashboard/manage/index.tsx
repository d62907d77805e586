import "../../../styles/home.css";
import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { availableAreas } from "../../../lib/manage-areas";
import type { Route } from "./+types/index";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.services.dashboard.canManage) throw new Response("Not found", { status: 404 });
  return {
    title: pageTitle(translatorFor(context, request), "manage.title", context.site.settings.sitetitle),
    areas: availableAreas(),
  };
}

/** Every management area of the site, as cards with the screens inside each. */
export default function Manage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("manage.title")}</h1>
      </div>
      <p className="muted">{t("manage.intro")}</p>
      <ul className="manage-grid" data-testid="manage-areas">
        {d.areas.map((area) => (
          <li key={area.id} data-area={area.id}>
            <section className="home-card" aria-labelledby={`area-${area.id}`}>
              <h2 id={`area-${area.id}`}>
                <Anchor component={Link} to={area.href}>
                  {t(`manage.areas.${area.id}.title`)}
                </Anchor>
              </h2>
              <p className="muted">{t(`manage.areas.${area.id}.text`)}</p>
              {area.links.length ? (
                <ul className="manage-list">
                  {area.links.map((l) => (
                    <li key={l.id}>
                      <Anchor component={Link} to={l.href} size="sm">
                        {t(`manage.links.${l.id}`)}
                      </Anchor>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
