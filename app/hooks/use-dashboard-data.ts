import { useRouteLoaderData } from "react-router";
import type { DashboardShellData } from "../lib/dashboard-data.server";

/** The dashboard shell's data (menus, preference), for pages inside the shell. */
export const useDashboardData = () => useRouteLoaderData<DashboardShellData>("routes/dashboard/layout");
