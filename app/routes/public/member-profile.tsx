import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { MemberAvatar } from "../../components/member-avatar";
import { translatorFor } from "../../lib/i18n.server";
import { canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/member-profile";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

/** A member's public profile: the name and since when they belong to the site. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const member = await context.services.members.profile(params.slug);
  if (!member) throw new Response("Not found", { status: 404 });
  const t = translatorFor(context, request);
  const title = `${member.name} · ${t("members.title")} · ${context.site.settings.sitetitle}`;
  return {
    title,
    seo: {
      title,
      description: t("users.profileDescription", { name: member.name, site: context.site.settings.sitetitle }),
      url: canonicalUrl(request.url),
      type: "website" as const,
      siteName: context.site.settings.sitetitle,
    },
    member: { userId: member.userId, name: member.name, slug: member.slug, since: member.since },
  };
}

export default function MemberProfile({ loaderData: { member } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const since = member.since ? new Date(member.since) : null;
  return (
    <section className="page member-profile">
      <MemberAvatar userId={member.userId} name={member.name} size={96} />
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
