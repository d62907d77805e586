import { Badge, Button, Group, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { ConfirmDeleteButton } from "../../components/confirm-delete-button";
import {
  BulkDeleteButton,
  bulkIds,
  isFiltered,
  type ListColumn,
  ListScreen,
  parseListParams,
} from "../../components/list-kit";
import { formatPostDate } from "../../components/post-meta";
import { PostStatusBadge } from "../../components/post-status-badge";
import { actionResult, removeEach, unknownIntent } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/posts";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;
const STATUSES = ["all", "draft", "published"] as const;
type StatusFilter = (typeof STATUSES)[number];
const LIST = { filters: { status: STATUSES }, sorts: ["title", "date"] } as const;

/** The site's posts for its managers (the platform blog for staff on the platform site). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const editor = context.services.postEditor;
  if (!editor.canManage) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const params = parseListParams(url.searchParams, LIST);
  const { q, page, sort } = params;
  const status = params.filters.status as StatusFilter;
  const category = url.searchParams.get("category") ?? "";
  const [result, categories] = await Promise.all([
    editor.list({
      status,
      q: q || undefined,
      category: category || undefined,
      page,
      perPage: PER_PAGE,
      sort: sort ? { by: sort.by as "title" | "date", dir: sort.dir } : undefined,
    }),
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
    filtered: isFiltered(params, LIST) || Boolean(category),
    categories: categories.map((c) => ({ value: c.slug, label: c.name })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "bulk-delete") {
    return actionResult(async () => {
      await removeEach(bulkIds(form), (id) => context.services.postEditor.remove(id));
      return { ok: true, deleted: true };
    });
  }
  if (intent !== "delete") return unknownIntent();
  return actionResult(async () => {
    await context.services.postEditor.remove(String(form.get("id") ?? ""));
    return { ok: true, deleted: true };
  });
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function Posts({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "title",
      header: t("blog.editor.columns.title"),
      enableSorting: true,
      cell: ({ row: { original: p } }) => (
        <>
          <Link to={`/dashboard/post/${p.id}`}>{p.title}</Link>
          <Text size="xs" c="dimmed">
            /blog/{p.slug}
          </Text>
        </>
      ),
    },
    {
      id: "status",
      header: t("blog.editor.columns.status"),
      cell: ({ row: { original: p } }) => <PostStatusBadge status={p.status} publishedAt={p.publishedAt} />,
    },
    {
      id: "categories",
      header: t("blog.editor.columns.categories"),
      cell: ({ row: { original: p } }) => (
        <Group gap={4}>
          {p.categories.map((c) => (
            <Badge key={c} variant="outline" size="sm">
              {c}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      id: "date",
      header: t("blog.editor.columns.date"),
      enableSorting: true,
      cell: ({ row: { original: p } }) => formatPostDate(p.publishedAt ?? p.updatedAt, i18n.language),
    },
  ];
  return (
    <ListScreen
      title={t("blog.editor.listTitle")}
      create={
        <Button component={Link} to="/dashboard/post" leftSection={<IconPlus size={16} aria-hidden />}>
          {t("blog.editor.newPost")}
        </Button>
      }
      toolbar={{
        label: t("blog.editor.filter"),
        submitLabel: t("blog.editor.filter"),
        search: { label: t("blog.editor.search"), value: d.filters.q },
        filters: [
          {
            name: "status",
            label: t("blog.editor.statusFilter"),
            value: d.filters.status,
            options: STATUSES.map((s) => ({ value: s, label: t(`blog.editor.statuses.${s}`) })),
          },
          {
            name: "category",
            label: t("blog.editor.categoryFilter"),
            value: d.filters.category,
            options: [{ value: "", label: t("blog.allCategories") }, ...d.categories],
          },
        ],
      }}
      table={{
        data: d.items,
        columns,
        getRowId: (p) => p.id,
        label: t("blog.editor.listTitle"),
        rowActions: (p) => (
          <>
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
          </>
        ),
        selection: { rowLabel: (p) => p.title, actions: (ids) => <BulkDeleteButton ids={ids} /> },
      }}
      empty={t("blog.editor.empty")}
      filtered={d.filtered}
      noMatch={t("blog.editor.noMatch")}
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}
