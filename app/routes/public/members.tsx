import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { translatorFor } from "../../lib/i18n.server";
import { initials } from "../../lib/initials";
import type { Route } from "./+types/members";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** The site's public member directory: names and profile addresses, never e-mail. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  const title = `${t("members.title")} · ${context.site.settings.sitetitle}`;
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1);
  const { items, total, perPage } = await context.services.members.directory(page);
  return {
    title,
    items: items.map((m) => ({ name: m.name, slug: m.slug })),
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
                  <span className="initials large" aria-hidden>
                    {initials(m.name)}
                  </span>
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
