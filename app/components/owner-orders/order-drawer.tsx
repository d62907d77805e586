import { Alert, Button, Divider, Drawer, Group, List, Modal, Stack, Table, Text } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "../../i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { formatMoney } from "../../../core/currency";
import type { AtriumLoadContext } from "../../../server/http/load-context";

type AdminOrder = Awaited<ReturnType<AtriumLoadContext["services"]["ordersAdmin"]["get"]>>;
import { OrderStatusBadge } from "./order-status-badge";
import { OrderSubscription } from "./order-subscription";

type Props = { order: AdminOrder | null; onClose: () => void };

function ActionButton({
  order,
  intent,
  label,
  color,
  variant = "filled",
}: {
  order: AdminOrder;
  intent: string;
  label: string;
  color?: string;
  variant?: "filled" | "default";
}) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={order.orderId} />
      <Button type="submit" color={color} variant={variant} loading={busy}>
        {label}
      </Button>
    </Form>
  );
}

function RefundButton({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        {t("payments.orders.refund")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("payments.orders.refundTitle")} centered>
        <Stack>
          <Text>
            {t("payments.orders.refundConfirm", { number: order.number, name: order.buyer.name || order.buyer.email })}
          </Text>
          <Form method="post" onSubmit={() => close()}>
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="id" value={order.orderId} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" color="red">
                {t("payments.orders.refundAction")}
              </Button>
            </Group>
          </Form>
        </Stack>
      </Modal>
    </>
  );
}

/** One order for its owner: buyer, items, coupon and totals, what it granted, and what can be done now. */
export function OrderDrawer({ order, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery("(max-width: 40em)");
  const money = (n: number) => (order ? formatMoney(n, order.currency, i18n.language, { decimals: true }) : "");
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))
      : "";
  return (
    <Drawer
      opened={Boolean(order)}
      onClose={onClose}
      position={phone ? "bottom" : "right"}
      size={phone ? "90%" : "md"}
      title={order ? t("payments.orders.detailTitle", { number: order.number }) : ""}
    >
      {order ? (
        <Stack gap="md" data-testid="order-detail">
          <Group justify="space-between">
            <OrderStatusBadge status={order.status} />
            <Text size="sm" c="dimmed">
              {date(order.createdAt)}
            </Text>
          </Group>
          <div>
            <Text fw={600}>{t("payments.orders.buyer")}</Text>
            <Text>{order.buyer.name}</Text>
            <Text size="sm" c="dimmed" dir="ltr">
              {order.buyer.email}
            </Text>
          </div>
          <Table>
            <Table.Tbody>
              {order.items.map((i) => (
                <Table.Tr key={i.productId}>
                  <Table.Td>{i.title}</Table.Td>
                  <Table.Td ta="end">{money(i.amount * i.quantity)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>{t("payments.orders.subtotal")}</Table.Td>
                <Table.Td ta="end">{money(order.subtotal)}</Table.Td>
              </Table.Tr>
              {order.coupon ? (
                <Table.Tr>
                  <Table.Td>{t("payments.orders.couponLine", { coupon: order.coupon })}</Table.Td>
                  <Table.Td ta="end">−{money(order.discount)}</Table.Td>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Td fw={700}>{t("payments.orders.total")}</Table.Td>
                <Table.Td ta="end" fw={700}>
                  {money(order.totalAmount)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm">
            {t("payments.orders.paidWith", { provider: t(`payments.providers.${order.provider}`) })}
            {order.paidAt ? ` · ${t("payments.orders.paidAt", { date: date(order.paidAt) })}` : ""}
            {order.refundedAt ? ` · ${t("payments.orders.refundedAt", { date: date(order.refundedAt) })}` : ""}
          </Text>
          {order.status === "paid" || order.status === "refunded" ? (
            <div>
              <Text fw={600}>{t("payments.orders.granted")}</Text>
              {order.grants.courses.length ? (
                <List size="sm">
                  {order.grants.courses.map((c) => (
                    <List.Item key={c.id}>{c.title || c.id}</List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("payments.orders.grantedNothing")}
                </Text>
              )}
              {order.grants.memberships.length ? (
                <Text size="sm">{t("payments.orders.memberships", { count: order.grants.memberships.length })}</Text>
              ) : null}
            </div>
          ) : null}
          {order.subscription ? (
            <OrderSubscription
              orderId={order.orderId}
              buyer={order.buyer.name || order.buyer.email}
              subscription={order.subscription}
            />
          ) : null}
          {order.grants.errors.length ? (
            <Alert color="orange" title={t("payments.orders.grantErrors")}>
              <List size="sm">
                {order.grants.errors.map((e) => (
                  <List.Item key={e.courseId}>
                    {t("payments.orders.grantError", {
                      course: e.title || e.courseId,
                      reason: t(`payments.orders.grantReasons.${e.code === "seats" ? "seats" : "other"}`),
                    })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Divider />
          <Group gap="sm">
            {order.status === "pending" && order.provider === "offline" ? (
              <ActionButton order={order} intent="markPaid" label={t("payments.orders.markPaid")} />
            ) : null}
            {order.status === "paid" ? <RefundButton order={order} /> : null}
            {order.status === "pending" ? (
              <ActionButton order={order} intent="cancel" label={t("payments.orders.cancelOrder")} variant="default" />
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Drawer>
  );
}
