import { Anchor, Stack, Text } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatMoney } from "../../../core/currency";
import { OrderStatusBadge } from "../../components/commerce/order-status-badge";
import { SubscriptionList } from "../../components/commerce/subscription-list";
import { type ListColumn, ListScreen, parseListParams } from "../../components/list-kit";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/orders";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;

/** The signed-in member's orders, newest first, then their subscriptions. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { page } = parseListParams(new URL(request.url).searchParams);
  const result = await context.services.myOrders.list(page, PER_PAGE);
  return {
    title: pageTitle(translatorFor(context, request), "orders.title", context.site.settings.sitetitle),
    items: result.items,
    page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
  };
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "number",
      header: t("orders.number"),
      cell: ({ row: { original: o } }) => (
        <Anchor component={Link} to={`/dashboard/orders/${o.id}`} ff="monospace">
          {o.number}
        </Anchor>
      ),
    },
    {
      id: "date",
      header: t("orders.date"),
      cell: ({ row }) => new Date(row.original.createdAt).toLocaleDateString(i18n.language, { dateStyle: "medium" }),
    },
    { id: "items", header: t("orders.items"), cell: ({ row }) => row.original.items.map((i) => i.title).join(", ") },
    {
      id: "total",
      header: t("cart.total"),
      cell: ({ row: { original: o } }) => formatMoney(o.total, o.currency, i18n.language),
    },
    {
      id: "status",
      header: t("orders.statusLabel"),
      cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
    },
  ];
  return (
    <ListScreen
      title={t("orders.title")}
      table={{ data: loaderData.items, columns, getRowId: (o) => o.id, label: t("orders.title") }}
      empty={
        <Stack align="center" gap="xs" py="xl">
          <IconReceipt size={36} aria-hidden className="muted" />
          <Text>{t("orders.empty")}</Text>
          <Anchor href="/course">{t("checkout.browse")}</Anchor>
        </Stack>
      }
      pager={{ page: loaderData.page, pages: loaderData.pages }}
      after={<SubscriptionList />}
    />
  );
}
