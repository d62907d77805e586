import { Anchor, Badge, Container, Group, Pagination, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useNavigate } from "react-router";
import { CourseCard } from "../../components/catalog/course-card";
import { translatorFor } from "../../lib/i18n.server";
import { canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/course-list";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

/**
 * Three public screens share this file: /course (every published course), /course/category (the
 * categories with counts) and /course/category/{slug} (one category's courses; unknown → 404).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  const url = new URL(request.url);
  const siteName = context.site.settings.sitetitle;
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const categorySlug = (params as { category?: string }).category ?? null;
  const categoriesOnly = !categorySlug && url.pathname.replace(/\/$/, "") === "/course/category";
  const categories = (await context.services.catalog.categories()).map((c) => ({
    slug: c.slug,
    name: c.name,
    courses: c.courses,
  }));
  if (categoriesOnly) {
    return {
      seo: { title: `${t("catalog.categoriesTitle")} · ${siteName}`, url: canonicalUrl(request.url), siteName },
      mode: "categories" as const,
      currency: context.site.settings.currency ?? "USD",
      categories,
      category: null,
      items: [],
      page: 1,
      pages: 1,
    };
  }
  let result: Awaited<ReturnType<typeof context.services.catalog.list>>;
  try {
    result = await context.services.catalog.list({ page, category: categorySlug ?? undefined });
  } catch (err) {
    if ((err as { code?: string })?.code === "not_found") throw new Response("Not found", { status: 404 });
    throw err;
  }
  const category = result.category ? { slug: result.category.slug, name: result.category.name } : null;
  return {
    seo: {
      title: `${category ? `${category.name} · ` : ""}${t("catalog.title")} · ${siteName}`,
      description: t("catalog.description", { site: siteName }),
      url: canonicalUrl(request.url),
      siteName,
    },
    mode: "courses" as const,
    currency: context.site.settings.currency ?? "USD",
    categories,
    category,
    items: result.items,
    page: result.page,
    pages: Math.max(1, Math.ceil(result.total / result.perPage)),
  };
}

export default function CourseList({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = d.category ? `/course/category/${d.category.slug}` : "/course";
  const pageHref = (p: number) => (p > 1 ? `${base}?page=${p}` : base);
  return (
    <Container size="lg" py="xl" component="section">
      <Stack gap="lg">
        <Title order={1}>
          {d.mode === "categories" ? t("catalog.categoriesTitle") : (d.category?.name ?? t("catalog.title"))}
        </Title>
        {d.categories.length ? (
          <Group gap={6} role="group" aria-label={t("catalog.categoriesTitle")}>
            <Badge component={Link} to="/course" variant={d.mode === "courses" && !d.category ? "filled" : "light"}>
              {t("catalog.allCourses")}
            </Badge>
            {d.categories.map((c) => (
              <Badge
                key={c.slug}
                component={Link}
                to={`/course/category/${c.slug}`}
                variant={d.category?.slug === c.slug ? "filled" : "light"}
              >
                {c.name} ({c.courses})
              </Badge>
            ))}
          </Group>
        ) : null}
        {d.mode === "categories" ? (
          d.categories.length === 0 ? (
            <Text c="dimmed" className="empty-state" py="xl">
              {t("catalog.noCategories")}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0 }}>
              {d.categories.map((c) => (
                <li key={c.slug}>
                  <Anchor component={Link} to={`/course/category/${c.slug}`}>
                    {c.name}
                  </Anchor>{" "}
                  <Text span c="dimmed" size="sm">
                    {t("catalog.courseCount", { count: c.courses })}
                  </Text>
                </li>
              ))}
            </Stack>
          )
        ) : d.items.length === 0 ? (
          <Text c="dimmed" className="empty-state" py="xl">
            {d.category ? t("catalog.emptyCategory") : t("catalog.empty")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {d.items.map((c) => (
              <CourseCard key={c.slug} course={c} currency={d.currency} />
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
            />
          </nav>
        ) : null}
      </Stack>
    </Container>
  );
}
