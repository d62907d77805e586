import { Container, Group, Pagination, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconRss } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { useNavigate } from "react-router";
import { CategoryChips } from "../../components/category-chips";
import { PostCard } from "../../components/post-card";
import { translatorFor } from "../../lib/i18n.server";
import { canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/blog";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: "RSS" },
];

/** The site's blog: published posts, featured ones first, newest next; one category with ?category=. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const category = url.searchParams.get("category")?.trim().toLowerCase() || null;
  const [result, categories] = await Promise.all([
    context.services.blog.list({ page, category: category ?? undefined }),
    context.services.blog.categories(),
  ]);
  const siteName = context.site.settings.sitetitle;
  const current = categories.find((c) => c.slug === category) ?? null;
  const title = `${current ? `${current.name} · ` : ""}${t("blog.title")} · ${siteName}`;
  return {
    seo: {
      title,
      url: canonicalUrl(request.url),
      siteName,
      type: "website" as const,
      description: t("blog.description", { site: siteName }),
    },
    items: result.items.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      coverImage: p.coverImage,
      featured: p.featured,
      authorName: p.authorName,
      publishedAt: p.publishedAt,
      categories: p.categories.map((c) => ({ slug: c.slug, name: c.name })),
    })),
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
    category,
    page,
    pages: Math.max(1, Math.ceil(result.total / result.perPage)),
  };
}

export default function Blog({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pageHref = (page: number) => {
    const q = new URLSearchParams();
    if (d.category) q.set("category", d.category);
    if (page > 1) q.set("page", String(page));
    const s = q.toString();
    return s ? `/blog?${s}` : "/blog";
  };
  return (
    <Container size="lg" py="xl" component="section">
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={1}>{t("blog.title")}</Title>
          <a
            href="/blog/rss.xml"
            className="blog-rss-link"
            style={{ display: "inline-flex", gap: 4, alignItems: "center" }}
          >
            <IconRss size={18} aria-hidden /> {t("blog.rss")}
          </a>
        </Group>
        <CategoryChips categories={d.categories} current={d.category} />
        {d.items.length === 0 ? (
          <Text c="dimmed" className="empty-state" py="xl">
            {d.category ? t("blog.emptyCategory") : t("blog.empty")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {d.items.map((p) => (
              <PostCard key={p.slug} post={p} />
            ))}
          </SimpleGrid>
        )}
        {d.pages > 1 ? (
          <nav aria-label={t("common.pages")}>
            <Pagination
              total={d.pages}
              value={d.page}
              onChange={(p) => navigate(pageHref(p))}
              getItemProps={(p) => ({ component: "a", href: pageHref(p) })}
              getControlProps={(control) => {
                if (control === "next" && d.page < d.pages) return { component: "a", href: pageHref(d.page + 1) };
                if (control === "previous" && d.page > 1) return { component: "a", href: pageHref(d.page - 1) };
                return {};
              }}
            />
          </nav>
        ) : null}
      </Stack>
    </Container>
  );
}
