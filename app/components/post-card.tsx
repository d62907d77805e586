import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import { responsiveImage } from "../lib/images";
import { PostMeta } from "./post-meta";

export type PostCardData = {
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string | null;
  featured: boolean;
  authorName: string | null;
  publishedAt: string | null;
  categories: { slug: string; name: string }[];
};

/** One post in the blog listing: cover, title linking to the post, date, excerpt and categories. */
export function PostCard({ post }: { post: PostCardData }) {
  const { t } = useTranslation();
  const href = `/blog/${post.slug}`;
  const cover = post.coverImage
    ? responsiveImage(post.coverImage, {
        sizes: "(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw",
        maxWidth: 1200,
      })
    : null;
  return (
    <Card component="article" withBorder padding="md" radius="md" data-testid="post-card">
      {cover ? (
        <Card.Section>
          <Link to={href} tabIndex={-1} aria-hidden>
            <img
              {...cover}
              alt=""
              loading="lazy"
              style={{ width: "100%", aspectRatio: "16 / 9", objectFit: "cover", display: "block" }}
            />
          </Link>
        </Card.Section>
      ) : null}
      <Stack gap="xs" mt={cover ? "md" : 0}>
        {post.featured ? (
          <Badge color="yellow" variant="light">
            {t("blog.featured")}
          </Badge>
        ) : null}
        <Title order={2} size="h3">
          <Link to={href} className="post-card-link" style={{ color: "inherit", textDecoration: "none" }}>
            {post.title}
          </Link>
        </Title>
        <PostMeta authorName={post.authorName} publishedAt={post.publishedAt} />
        {post.excerpt ? (
          <Text size="sm" c="dimmed" lineClamp={4}>
            {post.excerpt}
          </Text>
        ) : null}
        {post.categories.length ? (
          <Group gap={6}>
            {post.categories.map((c) => (
              <Badge
                key={c.slug}
                component={Link}
                to={`/blog?category=${encodeURIComponent(c.slug)}`}
                variant="outline"
              >
                {c.name}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
