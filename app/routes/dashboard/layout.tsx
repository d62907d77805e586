import "../../styles/dashboard.css";
import { Outlet, redirect } from "react-router";
import { DashboardShell } from "../../components/dashboard-shell";
import { dashboardShellData } from "../../lib/dashboard-data.server";
import type { Route } from "./+types/layout";

/** Every dashboard page needs a session; without one the person goes to log in and comes back. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) {
    const url = new URL(request.url);
    const params = new URLSearchParams({ redirectedFrom: url.pathname + url.search });
    if (context.sessionEnded === "single_session") params.set("reason", "singleSession");
    throw redirect(`/login?${params}`);
  }
  return dashboardShellData(context);
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell data={loaderData}>
      <Outlet />
    </DashboardShell>
  );
}
