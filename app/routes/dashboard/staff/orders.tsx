import { Anchor, Badge, Text } from "@mantine/core";
import { Link } from "react-router";
import { isFiltered, type ListColumn, ListScreen, parseListParams } from "../../../components/list-kit";
import { useTranslation } from "../../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound } from "../../../lib/instructor.server";
import { formatMoney } from "../../../lib/money";
import type { Route } from "./+types/orders";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 50;
const STATUSES = ["paid", "open", "void"] as const;
const LIST_SPEC = { searchParam: "site", filters: { status: ["all", ...STATUSES] } };

/** Staff: every plan payment across the platform, newest first; filtered by site id and status. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const params = parseListParams(new URL(request.url).searchParams, LIST_SPEC);
  const { items, total } = await service
    .orders({
      siteId: params.q || null,
      status: params.filters.status === "all" ? null : params.filters.status,
      page: params.page,
      perPage: PER_PAGE,
    })
    .catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "staffBilling.orders.title", context.site.settings.sitetitle),
    items,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
    site: params.q,
    status: params.filters.status,
    filtered: isFiltered(params, LIST_SPEC),
  };
}

type Row = Route.ComponentProps["loaderData"]["items"][number];
const STATUS_COLOR: Record<string, string> = { paid: "green", open: "blue", void: "gray" };

export default function Orders({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const columns: ListColumn<Row>[] = [
    { id: "number", header: t("staffBilling.orders.number"), cell: ({ row }) => row.original.number },
    {
      id: "date",
      header: t("staffBilling.orders.date"),
      cell: ({ row }) =>
        new Date(row.original.paidAt ?? row.original.createdAt).toLocaleDateString(i18n.language, {
          dateStyle: "medium",
        }),
    },
    {
      id: "site",
      header: t("staffAccounts.site"),
      cell: ({ row: { original: r } }) => (
        <Anchor component={Link} to={`/dashboard/accounts/${r.siteId}`}>
          {r.siteTitle}
        </Anchor>
      ),
    },
    {
      id: "plan",
      header: t("staffAccounts.plan"),
      cell: ({ row: { original: r } }) => `${r.plan} · ${t(`staffAccounts.periods.${r.period}`)}`,
    },
    {
      id: "amount",
      header: t("staffBilling.orders.amount"),
      cell: ({ row: { original: r } }) => formatMoney(r.amount, r.currency, i18n.language),
    },
    {
      id: "status",
      header: t("staffAccounts.status"),
      cell: ({ row: { original: r } }) => (
        <Badge variant="light" color={STATUS_COLOR[r.status] ?? "gray"}>
          {t(`staffBilling.orders.statuses.${r.status}`)}
        </Badge>
      ),
    },
    {
      id: "paidBy",
      header: t("staffBilling.orders.paidBy"),
      cell: ({ row: { original: r } }) => (
        <Text size="sm">
          {t(`staffBilling.orders.providers.${r.provider}`)}
          {r.byEmail ? ` · ${r.byEmail}` : ""}
        </Text>
      ),
    },
  ];
  return (
    <ListScreen
      title={t("staffBilling.orders.title")}
      toolbar={{
        label: t("staffAccounts.filters"),
        submitLabel: t("staffAccounts.filter"),
        keep: [],
        search: { label: t("staffAccounts.audit.siteId"), name: "site", value: d.site },
        filters: [
          {
            name: "status",
            label: t("staffAccounts.status"),
            value: d.status,
            options: [
              { value: "all", label: t("staffAccounts.allStatuses") },
              ...STATUSES.map((s) => ({ value: s, label: t(`staffBilling.orders.statuses.${s}`) })),
            ],
          },
        ],
      }}
      table={{ data: d.items, columns, getRowId: (r) => r.id, label: t("staffBilling.orders.title") }}
      filtered={d.filtered}
      noMatch={t("staffAccounts.noMatch")}
      empty={<Text py="xl">{t("staffBilling.orders.empty")}</Text>}
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
