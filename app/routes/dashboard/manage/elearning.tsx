import "../../../styles/home.css";
import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { elearningLinks } from "../../../lib/manage-areas";
import type { Route } from "./+types/elearning";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.services.dashboard.canManage) throw new Response("Not found", { status: 404 });
  return {
    title: pageTitle(translatorFor(context, request), "manage.areas.elearning.title", context.site.settings.sitetitle),
    links: elearningLinks(),
  };
}

/** The e-learning area: courses, categories, quizzes, the marking queues and statistics. */
export default function ManageElearning({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("manage.areas.elearning.title")}</h1>
      </div>
      <p className="muted">{t("manage.areas.elearning.text")}</p>
      <ul className="manage-grid" data-testid="elearning-links">
        {d.links.map((l) => (
          <li key={l.id}>
            <section className="home-card" aria-labelledby={`el-${l.id}`}>
              <h2 id={`el-${l.id}`}>
                <Anchor component={Link} to={l.href}>
                  {t(`manage.links.${l.id}`)}
                </Anchor>
              </h2>
              <p className="muted">{t(`manage.elearning.${l.id}`)}</p>
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
