import { RouteError } from "../../components/route-error";

export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function DashboardNotFound() {
  return null;
}

/** Unknown dashboard addresses answer 404 inside the dashboard shell. */
export const ErrorBoundary = RouteError;
