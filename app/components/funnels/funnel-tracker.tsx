// Posts the site's page views to its funnels (app/lib/funnel-tracker, loaded only when needed: a
// campaign link or a session already running), on the public pages and the checkout.
import { useEffect } from "react";
import { useLocation, useRouteLoaderData } from "react-router";

export function FunnelTracker() {
  const root = useRouteLoaderData("root") as { accountId?: string } | undefined;
  const accountId = root?.accountId ?? "";
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!accountId) return;
    let running = false;
    try {
      running = Boolean(sessionStorage.getItem("funnel_session_id"));
    } catch {
      return;
    }
    if (!running && !search.includes("utm_campaign=")) return;
    void import("../../lib/funnel-tracker").then((m) => m.trackFunnelView(accountId, { pathname, search }));
  }, [accountId, pathname, search]);
  return null;
}
