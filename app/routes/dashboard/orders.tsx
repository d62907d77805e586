import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatMoney } from "../../../core/currency";
import { OrderStatusBadge } from "../../components/commerce/order-status-badge";
import { SubscriptionList } from "../../components/commerce/subscription-list";
import { Pager } from "../../components/pager";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/orders";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;

/** The signed-in member's orders, newest first, then their subscriptions. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const result = await context.services.myOrders.list(page, PER_PAGE);
  return {
    title: pageTitle(translatorFor(context, request), "orders.title", context.site.settings.sitetitle),
    items: result.items,
    page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { items } = loaderData;
  return (
    <Stack gap="lg">
      <Title order={1}>{t("orders.title")}</Title>
      {items.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <IconReceipt size={36} aria-hidden className="muted" />
          <Text>{t("orders.empty")}</Text>
          <Anchor href="/course">{t("checkout.browse")}</Anchor>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("orders.number")}</Table.Th>
                <Table.Th>{t("orders.date")}</Table.Th>
                <Table.Th>{t("orders.items")}</Table.Th>
                <Table.Th>{t("cart.total")}</Table.Th>
                <Table.Th>{t("orders.statusLabel")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/orders/${o.id}`} ff="monospace">
                      {o.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {new Date(o.createdAt).toLocaleDateString(i18n.language, { dateStyle: "medium" })}
                  </Table.Td>
                  <Table.Td>{o.items.map((i) => i.title).join(", ")}</Table.Td>
                  <Table.Td>{formatMoney(o.total, o.currency, i18n.language)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={o.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={loaderData.page} pages={loaderData.pages} to={(p) => `?page=${p}`} />
      <SubscriptionList />
    </Stack>
  );
}
