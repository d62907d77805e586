import "../../styles/home.css";
import { data } from "react-router";
import { LearnerHome } from "../../components/home/learner-home";
import { OwnedSites } from "../../components/home/owned-sites";
import { OwnerHome } from "../../components/home/owner-home";
import { ProfileFacts } from "../../components/home/profile-facts";
import { useTranslation } from "../../i18n/use-translation";
import { loadLearnerHome, loadOwnerHome, loadPlatformHome } from "../../lib/dashboard-home.server";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/home";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/**
 * /dashboard: on the platform, the account owner's sites; on a site, the owner's home for those who
 * run it (owner, manage_options) and the learning home for everyone else.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = context.user!;
  const base = {
    title: pageTitle(translatorFor(context, request), "dashboard.title", context.site.settings.sitetitle),
    now: new Date().toISOString(),
    name: user.name,
    profile: {
      site: context.site.settings.sitetitle,
      role: context.member?.role ?? null,
      isStaff: context.isStaff,
      aal: user.twoFactorEnabled ? "aal2" : "aal1",
    },
  };
  if (context.site.isPlatform) {
    return { ...base, kind: "platform" as const, sites: await loadPlatformHome(context) };
  }
  if (context.services.dashboard.canManage) {
    return { ...base, kind: "owner" as const, owner: await loadOwnerHome(context) };
  }
  return { ...base, kind: "member" as const, member: await loadLearnerHome(context) };
}

/** Folding the setup checklist away (or back) is remembered for this member. */
export async function action({ context, request }: Route.ActionArgs) {
  if (!context.services.dashboard.canManage) throw new Response("Not found", { status: 404 });
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent !== "hide-checklist" && intent !== "show-checklist") {
    return data({ error: { code: "bad_request", message: "Unknown action" } }, { status: 400 });
  }
  return context.services.dashboard.setChecklistHidden(intent === "hide-checklist");
}

export default function DashboardHome({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page home">
      <header className="home-heading">
        <h1 data-tour="welcome">{t("dashboard.welcome", { name: d.name })}</h1>
        <ProfileFacts d={d.profile} />
      </header>
      {d.kind === "platform" ? <OwnedSites sites={d.sites} /> : null}
      {d.kind === "owner" ? <OwnerHome d={d.owner} now={d.now} /> : null}
      {d.kind === "member" ? <LearnerHome learning={d.member.learning} taught={d.member.taught} now={d.now} /> : null}
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
