import { useTranslation } from "react-i18next";
import type { InboxItem } from "../lib/notifications";

/** One notification: title, message (as text), when, and whether it is unread. */
export function NotificationRow({ item }: { item: InboxItem }) {
  const { t, i18n } = useTranslation();
  const when = item.createdAt ? new Date(item.createdAt) : null;
  return (
    <span className={`notification-row${item.read ? "" : " unread"}`}>
      {item.read ? null : <span className="unread-dot" aria-label={t("notifications.unread")} role="img" />}
      <span className="notification-text">
        <strong>{item.title}</strong>
        {item.message ? <span className="muted">{stripTags(item.message)}</span> : null}
        {when && !Number.isNaN(when.getTime()) ? (
          <time className="muted small-text" dateTime={item.createdAt}>
            {when.toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" })}
          </time>
        ) : null}
      </span>
    </span>
  );
}

/** Messages may carry basic formatting; the list shows their text only. */
function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
