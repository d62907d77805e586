import { Badge, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "../../i18n/use-translation";
import { Form } from "react-router";

type OrderSubscription = {
  id: string;
  status: "active" | "past_due" | "cancelled" | "ended";
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
};

const STATUS_COLOR = { active: "green", past_due: "orange", cancelled: "yellow", ended: "gray" } as const;

/** The subscription an order started, for the owner: where it stands, and stopping it from renewing. */
export function OrderSubscription({
  orderId,
  buyer,
  subscription,
}: {
  orderId: string;
  buyer: string;
  subscription: OrderSubscription;
}) {
  const { t, i18n } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(
    new Date(subscription.currentPeriodEnd),
  );
  const renewing = subscription.status === "active" || subscription.status === "past_due";
  return (
    <Stack gap="xs" data-testid="order-subscription">
      <Text fw={600}>{t("payments.orders.subscriptionTitle")}</Text>
      <Group gap="sm">
        <Badge variant="light" color={STATUS_COLOR[subscription.status]}>
          {t(`subscriptions.statuses.${subscription.status}`)}
        </Badge>
        {subscription.status === "ended" ? null : (
          <Text size="sm">
            {t(subscription.status === "active" ? "subscriptions.renews" : "subscriptions.accessUntil", { date })}
          </Text>
        )}
      </Group>
      {renewing ? (
        <div>
          <Button variant="light" color="red" onClick={open}>
            {t("payments.orders.stopRenewing")}
          </Button>
          <Modal opened={opened} onClose={close} title={t("payments.orders.stopRenewingTitle")} centered>
            <Stack>
              <Text>{t("payments.orders.stopRenewingConfirm", { name: buyer, date })}</Text>
              <Form method="post" onSubmit={() => close()}>
                <input type="hidden" name="intent" value="cancelSubscription" />
                <input type="hidden" name="id" value={orderId} />
                <Group justify="flex-end">
                  <Button variant="default" onClick={close}>
                    {t("subscriptions.keep")}
                  </Button>
                  <Button type="submit" color="red">
                    {t("payments.orders.stopRenewing")}
                  </Button>
                </Group>
              </Form>
            </Stack>
          </Modal>
        </div>
      ) : null}
    </Stack>
  );
}
