import { useTranslation } from "../i18n/use-translation";

/** A post's date as the reader's language writes it (in UTC, so server and browser agree). */
export function formatPostDate(iso: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
}

/** "By Ana · 3 March 2026": who wrote a post and when it was published. */
export function PostMeta({ authorName, publishedAt }: { authorName: string | null; publishedAt: string | null }) {
  const { t, i18n } = useTranslation();
  const parts = [
    authorName ? t("blog.by", { name: authorName }) : null,
    publishedAt ? formatPostDate(publishedAt, i18n.language) : null,
  ].filter(Boolean);
  if (!parts.length) return null;
  return (
    <p className="post-meta">
      {authorName ? <span>{parts[0]}</span> : null}
      {authorName && publishedAt ? " · " : null}
      {publishedAt ? <time dateTime={publishedAt}>{formatPostDate(publishedAt, i18n.language)}</time> : null}
    </p>
  );
}
