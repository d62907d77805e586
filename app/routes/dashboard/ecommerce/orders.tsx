import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n/use-translation";
import { Link, useNavigate } from "react-router";
import { formatMoney } from "../../../../core/currency";
import { OrderDrawer } from "../../../components/owner-orders/order-drawer";
import { OrderStatusBadge } from "../../../components/owner-orders/order-status-badge";
import { Toast } from "../../../components/owner-orders/toast";
import { isFiltered, type ListColumn, ListScreen, parseListParams, useListParams } from "../../../components/list-kit";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { unknownIntent } from "../../../lib/action-result";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/orders";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;
const FILTERS = ["all", "pending", "paid", "refunded", "cancelled"] as const;
type Filter = (typeof FILTERS)[number];
// Sortable columns; without ?sort= the newest come first.
const LIST = { filters: { status: FILTERS }, sorts: ["date", "total", "status"] } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The site's orders for its managers (/dashboard/manage/ecommerce/orders); ?order= opens one. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const svc = context.services.ordersAdmin;
  if (!svc.canManage) throw notFound();
  const url = new URL(request.url);
  const params = parseListParams(url.searchParams, LIST);
  const { q, page, sort } = params;
  const status = params.filters.status as Filter;
  const open = url.searchParams.get("order") ?? "";
  const [result, detail] = await Promise.all([
    svc.list({
      status: status === "all" ? null : status,
      search: q || null,
      page,
      perPage: PER_PAGE,
      sort: sort ? { by: sort.by as "date" | "total" | "status", dir: sort.dir } : null,
    }),
    UUID.test(open) ? svc.get(open).catch(() => null) : Promise.resolve(null),
  ]).catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "payments.orders.title", context.site.settings.sitetitle),
    orders: result.orders,
    count: result.count,
    page,
    pages: Math.max(1, Math.ceil(result.count / PER_PAGE)),
    filters: { q, status },
    filtered: isFiltered(params, LIST),
    detail,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const svc = context.services.ordersAdmin;
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  const run =
    intent === "markPaid"
      ? () => svc.markPaid(id)
      : intent === "refund"
        ? () => svc.refund(id)
        : intent === "cancel"
          ? () => svc.cancel(id)
          : intent === "cancelSubscription"
            ? () => svc.cancelSubscription(id)
            : null;
  if (!run) return unknownIntent();
  const result = await runAction(run);
  return "ok" in result ? { ...result, intent, at: Date.now() } : result;
}

type Row = Route.ComponentProps["loaderData"]["orders"][number];

export default function OwnerOrders({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { href } = useListParams();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  const result = actionData as
    | { ok: true; intent: string; at: number; message: null }
    | { ok: false; message: string; intent?: string; at?: number }
    | undefined;
  const toast = result
    ? result.ok
      ? t(`payments.orders.done.${result.intent}`)
      : result.message || t("payments.orders.failed")
    : null;
  const columns: ListColumn<Row>[] = [
    {
      id: "number",
      header: t("payments.orders.columns.number"),
      cell: ({ row: { original: o } }) => (
        <Link to={href({ page: d.page, order: o.orderId })} preventScrollReset>
          <span dir="ltr">#{o.number}</span>
        </Link>
      ),
    },
    {
      id: "buyer",
      header: t("payments.orders.columns.buyer"),
      cell: ({ row: { original: o } }) => (
        <>
          <Text size="sm">{o.buyer.name}</Text>
          <Text size="xs" c="dimmed" dir="ltr">
            {o.buyer.email}
          </Text>
        </>
      ),
    },
    {
      id: "total",
      header: t("payments.orders.columns.total"),
      enableSorting: true,
      cell: ({ row: { original: o } }) => formatMoney(o.totalAmount, o.currency, i18n.language, { decimals: true }),
    },
    {
      id: "status",
      header: t("payments.orders.columns.status"),
      enableSorting: true,
      cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
    },
    {
      id: "date",
      header: t("payments.orders.columns.date"),
      enableSorting: true,
      cell: ({ row }) => date(row.original.createdAt),
    },
  ];
  return (
    <ListScreen
      title={t("payments.orders.heading")}
      before={
        <Group gap="xs" mb="sm" wrap="wrap" role="navigation" aria-label={t("payments.orders.statusFilter")}>
          {FILTERS.map((s) => (
            <Button
              key={s}
              component={Link}
              to={href({ status: s === "all" ? null : s, order: null })}
              size="compact-sm"
              radius="xl"
              variant={d.filters.status === s ? "filled" : "default"}
              aria-current={d.filters.status === s ? "page" : undefined}
            >
              {t(`payments.orders.filters.${s}`)}
            </Button>
          ))}
        </Group>
      }
      toolbar={{
        label: t("payments.orders.search"),
        submitLabel: t("payments.orders.searchButton"),
        search: {
          label: t("payments.orders.search"),
          placeholder: t("payments.orders.searchHint"),
          value: d.filters.q,
        },
        keep: ["status", "sort", "dir"],
      }}
      table={{
        data: d.orders,
        columns,
        getRowId: (o) => o.orderId,
        label: t("payments.orders.heading"),
        rowAttributes: (o) => ({ "data-order": o.orderId }),
      }}
      empty={t("payments.orders.empty")}
      filtered={d.filtered}
      noMatch={t("payments.orders.noMatch")}
      pager={{ page: d.page, pages: d.pages }}
      after={
        <>
          <OrderDrawer
            order={d.detail}
            onClose={() => navigate(href({ page: d.page, order: null }), { preventScrollReset: true })}
          />
          <Toast message={toast} color={result?.ok ? "green" : "red"} stamp={result} />
        </>
      }
    />
  );
}
