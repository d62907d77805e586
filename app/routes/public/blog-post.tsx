import { Anchor, Badge, Container, Group, Stack, Title, Typography } from "@mantine/core";
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

export default function BlogPost({ loaderData: { post } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl" component="article">
      <Stack gap="md">
        <Anchor component={Link} to="/blog" size="sm">
          ← {t("blog.backToBlog")}
        </Anchor>
        <Title order={1}>{post.title}</Title>
        <PostMeta authorName={post.authorName} publishedAt={post.publishedAt} />
        {post.categories.length ? (
          <Group gap={6} role="group" aria-label={t("blog.categoriesLabel")}>
            {post.categories.map((c) => (
              <Badge key={c.slug} component={Link} to={`/blog?category=${encodeURIComponent(c.slug)}`} variant="light">
                {c.name}
              </Badge>
            ))}
          </Group>
        ) : null}
        {post.coverImage ? <CoverImage src={post.coverImage} /> : null}
        <Typography>
          {/* Sanitised when it was saved (no scripts, handlers or javascript: links). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored post HTML is sanitised on the way in */}
          <div className="post-content" dangerouslySetInnerHTML={{ __html: post.content }} />
        </Typography>
      </Stack>
    </Container>
  );
}
