import { Anchor, Badge, Group, Text } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { Link } from "react-router";
import { PLANS } from "../../../../core/plans";
import { isFiltered, type ListColumn, ListScreen, parseListParams } from "../../../components/list-kit";
import { useTranslation } from "../../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound } from "../../../lib/instructor.server";
import type { Route } from "./+types/accounts";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 25;
const STATUSES = ["trialing", "active", "past_due", "canceled", "suspended"] as const;
const LIST_SPEC = {
  filters: { plan: ["all", ...PLANS.map((p) => p.id)], status: ["all", ...STATUSES] },
};

/**
 * Staff: every site with its plan, subscription and usage (also the Billing › Subscriptions list,
 * which opens on the same list).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const url = new URL(request.url);
  const params = parseListParams(url.searchParams, LIST_SPEC);
  const billing = url.pathname.startsWith("/dashboard/billing");
  const { items, total } = await service
    .list({
      q: params.q || null,
      planId: params.filters.plan === "all" ? null : params.filters.plan,
      status: params.filters.status === "all" ? null : (params.filters.status as (typeof STATUSES)[number]),
      page: params.page,
      perPage: PER_PAGE,
    })
    .catch(asPageError);
  const titleKey = billing ? "staffAccounts.subscriptionsTitle" : "staffAccounts.title";
  return {
    title: pageTitle(translatorFor(context, request), titleKey, context.site.settings.sitetitle),
    titleKey,
    items,
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
    q: params.q,
    plan: params.filters.plan,
    status: params.filters.status,
    filtered: isFiltered(params, LIST_SPEC),
    baseDomain: context.baseDomain,
  };
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export function UsageText({ used, limit }: { used: number; limit: number | null }) {
  const { t } = useTranslation();
  const over = limit !== null && used >= limit;
  return (
    <Text size="sm" c={over ? "red" : undefined}>
      {limit === null ? t("staffAccounts.noLimit", { used }) : t("staffAccounts.usageOf", { used, limit })}
    </Text>
  );
}

export function StatusBadges({ status, suspended }: { status: string | null; suspended: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {status ? (
        <Badge variant="light" color={status === "active" ? "green" : status === "trialing" ? "blue" : "gray"}>
          {t(`staffAccounts.statuses.${status}`)}
        </Badge>
      ) : null}
      {suspended ? (
        <Badge color="red" data-testid="suspended-badge">
          {t("staffAccounts.statuses.suspended")}
        </Badge>
      ) : null}
    </Group>
  );
}

export default function Accounts({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium" });
  const columns: ListColumn<Row>[] = [
    {
      id: "title",
      header: t("staffAccounts.site"),
      cell: ({ row: { original: r } }) => (
        <Anchor component={Link} to={`/dashboard/accounts/${r.id}`} data-testid="account-link">
          {r.title || r.slug}
        </Anchor>
      ),
    },
    {
      id: "address",
      header: t("staffAccounts.address"),
      cell: ({ row: { original: r } }) => r.domain ?? `${r.slug}.${d.baseDomain}`,
    },
    {
      id: "owner",
      header: t("staffAccounts.owner"),
      cell: ({ row: { original: r } }) => (r.owner ? r.owner.email : "—"),
    },
    {
      id: "plan",
      header: t("staffAccounts.plan"),
      cell: ({ row: { original: r } }) => (
        <Group gap={4}>
          <Text size="sm">{r.planLabel ?? t("staffAccounts.noPlan")}</Text>
          <StatusBadges status={r.status} suspended={r.suspended} />
        </Group>
      ),
    },
    {
      id: "dates",
      header: t("staffAccounts.dates"),
      cell: ({ row: { original: r } }) =>
        r.trialEndsAt
          ? t("staffAccounts.trialEnds", { date: date(r.trialEndsAt) })
          : r.renewsAt
            ? t("staffAccounts.renews", { date: date(r.renewsAt) })
            : "—",
    },
    {
      id: "members",
      header: t("staffAccounts.members"),
      cell: ({ row: { original: r } }) => <UsageText {...r.members} />,
    },
    { id: "mau", header: t("staffAccounts.mau"), cell: ({ row: { original: r } }) => <UsageText {...r.mau} /> },
  ];
  return (
    <ListScreen
      title={t(d.titleKey)}
      before={
        <Group mb="sm">
          <Anchor component={Link} to="/dashboard/accounts/audit">
            {t("staffAccounts.audit.title")}
          </Anchor>
        </Group>
      }
      toolbar={{
        label: t("staffAccounts.filters"),
        submitLabel: t("staffAccounts.filter"),
        search: { label: t("staffAccounts.search"), value: d.q },
        filters: [
          {
            name: "plan",
            label: t("staffAccounts.plan"),
            value: d.plan,
            options: [
              { value: "all", label: t("staffAccounts.allPlans") },
              ...PLANS.map((p) => ({ value: p.id, label: p.label })),
            ],
          },
          {
            name: "status",
            label: t("staffAccounts.status"),
            value: d.status,
            options: [
              { value: "all", label: t("staffAccounts.allStatuses") },
              ...STATUSES.map((s) => ({ value: s, label: t(`staffAccounts.statuses.${s}`) })),
            ],
          },
        ],
      }}
      table={{ data: d.items, columns, getRowId: (r) => r.id, label: t(d.titleKey) }}
      filtered={d.filtered}
      noMatch={t("staffAccounts.noMatch")}
      empty={
        <Group justify="center" py="xl">
          <IconBuildingStore size={32} aria-hidden className="muted" />
          <Text>{t("staffAccounts.empty")}</Text>
        </Group>
      }
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
