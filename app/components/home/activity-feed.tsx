import { formatMoney } from "../../../core/currency";
import { useTranslation } from "../../i18n/use-translation";
import { relativeTime } from "../../lib/relative-time";

export type ActivityData = {
  id: string;
  kind: "enrolment" | "order" | "completion" | "review" | "signup";
  at: string;
  person: string | null;
  course: string | null;
  amount: number | null;
  currency: string | null;
}[];

/** What happened lately on the site, newest first, each with who and when. */
export function ActivityFeed({ items, now }: { items: ActivityData; now: string }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) {
    return (
      <div className="empty-state" data-testid="feed-empty">
        <p className="muted">{t("home.feed.empty")}</p>
      </div>
    );
  }
  return (
    <ol className="feed-list" data-testid="feed-list">
      {items.map((item) => {
        const person = item.person ?? t("home.feed.someone");
        const course = item.course ?? t("home.feed.deletedCourse");
        const amount =
          item.amount != null && item.currency ? formatMoney(item.amount, item.currency, i18n.language) : "";
        return (
          <li key={`${item.kind}-${item.id}`} data-kind={item.kind}>
            <span>{t(`home.feed.kinds.${item.kind}`, { person, course, amount })}</span>
            <time dateTime={item.at} className="muted" title={new Date(item.at).toLocaleString(i18n.language)}>
              {relativeTime(item.at, now, i18n.language)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
