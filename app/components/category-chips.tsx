import { Button, Group } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";

/** The blog's category filter: "All" and one link per category, the current one marked. */
export function CategoryChips({
  categories,
  current,
}: {
  categories: { slug: string; name: string }[];
  current: string | null;
}) {
  const { t } = useTranslation();
  if (!categories.length) return null;
  const chip = (slug: string | null, label: string) => {
    const active = current === slug;
    return (
      <Button
        key={slug ?? "all"}
        component={Link}
        to={slug ? `/blog?category=${encodeURIComponent(slug)}` : "/blog"}
        size="compact-sm"
        radius="xl"
        variant={active ? "filled" : "default"}
        aria-current={active ? "page" : undefined}
      >
        {label}
      </Button>
    );
  };
  return (
    <nav aria-label={t("blog.categoriesLabel")}>
      <Group gap="xs" wrap="wrap">
        {chip(null, t("blog.allCategories"))}
        {categories.map((c) => chip(c.slug, c.name))}
      </Group>
    </nav>
  );
}
