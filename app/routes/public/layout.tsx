import { Outlet, redirect } from "react-router";
import { PopupRuntime } from "../../components/forms/popup-runtime";
import { FunnelTracker } from "../../components/funnels/funnel-tracker";
import { PublicLayout } from "../../components/public-layout";
import { SiteLayout } from "../../components/site-layout";
import { siteChrome } from "../../lib/site-chrome.server";
import type { Route } from "./+types/layout";

/** The platform's own site gets the product's public layout; every other site its own header and footer. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // A page an automation chose for this member (redirect_user) is shown once, on this view.
  const pending = context.user && !context.site.isPlatform ? await context.services.automationRedirect.take() : null;
  if (pending) throw redirect(pending);
  const user = context.user ? { name: context.user.name, email: context.user.email } : null;
  if (context.site.isPlatform) {
    return { kind: "platform" as const, sitetitle: context.site.settings.sitetitle, user, site: null };
  }
  const site = siteChrome(context, new URL(request.url).pathname);
  return { kind: "site" as const, sitetitle: site.sitetitle, user, site };
}

export default function PublicRoutes({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "site" && loaderData.site) {
    return (
      <SiteLayout site={loaderData.site} user={loaderData.user}>
        <Outlet />
        <PopupRuntime />
        <FunnelTracker />
      </SiteLayout>
    );
  }
  return (
    <PublicLayout sitetitle={loaderData.sitetitle} user={loaderData.user}>
      <Outlet />
    </PublicLayout>
  );
}
