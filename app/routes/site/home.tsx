import { useTranslation } from "react-i18next";
import { TopBar } from "../../components/top-bar";
import type { Route } from "./+types/home";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data?.sitetitle ?? "Atrium" },
  {
    name: "description",
    content: data?.isPlatform ? "Atrium: courses, memberships and community on one site." : data?.sitetitle,
  },
];

export function loader({ context }: Route.LoaderArgs) {
  return {
    sitetitle: context.site.settings.sitetitle,
    isPlatform: context.site.isPlatform,
    user: context.user ? { name: context.user.name } : null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <TopBar title={loaderData.sitetitle} user={loaderData.user} />
      <main className="hero">
        <h1>{loaderData.sitetitle}</h1>
        <p>{t("app.tagline")}</p>
        <div className="actions">
          {loaderData.user ? (
            <a className="button" href="/dashboard">
              {t("nav.dashboard")}
            </a>
          ) : (
            <>
              <a className="button" href="/signup">
                {t("nav.signup")}
              </a>
              <a className="button secondary" href="/login">
                {t("nav.login")}
              </a>
            </>
          )}
        </div>
      </main>
    </>
  );
}
