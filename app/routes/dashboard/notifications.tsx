import { IconChecks } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { NotificationRow } from "../../components/notification-row";
import { actionResult, unknownIntent } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { notificationLink, toInboxItem } from "../../lib/notifications";
import type { Route } from "./+types/notifications";
import { Pager } from "../../components/pager";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;

/** Every notification of the signed-in member on this site, newest first, page by page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const title = pageTitle(translatorFor(context, request), "notifications.title", context.site.settings.sitetitle);
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const unreadOnly = url.searchParams.get("filter") === "unread";
  const result = await context.services.notifications.list({ page, per_page: PER_PAGE, unreadOnly });
  return {
    title,
    items: result.items.map(toInboxItem),
    total: result.total,
    unread: result.unread,
    page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
    unreadOnly,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const service = context.services.notifications;
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (intent !== "read" && intent !== "readAll") return unknownIntent();
  return actionResult(async () => {
    if (intent === "read") await service.markRead(String(form.get("id") ?? ""));
    else await service.markAllRead();
    return { ok: true };
  });
}

export default function Notifications({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const query = (page: number) =>
    `?${new URLSearchParams({ page: String(page), ...(d.unreadOnly ? { filter: "unread" } : {}) })}`;
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("notifications.title")}</h1>
        {d.unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="readAll" />
            <button type="submit" className="button secondary small" disabled={busy}>
              <IconChecks size={16} aria-hidden /> {t("notifications.markAllRead")}
            </button>
          </Form>
        ) : null}
      </div>

      <nav className="tabs-row" aria-label={t("notifications.filter")}>
        <Link to="?" aria-current={d.unreadOnly ? undefined : "page"}>
          {t("notifications.all")}
        </Link>
        <Link to="?filter=unread" aria-current={d.unreadOnly ? "page" : undefined}>
          {t("notifications.unreadCount", { n: d.unread })}
        </Link>
      </nav>
      {d.items.length === 0 ? (
        <p className="muted empty-state">{d.unreadOnly ? t("notifications.noneUnread") : t("notifications.empty")}</p>
      ) : (
        <ul className="notification-list">
          {d.items.map((item) => {
            const href = notificationLink(item);
            return (
              <li key={item.id} className={item.read ? undefined : "unread"}>
                {href ? (
                  <Link to={href} className="notification-link">
                    <NotificationRow item={item} />
                  </Link>
                ) : (
                  <NotificationRow item={item} />
                )}
                {item.read ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={item.id} />
                    <button type="submit" className="button secondary small" disabled={busy}>
                      {t("notifications.markRead")}
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={d.page} pages={d.pages} to={query} />
    </div>
  );
}
