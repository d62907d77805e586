import { useTranslation } from "../i18n/use-translation";
import { notificationText } from "../lib/notification-text";
import type { InboxItem } from "../lib/notifications";

/** One notification in the reader's language: what happened, the message if it adds anything, when, unread. */
export function NotificationRow({ item }: { item: InboxItem }) {
  const { t, i18n } = useTranslation();
  const when = item.createdAt ? new Date(item.createdAt) : null;
  const text = notificationText(item, t);
  return (
    <span className={`notification-row${item.read ? "" : " unread"}`}>
      {item.read ? null : <span className="unread-dot" aria-label={t("notifications.unread")} role="img" />}
      <span className="notification-text">
        <strong>{text.title}</strong>
        {text.message ? <span className="muted">{text.message}</span> : null}
        {when && !Number.isNaN(when.getTime()) ? (
          <time className="muted small-text" dateTime={item.createdAt}>
            {when.toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" })}
          </time>
        ) : null}
      </span>
    </span>
  );
}
