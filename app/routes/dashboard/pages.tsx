import { Button, Text } from "@mantine/core";
import { IconExternalLink, IconPlus } from "@tabler/icons-react";
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
import { PageStatusBadge } from "../../components/page-status-badge";
import { actionResult, removeEach, unknownIntent } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/pages";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;
const STATUSES = ["all", "draft", "published"] as const;
type StatusFilter = (typeof STATUSES)[number];
// Sortable columns; without ?sort= the newest change comes first.
const LIST = { filters: { status: STATUSES }, sorts: ["title", "updated"] } as const;

const kindOf = (request: Request) => (new URL(request.url).pathname.startsWith("/dashboard/docs") ? "doc" : "page");

/** The site's pages for its managers (/dashboard/pages), or the platform's docs for staff (/dashboard/docs). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const kind = kindOf(request);
  if (!context.services.pages.canEdit(kind)) throw new Response("Not found", { status: 404 });
  const params = parseListParams(new URL(request.url).searchParams, LIST);
  const { q, page, sort } = params;
  const status = params.filters.status as StatusFilter;
  const result = await context.services.pages.list(kind, {
    q: q || undefined,
    status: status === "all" ? undefined : status,
    page,
    per_page: PER_PAGE,
    sort: sort ? { by: sort.by as "title" | "updated", dir: sort.dir } : undefined,
  });
  const t = translatorFor(context, request);
  return {
    kind,
    title: pageTitle(t, kind === "doc" ? "pages.docsTitle" : "pages.listTitle", context.site.settings.sitetitle),
    items: result.items.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      status: p.status,
      updatedAt: p.updatedAt,
    })),
    total: result.total,
    page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
    filters: { q, status },
    filtered: isFiltered(params, LIST),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "bulk-delete") {
    return actionResult(async () => {
      await removeEach(bulkIds(form), (id) => context.services.pages.remove(kindOf(request), id));
      return { ok: true };
    });
  }
  if (intent !== "delete") return unknownIntent();
  return actionResult(async () => {
    await context.services.pages.remove(kindOf(request), String(form.get("id") ?? ""));
    return { ok: true };
  });
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function Pages({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const base = d.kind === "doc" ? "/dashboard/docs" : "/dashboard/pages";
  const publicPath = (slug: string) => (d.kind === "doc" ? `/docs/${slug}` : slug === "home" ? "/" : `/${slug}`);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  const columns: ListColumn<Row>[] = [
    {
      id: "title",
      header: t("pages.columns.title"),
      enableSorting: true,
      cell: ({ row: { original: p } }) => (
        <>
          <Link to={`${base}/${p.id}`}>{p.title}</Link>
          <Text size="xs" c="dimmed" dir="ltr">
            {publicPath(p.slug)}
          </Text>
        </>
      ),
    },
    {
      id: "status",
      header: t("pages.columns.status"),
      cell: ({ row: { original: p } }) => <PageStatusBadge status={p.status} />,
    },
    {
      id: "updated",
      header: t("pages.columns.updated"),
      enableSorting: true,
      cell: ({ row: { original: p } }) => date(p.updatedAt),
    },
  ];
  return (
    <ListScreen
      title={t(d.kind === "doc" ? "pages.docsHeading" : "pages.listHeading")}
      create={
        <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
          {t(d.kind === "doc" ? "pages.newDoc" : "pages.newPage")}
        </Button>
      }
      toolbar={{
        label: t("pages.filter"),
        submitLabel: t("pages.filter"),
        search: { label: t("pages.search"), value: d.filters.q },
        filters: [
          {
            name: "status",
            label: t("pages.statusFilter"),
            value: d.filters.status,
            options: STATUSES.map((s) => ({ value: s, label: t(`pages.statuses.${s}`) })),
          },
        ],
      }}
      table={{
        data: d.items,
        columns,
        getRowId: (p) => p.id,
        label: t(d.kind === "doc" ? "pages.docsHeading" : "pages.listHeading"),
        minWidth: 520,
        rowActions: (p) => (
          <>
            <Button component={Link} to={`${base}/${p.id}`} size="compact-sm" variant="default">
              {t("pages.edit")}
            </Button>
            {p.status === "published" ? (
              <Button
                component="a"
                href={publicPath(p.slug)}
                target="_blank"
                size="compact-sm"
                variant="subtle"
                aria-label={t("pages.viewNamed", { title: p.title })}
                leftSection={<IconExternalLink size={14} aria-hidden />}
              >
                {t("pages.view")}
              </Button>
            ) : null}
            <ConfirmDeleteButton
              id={p.id}
              label={t("pages.delete")}
              ariaLabel={t("pages.deleteNamed", { title: p.title })}
              dialogTitle={t("pages.confirmDeleteTitle")}
              message={t("pages.confirmDelete", { title: p.title })}
              cancelLabel={t("pages.cancel")}
            />
          </>
        ),
        selection: { rowLabel: (p) => p.title, actions: (ids) => <BulkDeleteButton ids={ids} /> },
      }}
      empty={t(d.kind === "doc" ? "pages.emptyDocs" : "pages.empty")}
      filtered={d.filtered}
      noMatch={t("pages.noMatch")}
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}
