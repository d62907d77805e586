import { useTranslation } from "../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/home";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = context.user!;
  const owned = context.site.isPlatform ? await context.services.sites.owned() : [];
  return {
    title: pageTitle(translatorFor(context, request), "dashboard.title", context.site.settings.sitetitle),
    user: { name: user.name, email: user.email },
    site: { title: context.site.settings.sitetitle, slug: context.site.slug, isPlatform: context.site.isPlatform },
    role: context.member?.role ?? null,
    caps: context.member?.caps ?? [],
    aal: user.twoFactorEnabled ? "aal2" : "aal1",
    isStaff: context.isStaff,
    owned: owned.map((s) => ({ accountId: s.accountId, title: s.settings.sitetitle, url: context.siteUrl(s) })),
  };
}

export default function DashboardHome({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1 data-tour="welcome">{t("dashboard.welcome", { name: d.user.name })}</h1>
      <p className="muted">{t("dashboard.youAre", { email: d.user.email })}</p>
      <dl className="facts" data-testid="who-am-i" data-tour="profile">
        <dt>{t("dashboard.site")}</dt>
        <dd data-testid="site-title">{d.site.title}</dd>
        <dt>{t("dashboard.role")}</dt>
        <dd data-testid="role">
          {d.isStaff ? `${d.role ?? t("dashboard.none")} (${t("dashboard.staff")})` : (d.role ?? "—")}
        </dd>
        <dt>{t("dashboard.capabilities")}</dt>
        <dd>
          {d.caps.length ? (
            <span className="chips">
              {d.caps.map((c) => (
                <span className="chip" key={c}>
                  {c}
                </span>
              ))}
            </span>
          ) : (
            t("dashboard.none")
          )}
        </dd>
        <dt>{t("dashboard.assurance")}</dt>
        <dd data-testid="aal">{d.aal}</dd>
      </dl>
      {d.site.isPlatform ? (
        <section data-tour="setup-completion">
          <h2>{t("dashboard.yourSites")}</h2>
          {d.owned.length === 0 ? (
            <p className="muted">
              {t("dashboard.noSites")} <a href="/dashboard/setup">{t("dashboard.createSite")}</a>
            </p>
          ) : (
            <ul className="sites">
              {d.owned.map((s) => (
                <li key={s.accountId}>
                  <span>
                    <strong>{s.title}</strong> <span className="muted">{s.url}</span>
                  </span>
                  <a className="button secondary" href={`${s.url}/login`} target="_blank" rel="noreferrer">
                    {t("dashboard.openSite")}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
