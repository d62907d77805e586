import { useTranslation } from "react-i18next";
import { NavLink, Outlet, redirect } from "react-router";
import { TopBar } from "../../components/top-bar";
import type { Route } from "./+types/layout";

/** Every dashboard page needs a session; without one the person goes to log in and comes back. */
export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) {
    const url = new URL(request.url);
    const params = new URLSearchParams({ redirectedFrom: url.pathname + url.search });
    if (context.sessionEnded === "single_session") params.set("reason", "singleSession");
    throw redirect(`/login?${params}`);
  }
  return {
    sitetitle: context.site.settings.sitetitle,
    isPlatform: context.site.isPlatform,
    isStaff: context.isStaff,
    user: { name: context.user.name, email: context.user.email, emailVerified: context.user.emailVerified },
  };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <TopBar title={loaderData.sitetitle} user={loaderData.user} />
      <nav
        className="page"
        aria-label="Dashboard"
        style={{ paddingBottom: 0, display: "flex", gap: "1rem", flexWrap: "wrap" }}
      >
        <NavLink to="/dashboard" end>
          {t("dashboard.title")}
        </NavLink>
        {loaderData.isPlatform ? <NavLink to="/dashboard/setup">{t("dashboard.createSite")}</NavLink> : null}
        <NavLink to="/dashboard/profile">{t("dashboard.profile")}</NavLink>
        {loaderData.isStaff ? <NavLink to="/dashboard/maintenance/mail">{t("dashboard.mailbox")}</NavLink> : null}
      </nav>
      {!loaderData.user.emailVerified ? (
        <div className="page" style={{ paddingBottom: 0 }}>
          <p className="alert info">{t("dashboard.verifyEmailNotice")}</p>
        </div>
      ) : null}
      <Outlet />
    </>
  );
}
