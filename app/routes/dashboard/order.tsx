import { Alert, Anchor, Button, Group, List, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconDownload } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatMoney } from "../../../core/currency";
import { OrderStatusBadge } from "../../components/commerce/order-status-badge";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { FunnelTracker } from "../../components/funnels/funnel-tracker";
import type { Route } from "./+types/order";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** One of the member's orders; anyone else's is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw new Response("Not found", { status: 404 });
  const order = await context.services.myOrders.get(params.id).catch((err: { code?: string }) => {
    if (err?.code === "not_found") throw new Response("Not found", { status: 404 });
    throw err;
  });
  const t = translatorFor(context, request);
  // Paid (a webhook, or the owner for offline) and the product has an offer after purchase not yet answered.
  const offer = order.status === "paid" ? await context.services.upsell.open(order.id) : null;
  return {
    title: pageTitle(t, "orders.orderTitle", context.site.settings.sitetitle),
    order,
    offer: offer ? { headline: offer.headline, title: offer.product.title } : null,
  };
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order } = loaderData;
  const money = (n: number) => formatMoney(n, order.currency, i18n.language, { decimals: true });
  return (
    <Stack gap="lg">
      {/* The confirmation step of a funnel when an offline payment's buyer lands here. */}
      <FunnelTracker />
      <Anchor component={Link} to="/dashboard/orders" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t("orders.title")}
        </Group>
      </Anchor>
      <Group justify="space-between" align="center">
        <Title order={1}>{t("orders.orderHeading", { number: order.number })}</Title>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Text c="dimmed" size="sm">
        {new Date(order.createdAt).toLocaleString(i18n.language, { dateStyle: "long", timeStyle: "short" })} ·{" "}
        {t(`checkout.provider.${order.provider}`)}
      </Text>
      {loaderData.offer ? (
        <Alert color="blue" title={loaderData.offer.headline || t("upsell.heading")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("upsell.notice", { title: loaderData.offer.title })}</Text>
            <Button component={Link} to={`/checkout/upsell/${order.id}`} size="sm">
              {t("upsell.see")}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {order.status === "pending" ? (
        <Alert color="yellow" title={t("orders.waiting")}>
          {order.instructions !== null ? (
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {order.instructions || t("checkout.offlineDefault")}
            </Text>
          ) : (
            t("checkout.processingHint")
          )}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Table>
          <Table.Tbody>
            {order.items.map((item) => (
              <Table.Tr key={item.productId}>
                <Table.Td>
                  {item.quantity} × {item.title}
                  {item.type === "subscription" ? ` · ${t("cart.subscription")}` : ""}
                </Table.Td>
                <Table.Td ta="end">{money(item.amount * item.quantity)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>{t("checkout.subtotal")}</Table.Td>
              <Table.Td ta="end">{money(order.subtotal)}</Table.Td>
            </Table.Tr>
            {order.coupon ? (
              <Table.Tr>
                <Table.Td>{t("orders.couponUsed", { name: order.coupon })}</Table.Td>
                <Table.Td ta="end">−{money(order.discount)}</Table.Td>
              </Table.Tr>
            ) : null}
            <Table.Tr>
              <Table.Td fw={700}>{t("cart.total")}</Table.Td>
              <Table.Td ta="end" fw={700} data-testid="order-total">
                {money(order.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      {order.courses.length ? (
        <Stack gap="xs">
          <Text fw={600}>{t("orders.granted")}</Text>
          <List>
            {order.courses.map((c) => (
              <List.Item key={c.id}>
                <Anchor component={Link} to={`/dashboard/courses/${c.id}`}>
                  {c.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      {order.status === "paid" || order.status === "refunded" ? (
        <Button
          component="a"
          href={`/api/v1/me/orders/${order.id}/receipt.pdf`}
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          w="fit-content"
        >
          {t("orders.receipt")}
        </Button>
      ) : null}
    </Stack>
  );
}
