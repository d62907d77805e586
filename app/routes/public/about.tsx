import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/about";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** About the product; the platform's page (a site's own pages come with the page builder). */
export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.site.isPlatform) throw new Response("Not found", { status: 404 });
  const t = translatorFor(context, request);
  return { title: `${t("about.title")} · ${context.site.settings.sitetitle}`, signedIn: Boolean(context.user) };
}

const SECTIONS = ["what", "how", "tenancy", "open"] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <article className="prose-page">
      <h1>{t("about.title")}</h1>
      <p className="lead">{t("about.lead")}</p>
      {SECTIONS.map((s) => (
        <section key={s}>
          <h2>{t(`about.${s}.title`)}</h2>
          <p>{t(`about.${s}.text`)}</p>
        </section>
      ))}
      <p>
        <Link className="button" to={loaderData.signedIn ? "/dashboard" : "/signup"}>
          {loaderData.signedIn ? t("nav.dashboard") : t("landing.cta")}
        </Link>
      </p>
    </article>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
