import { Anchor, Badge } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { relativeTime } from "../../lib/relative-time";

export type PostsData = { id: string; title: string; status: string; publishedAt: string | null; updatedAt: string }[];

/** The blog's latest posts, drafts included, each linking to its editor. */
export function LatestPosts({ posts, now }: { posts: PostsData; now: string }) {
  const { t, i18n } = useTranslation();
  if (posts.length === 0) {
    return (
      <div className="empty-state" data-testid="posts-empty">
        <p className="muted">{t("home.posts.empty")}</p>
        <Anchor component={Link} to="/dashboard/post">
          {t("home.posts.write")}
        </Anchor>
      </div>
    );
  }
  return (
    <>
      <ul className="home-list" data-testid="posts-list">
        {posts.map((p) => (
          <li key={p.id}>
            <Anchor component={Link} to={`/dashboard/post/${p.id}`}>
              {p.title || t("home.posts.untitled")}
            </Anchor>
            <span className="home-list-meta">
              {p.status === "published" ? null : (
                <Badge variant="light" size="sm">
                  {t(`home.posts.status.${p.status === "draft" ? "draft" : "other"}`)}
                </Badge>
              )}
              <time dateTime={p.publishedAt ?? p.updatedAt} className="muted">
                {relativeTime(p.publishedAt ?? p.updatedAt, now, i18n.language)}
              </time>
            </span>
          </li>
        ))}
      </ul>
      <Anchor component={Link} to="/dashboard/posts" size="sm">
        {t("home.posts.all")}
      </Anchor>
    </>
  );
}
