import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { translatorFor } from "../../lib/i18n.server";
import { initials } from "../../lib/initials";
import type { Route } from "./+types/member-profile";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** A member's public profile: the name and since when they belong to the site. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const member = await context.services.members.profile(params.slug);
  if (!member) throw new Response("Not found", { status: 404 });
  const t = translatorFor(context, request);
  return {
    title: `${member.name} · ${t("members.title")} · ${context.site.settings.sitetitle}`,
    member: { name: member.name, slug: member.slug, since: member.since },
  };
}

export default function MemberProfile({ loaderData: { member } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const since = member.since ? new Date(member.since) : null;
  return (
    <section className="page member-profile">
      <span className="initials xlarge" aria-hidden>
        {initials(member.name)}
      </span>
      <h1>{member.name}</h1>
      <p className="muted">@{member.slug}</p>
      {since && !Number.isNaN(since.getTime()) ? (
        <p>{t("members.since", { date: since.toLocaleDateString(i18n.language, { dateStyle: "long" }) })}</p>
      ) : null}
      <p>
        <Link to="/members">{t("members.back")}</Link>
      </p>
    </section>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
