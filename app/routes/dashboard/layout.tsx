import "../../styles/dashboard.css";
import { Outlet, redirect } from "react-router";
import { DashboardShell } from "../../components/dashboard-shell";
import { dashboardEnglish, dashboardTranslations } from "../../i18n/browser";
import englishDashboard from "../../i18n/locales/en/translation.json?part=dashboard";
import { dashboardShellData } from "../../lib/dashboard-data.server";
import type { Route } from "./+types/layout";

// The dashboard's words in English come with this module, before the page hydrates; another
// language's come from entry.client (first visit) or the client loader (arriving from a public page).
if (typeof document !== "undefined") dashboardEnglish(englishDashboard);

/** Every dashboard page needs a session; without one the person goes to log in and comes back. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) {
    const url = new URL(request.url);
    const params = new URLSearchParams({ redirectedFrom: url.pathname + url.search });
    if (context.sessionEnded === "single_session") params.set("reason", "singleSession");
    throw redirect(`/login?${params}`);
  }
  // A page an automation chose for this member (redirect_user) is shown once, on this view.
  const pending = await context.services.automationRedirect.take();
  if (pending) throw redirect(pending);
  return dashboardShellData(context);
}

/** Coming from a public page, the dashboard's words arrive with its data (entry.client loads them on a first visit). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), dashboardTranslations()]);
  return data;
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell data={loaderData}>
      <Outlet />
    </DashboardShell>
  );
}
