import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { MemberAvatar } from "../../components/member-avatar";
import { translatorFor } from "../../lib/i18n.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/members";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

/** The site's public member directory: names and profile addresses, never e-mail. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  const title = `${t("members.title")} · ${context.site.settings.sitetitle}`;
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1);
  const { items, total, perPage } = await context.services.members.directory(page);
  const url = new URL(request.url);
  const canonical = `${url.origin}${url.pathname}${page > 1 ? `?page=${page}` : ""}`;
  return {
    title,
    seo: {
      title,
      description: t("users.directoryDescription", { site: context.site.settings.sitetitle }),
      url: canonical,
      siteName: context.site.settings.sitetitle,
    },
    items: items.map((m) => ({ userId: m.userId, name: m.name, slug: m.slug })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

export default function Members({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t("members.title")}</h1>
      {d.items.length === 0 ? (
        <p className="muted">{t("members.empty")}</p>
      ) : (
        <>
          <p className="muted">{t("members.count", { n: d.total })}</p>
          <ul className="member-grid">
            {d.items.map((m) => (
              <li key={m.slug}>
                <Link to={`/members/${encodeURIComponent(m.slug)}`} className="member-card">
                  <MemberAvatar userId={m.userId} name={m.name} size={48} />
                  <span>
                    <strong>{m.name}</strong>
                    <span className="muted small-text">@{m.slug}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {d.pages > 1 ? (
            <nav className="pager" aria-label={t("common.pages")}>
              {d.page > 1 ? <a href={`?page=${d.page - 1}`}>{t("common.previous")}</a> : <span />}
              <span className="muted">{t("common.pageOf", { page: d.page, pages: d.pages })}</span>
              {d.page < d.pages ? <a href={`?page=${d.page + 1}`}>{t("common.next")}</a> : <span />}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
