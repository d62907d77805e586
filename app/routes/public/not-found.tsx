import { RouteError } from "../../components/route-error";

export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

/** Unknown addresses answer 404 inside the site's own header and footer. */
export const ErrorBoundary = RouteError;
