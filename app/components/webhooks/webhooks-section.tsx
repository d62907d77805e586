import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useCallback, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { WebhookDelivery, WebhookEndpoint } from "./types";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookForm } from "./webhook-form";
import { WebhookRow } from "./webhook-row";
import { CodeValue } from "../code-value";

/** A secret or URL breaks anywhere rather than widen the page on a phone. */

type Props = {
  endpoints: WebhookEndpoint[];
  allowsLocalHttp: boolean;
  max: number;
  /** The log opened through ?deliveries=<id>, when it is. */
  deliveries: { url: string; items: WebhookDelivery[]; total: number } | null;
  onCloseDeliveries: () => void;
};

/** The site's outgoing webhooks on /dashboard/app: endpoints, their secrets, tests and logs. */
export function WebhooksSection({ endpoints, allowsLocalHttp, max, deliveries, onCloseDeliveries }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const close = useCallback(() => setFormOpen(false), []);
  const full = endpoints.length >= max;
  return (
    <Card withBorder component="section" aria-labelledby="webhooks-heading">
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="webhooks-heading">
          {t("webhooks.title")}
        </Title>
        <Button
          size="sm"
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
          disabled={full}
        >
          {t("webhooks.add")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t("webhooks.hint")} {full ? t("webhooks.limitReached", { max }) : t("webhooks.limit", { max })}
      </Text>
      {created ? (
        <Alert
          color="green"
          title={<span style={{ wordBreak: "break-all" }}>{t("webhooks.secretCreated", { url: created.url })}</span>}
          mb="sm"
          data-testid="webhook-secret"
          withCloseButton
          closeButtonLabel={t("webhooks.hideSecret")}
          onClose={() => setCreated(null)}
        >
          <Text size="sm">{t("webhooks.secretOnce")}</Text>
          <CodeValue>{created.secret}</CodeValue>
        </Alert>
      ) : null}
      {endpoints.length === 0 ? (
        <Text c="dimmed">{t("webhooks.empty")}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} data-testid="webhook-endpoints">
          {endpoints.map((e) => (
            <WebhookRow
              key={e.id}
              endpoint={e}
              onEdit={(endpoint) => {
                setEditing(endpoint);
                setFormOpen(true);
              }}
            />
          ))}
        </Stack>
      )}
      <WebhookForm
        // A fresh form for each endpoint, so its defaults are that endpoint's.
        key={editing?.id ?? "new"}
        opened={formOpen}
        onClose={close}
        endpoint={editing}
        allowsLocalHttp={allowsLocalHttp}
        max={max}
        onCreated={setCreated}
      />
      <WebhookDeliveries open={deliveries} onClose={onCloseDeliveries} />
    </Card>
  );
}
