import { CoverImage } from "../../components/cover-image";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { PostMeta } from "../../components/post-meta";
import { absoluteUrl, canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/blog-post";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: "RSS" },
];

/** One published post; a draft or an unknown address is a 404 for everyone. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  let post: Awaited<ReturnType<typeof context.services.blog.post>>;
  try {
    post = await context.services.blog.post(params.slug);
  } catch (err) {
    if ((err as { code?: string })?.code === "not_found") throw new Response("Not found", { status: 404 });
    throw err;
  }
  const siteName = context.site.settings.sitetitle;
  return {
    seo: {
      title: `${post.title} · ${siteName}`,
      description: post.excerpt,
      url: canonicalUrl(request.url),
      image: absoluteUrl(request.url, post.coverImage),
      type: "article" as const,
      siteName,
      publishedTime: post.publishedAt,
    },
    post: {
      title: post.title,
      content: post.content,
      coverImage: post.coverImage,
      authorName: post.authorName,
      publishedAt: post.publishedAt,
      categories: post.categories.map((c) => ({ slug: c.slug, name: c.name })),
    },
  };
}

/**
 * Drawn with plain elements and the shared `.public-article` rules (site.css), not the interface
 * library: a visitor's first page then loads neither its scripts nor its style sheet, and the
 * title and cover paint with the document's own styles (decision 0072).
 */
export default function BlogPost({ loaderData: { post } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <article className="public-article">
      <Link to="/blog" className="back-link">
        ← {t("blog.backToBlog")}
      </Link>
      <h1>{post.title}</h1>
      <PostMeta authorName={post.authorName} publishedAt={post.publishedAt} />
      {post.categories.length ? (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of links, as before
        <div className="badge-row" role="group" aria-label={t("blog.categoriesLabel")}>
          {post.categories.map((c) => (
            <Link key={c.slug} to={`/blog?category=${encodeURIComponent(c.slug)}`} className="badge-link">
              {c.name}
            </Link>
          ))}
        </div>
      ) : null}
      {post.coverImage ? <CoverImage src={post.coverImage} /> : null}
      {/* Sanitised when it was saved (no scripts, handlers or javascript: links). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored post HTML is sanitised on the way in */}
      <div className="post-content prose" dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}
