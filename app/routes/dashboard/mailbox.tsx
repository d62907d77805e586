import { useTranslation } from "react-i18next";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/mailbox";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** Staff only: every e-mail the platform wrote, the mailbox when no SMTP server is configured. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.isStaff || !context.site.isPlatform) throw new Response("Not found", { status: 404 });
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const { items, total } = await context.services.mail.recent(page);
  const title = pageTitle(translatorFor(context, request), "mailbox.title", context.site.settings.sitetitle);
  return { title, items, total, page, transport: context.services.mail.transport() };
}

export default function Mailbox({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("mailbox.title")}</h1>
      <p className="alert info">{d.transport === "smtp" ? t("mailbox.transportSmtp") : t("mailbox.transportOutbox")}</p>
      {d.items.length === 0 ? (
        <p className="muted">{t("mailbox.empty")}</p>
      ) : (
        <div style={{ overflowX: "auto" }}>
          <table className="list">
            <thead>
              <tr>
                <th>{t("mailbox.when")}</th>
                <th>{t("mailbox.site")}</th>
                <th>{t("mailbox.to")}</th>
                <th>{t("mailbox.subject")}</th>
                <th>{t("mailbox.status")}</th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((m) => (
                <tr key={m.id}>
                  <td>{new Date(m.createdAt).toLocaleString()}</td>
                  <td>{m.site}</td>
                  <td>{m.to}</td>
                  <td>
                    <details>
                      <summary>{m.subject}</summary>
                      <pre style={{ whiteSpace: "pre-wrap" }}>{m.text}</pre>
                    </details>
                  </td>
                  <td>{m.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted">
        {t("mailbox.total", { n: d.total })} ·{" "}
        {d.page > 1 ? (
          <a href={`?page=${d.page - 1}`} aria-label={t("common.previous")}>
            ←
          </a>
        ) : null}{" "}
        {d.page * 50 < d.total ? (
          <a href={`?page=${d.page + 1}`} aria-label={t("common.next")}>
            →
          </a>
        ) : null}
      </p>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
