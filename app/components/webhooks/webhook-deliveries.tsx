import { Badge, Drawer, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "../../i18n/use-translation";
import type { WebhookDelivery } from "./types";

type Props = {
  /** The endpoint whose log is open, with its attempts; null when closed. */
  open: { url: string; items: WebhookDelivery[]; total: number } | null;
  onClose: () => void;
};

/** An endpoint's delivery log: every attempt of the last 30 days, newest first. */
export function WebhookDeliveries({ open, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery("(max-width: 40em)");
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));
  return (
    <Drawer
      opened={Boolean(open)}
      onClose={onClose}
      position={phone ? "bottom" : "right"}
      size={phone ? "90%" : "xl"}
      title={open ? t("webhooks.deliveriesTitle", { url: open.url }) : ""}
    >
      {open ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("webhooks.deliveriesHint")}
          </Text>
          {open.items.length === 0 ? (
            <Text c="dimmed">{t("webhooks.noDeliveries")}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table data-testid="webhook-deliveries" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("webhooks.when")}</Table.Th>
                    <Table.Th>{t("webhooks.event")}</Table.Th>
                    <Table.Th>{t("webhooks.attempt")}</Table.Th>
                    <Table.Th>{t("webhooks.status")}</Table.Th>
                    <Table.Th>{t("webhooks.duration")}</Table.Th>
                    <Table.Th>{t("webhooks.error")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {open.items.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>{when(d.createdAt)}</Table.Td>
                      <Table.Td>
                        <Text ff="monospace" size="sm">
                          {d.eventType}
                        </Text>
                      </Table.Td>
                      <Table.Td>{d.attempt}</Table.Td>
                      <Table.Td>
                        <Badge color={d.delivered ? "green" : "red"} variant="light">
                          {d.statusCode ?? t("webhooks.noAnswer")}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{t("webhooks.ms", { ms: d.durationMs })}</Table.Td>
                      <Table.Td>
                        {d.error ? (
                          <Text size="sm" dir="ltr">
                            {d.error}
                          </Text>
                        ) : null}
                        {d.nextRetryAt ? (
                          <Text size="xs" c="dimmed">
                            {t("webhooks.retryAt", { when: when(d.nextRetryAt) })}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {open.total > open.items.length ? (
            <Text size="sm" c="dimmed">
              {t("webhooks.moreInApi", { shown: open.items.length, total: open.total })}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
