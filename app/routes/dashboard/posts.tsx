import { Badge, Button, Group, NativeSelect, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link } from "react-router";
import { ConfirmDeleteButton } from "../../components/confirm-delete-button";
import { formatPostDate } from "../../components/post-meta";
import { PostStatusBadge } from "../../components/post-status-badge";
import { actionResult, unknownIntent } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/posts";
import { Pager } from "../../components/pager";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;
const STATUSES = ["all", "draft", "published"] as const;
type StatusFilter = (typeof STATUSES)[number];

/** The site's posts for its managers (the platform blog for staff on the platform site). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const editor = context.services.postEditor;
  if (!editor.canManage) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const rawStatus = url.searchParams.get("status") ?? "all";
  const status: StatusFilter = (STATUSES as readonly string[]).includes(rawStatus)
    ? (rawStatus as StatusFilter)
    : "all";
  const category = url.searchParams.get("category") ?? "";
  const [result, categories] = await Promise.all([
    editor.list({ status, q: q || undefined, category: category || undefined, page, perPage: PER_PAGE }),
    editor.categories(),
  ]);
  return {
    title: pageTitle(translatorFor(context, request), "blog.editor.listTitle", context.site.settings.sitetitle),
    items: result.items.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      status: p.status,
      publishedAt: p.publishedAt,
      updatedAt: p.updatedAt,
      categories: p.categories.map((c) => c.name),
    })),
    total: result.total,
    page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
    filters: { q, status, category },
    categories: categories.map((c) => ({ value: c.slug, label: c.name })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "delete") return unknownIntent();
  return actionResult(async () => {
    await context.services.postEditor.remove(String(form.get("id") ?? ""));
    return { ok: true, deleted: true };
  });
}

export default function Posts({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const filtered = Boolean(d.filters.q || d.filters.category || d.filters.status !== "all");
  const query = (page: number) =>
    `?${new URLSearchParams({ ...(d.filters.q ? { q: d.filters.q } : {}), ...(d.filters.status !== "all" ? { status: d.filters.status } : {}), ...(d.filters.category ? { category: d.filters.category } : {}), page: String(page) })}`;
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("blog.editor.listTitle")}</h1>
        <Button component={Link} to="/dashboard/post" leftSection={<IconPlus size={16} aria-hidden />}>
          {t("blog.editor.newPost")}
        </Button>
      </div>
      <Form method="get" role="search" aria-label={t("blog.editor.filter")}>
        <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
          <TextInput
            name="q"
            type="search"
            label={t("blog.editor.search")}
            defaultValue={d.filters.q}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: "1 1 14rem" }}
          />
          <NativeSelect
            name="status"
            label={t("blog.editor.statusFilter")}
            defaultValue={d.filters.status}
            data={STATUSES.map((s) => ({ value: s, label: t(`blog.editor.statuses.${s}`) }))}
          />
          <NativeSelect
            name="category"
            label={t("blog.editor.categoryFilter")}
            defaultValue={d.filters.category}
            data={[{ value: "", label: t("blog.allCategories") }, ...d.categories]}
          />
          <Button type="submit" variant="default">
            {t("blog.editor.filter")}
          </Button>
        </Group>
      </Form>
      {d.items.length === 0 ? (
        <p className="muted empty-state">{filtered ? t("blog.editor.noMatch") : t("blog.editor.empty")}</p>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("blog.editor.columns.title")}</Table.Th>
                <Table.Th>{t("blog.editor.columns.status")}</Table.Th>
                <Table.Th>{t("blog.editor.columns.categories")}</Table.Th>
                <Table.Th>{t("blog.editor.columns.date")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("blog.editor.columns.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Link to={`/dashboard/post/${p.id}`}>{p.title}</Link>
                    <Text size="xs" c="dimmed">
                      /blog/{p.slug}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <PostStatusBadge status={p.status} publishedAt={p.publishedAt} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {p.categories.map((c) => (
                        <Badge key={c} variant="outline" size="sm">
                          {c}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatPostDate(p.publishedAt ?? p.updatedAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button component={Link} to={`/dashboard/post/${p.id}`} size="compact-sm" variant="default">
                        {t("blog.editor.edit")}
                      </Button>
                      <ConfirmDeleteButton
                        id={p.id}
                        label={t("blog.editor.delete")}
                        dialogTitle={t("blog.editor.confirmDeleteTitle")}
                        message={t("blog.editor.confirmDelete", { title: p.title })}
                        cancelLabel={t("common.cancel")}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={d.page} pages={d.pages} to={query} />
    </div>
  );
}
