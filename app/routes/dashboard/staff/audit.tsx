import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import { isFiltered, type ListColumn, ListScreen, parseListParams } from "../../../components/list-kit";
import { useTranslation } from "../../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound } from "../../../lib/instructor.server";
import type { Route } from "./+types/audit";
import { AUDIT_ACTIONS } from "../../../../core/audit-actions";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 50;
const LIST_SPEC = { searchParam: "site", filters: { action: ["all", ...AUDIT_ACTIONS] } };

/** Staff: every staff action, newest first; filtered by site (its id) and by action. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const params = parseListParams(new URL(request.url).searchParams, LIST_SPEC);
  const { items, total } = await service
    .audit({
      siteId: params.q || null,
      action: params.filters.action === "all" ? null : params.filters.action,
      page: params.page,
      perPage: PER_PAGE,
    })
    .catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "staffAccounts.audit.title", context.site.settings.sitetitle),
    items,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
    site: params.q,
    action: params.filters.action,
    filtered: isFiltered(params, LIST_SPEC),
  };
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function Audit({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "when",
      header: t("staffAccounts.audit.when"),
      cell: ({ row }) =>
        new Date(row.original.createdAt).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }),
    },
    { id: "who", header: t("staffAccounts.audit.who"), cell: ({ row }) => row.original.actorEmail },
    {
      id: "what",
      header: t("staffAccounts.audit.what"),
      cell: ({ row }) => t(`staffAccounts.audit.actions.${row.original.action.replace(".", "_")}`),
    },
    {
      id: "site",
      header: t("staffAccounts.site"),
      cell: ({ row: { original: r } }) =>
        r.siteId ? (
          <Anchor component={Link} to={`/dashboard/accounts/${r.siteId}`}>
            {r.siteTitle || r.siteSlug || r.siteId}
          </Anchor>
        ) : (
          "—"
        ),
    },
    {
      id: "details",
      header: t("staffAccounts.audit.details"),
      cell: ({ row }) => (
        <Text size="xs" ff="monospace">
          {JSON.stringify(row.original.details)}
        </Text>
      ),
    },
  ];
  return (
    <ListScreen
      title={t("staffAccounts.audit.title")}
      toolbar={{
        label: t("staffAccounts.filters"),
        submitLabel: t("staffAccounts.filter"),
        keep: [],
        search: { label: t("staffAccounts.audit.siteId"), name: "site", value: d.site },
        filters: [
          {
            name: "action",
            label: t("staffAccounts.audit.what"),
            value: d.action,
            options: [
              { value: "all", label: t("staffAccounts.audit.allActions") },
              ...AUDIT_ACTIONS.map((a) => ({
                value: a,
                label: t(`staffAccounts.audit.actions.${a.replace(".", "_")}`),
              })),
            ],
          },
        ],
      }}
      table={{ data: d.items, columns, getRowId: (r) => r.id, label: t("staffAccounts.audit.title") }}
      filtered={d.filtered}
      noMatch={t("staffAccounts.noMatch")}
      empty={<Text py="xl">{t("staffAccounts.audit.empty")}</Text>}
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
