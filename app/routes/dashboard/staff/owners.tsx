import { Text } from "@mantine/core";
import { isFiltered, type ListColumn, ListScreen, parseListParams } from "../../../components/list-kit";
import { useTranslation } from "../../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound } from "../../../lib/instructor.server";
import type { Route } from "./+types/owners";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 25;

/** Staff: people who own at least one site (also Billing › Customers, with their sites' plans). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const url = new URL(request.url);
  const params = parseListParams(url.searchParams);
  const { items, total } = await service
    .owners({ q: params.q || null, page: params.page, perPage: PER_PAGE })
    .catch(asPageError);
  const titleKey = url.pathname.startsWith("/dashboard/billing")
    ? "staffAccounts.owners.customersTitle"
    : "staffAccounts.owners.title";
  return {
    title: pageTitle(translatorFor(context, request), titleKey, context.site.settings.sitetitle),
    titleKey,
    items,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
    q: params.q,
    filtered: isFiltered(params),
  };
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function Owners({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const columns: ListColumn<Row>[] = [
    { id: "name", header: t("staffAccounts.owners.name"), cell: ({ row }) => row.original.name },
    { id: "email", header: t("staffAccounts.owners.email"), cell: ({ row }) => row.original.email },
    { id: "sites", header: t("staffAccounts.owners.sites"), cell: ({ row }) => row.original.sites },
    {
      id: "plans",
      header: t("staffAccounts.owners.plans"),
      cell: ({ row }) => row.original.plans.join(", ") || "—",
    },
    {
      id: "joined",
      header: t("staffAccounts.owners.joined"),
      cell: ({ row }) => new Date(row.original.joinedAt).toLocaleDateString(i18n.language, { dateStyle: "medium" }),
    },
  ];
  return (
    <ListScreen
      title={t(d.titleKey)}
      toolbar={{
        label: t("staffAccounts.filters"),
        submitLabel: t("staffAccounts.filter"),
        search: { label: t("staffAccounts.owners.search"), value: d.q },
      }}
      table={{ data: d.items, columns, getRowId: (r) => r.id, label: t(d.titleKey) }}
      filtered={d.filtered}
      noMatch={t("staffAccounts.noMatch")}
      empty={<Text py="xl">{t("staffAccounts.owners.empty")}</Text>}
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
