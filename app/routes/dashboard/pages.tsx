import { Button, Group, NativeSelect, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconExternalLink, IconPlus, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link } from "react-router";
import { ConfirmDeleteButton } from "../../components/confirm-delete-button";
import { PageStatusBadge } from "../../components/page-status-badge";
import { actionResult, unknownIntent } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/pages";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;
const STATUSES = ["all", "draft", "published"] as const;
type StatusFilter = (typeof STATUSES)[number];

const kindOf = (request: Request) => (new URL(request.url).pathname.startsWith("/dashboard/docs") ? "doc" : "page");

/** The site's pages for its managers (/dashboard/pages), or the platform's docs for staff (/dashboard/docs). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const kind = kindOf(request);
  if (!context.services.pages.canEdit(kind)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const raw = url.searchParams.get("status") ?? "all";
  const status: StatusFilter = (STATUSES as readonly string[]).includes(raw) ? (raw as StatusFilter) : "all";
  const result = await context.services.pages.list(kind, {
    q: q || undefined,
    status: status === "all" ? undefined : status,
    page,
    per_page: PER_PAGE,
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
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "delete") return unknownIntent();
  return actionResult(async () => {
    await context.services.pages.remove(kindOf(request), String(form.get("id") ?? ""));
    return { ok: true };
  });
}

export default function Pages({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const base = d.kind === "doc" ? "/dashboard/docs" : "/dashboard/pages";
  const publicPath = (slug: string) => (d.kind === "doc" ? `/docs/${slug}` : slug === "home" ? "/" : `/${slug}`);
  const filtered = Boolean(d.filters.q || d.filters.status !== "all");
  const query = (page: number) =>
    `?${new URLSearchParams({
      ...(d.filters.q ? { q: d.filters.q } : {}),
      ...(d.filters.status !== "all" ? { status: d.filters.status } : {}),
      page: String(page),
    })}`;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t(d.kind === "doc" ? "pages.docsHeading" : "pages.listHeading")}</h1>
        <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
          {t(d.kind === "doc" ? "pages.newDoc" : "pages.newPage")}
        </Button>
      </div>
      <Form method="get" role="search" aria-label={t("pages.filter")}>
        <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
          <TextInput
            name="q"
            type="search"
            label={t("pages.search")}
            defaultValue={d.filters.q}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: "1 1 14rem" }}
          />
          <NativeSelect
            name="status"
            label={t("pages.statusFilter")}
            defaultValue={d.filters.status}
            data={STATUSES.map((s) => ({ value: s, label: t(`pages.statuses.${s}`) }))}
          />
          <Button type="submit" variant="default">
            {t("pages.filter")}
          </Button>
        </Group>
      </Form>
      {d.items.length === 0 ? (
        <div className="empty-state">
          <p className="muted">
            {filtered ? t("pages.noMatch") : t(d.kind === "doc" ? "pages.emptyDocs" : "pages.empty")}
          </p>
        </div>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("pages.columns.title")}</Table.Th>
                <Table.Th>{t("pages.columns.status")}</Table.Th>
                <Table.Th>{t("pages.columns.updated")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("pages.columns.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Link to={`${base}/${p.id}`}>{p.title}</Link>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {publicPath(p.slug)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <PageStatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>{date(p.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
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
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {d.pages > 1 ? (
        <nav className="pager" aria-label={t("pages.pagination")}>
          {d.page > 1 ? <Link to={query(d.page - 1)}>{t("pages.previous")}</Link> : <span />}
          <span className="muted">{t("pages.pageOf", { page: d.page, pages: d.pages })}</span>
          {d.page < d.pages ? <Link to={query(d.page + 1)}>{t("pages.next")}</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
