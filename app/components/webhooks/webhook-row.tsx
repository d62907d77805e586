import { Badge, Button, Code, Group, Paper, Stack, Text } from "@mantine/core";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { errorOf } from "../../lib/action-result";
import { ConfirmDeleteButton } from "../confirm-delete-button";
import type { WebhookDelivery, WebhookEndpoint } from "./types";
import { CodeValue } from "../code-value";

type Props = {
  endpoint: WebhookEndpoint;
  onEdit: (endpoint: WebhookEndpoint) => void;
};

/** What a test ping brought back, in words. */
function TestResult({ data }: { data: unknown }) {
  const { t } = useTranslation();
  if (data === undefined) return null;
  if (errorOf(data)) {
    return (
      <Text size="sm" c="red" role="status">
        {t("webhooks.testFailed", { reason: t("webhooks.errors.failed") })}
      </Text>
    );
  }
  const d = (data as { result?: WebhookDelivery }).result;
  if (!d) return null;
  return (
    <Text size="sm" c={d.delivered ? "green" : "red"} role="status" data-testid="webhook-test-result">
      {d.delivered
        ? t("webhooks.testDelivered", { status: d.statusCode, ms: d.durationMs })
        : t("webhooks.testFailed", { reason: d.statusCode ? `HTTP ${d.statusCode}` : (d.error ?? "") })}
    </Text>
  );
}

/** One endpoint: where it points, what it hears, how its last delivery went, and what can be done. */
export function WebhookRow({ endpoint: e, onEdit }: Props) {
  const { t, i18n } = useTranslation();
  const test = useFetcher();
  const rotate = useFetcher<{ secret?: string }>();
  const last = e.lastDelivery;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const rotated = rotate.data?.secret;
  return (
    <Paper withBorder p="sm" component="li" data-testid="webhook-endpoint" style={{ listStyle: "none" }}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} dir="ltr" style={{ wordBreak: "break-all" }}>
            {e.url}
          </Text>
          <Badge color={e.enabled ? "green" : "gray"} variant="light">
            {e.enabled ? t("webhooks.on") : t("webhooks.off")}
          </Badge>
        </Group>
        {e.description ? (
          <Text size="sm" c="dimmed">
            {e.description}
          </Text>
        ) : null}
        {e.disabledForFailuresAt ? (
          <Text size="sm" c="red">
            {t("webhooks.disabledForFailures")}
          </Text>
        ) : null}
        <Group gap={4}>
          {e.events.map((name) => (
            <Code key={name}>{name}</Code>
          ))}
        </Group>
        <Text size="sm">
          {t("webhooks.lastDelivery")}:{" "}
          {last ? (
            <>
              <Badge color={last.delivered ? "green" : "red"} variant="light" size="sm">
                {last.delivered ? t("webhooks.delivered") : t("webhooks.failed")}
                {last.statusCode ? ` · ${last.statusCode}` : ""}
              </Badge>{" "}
              <Text span size="sm" c="dimmed">
                {when(last.createdAt)}
              </Text>
            </>
          ) : (
            <Text span size="sm" c="dimmed">
              {t("webhooks.neverDelivered")}
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {t("webhooks.secret")}: <Code>{e.secretHint}</Code>
        </Text>
        <Group gap="xs" wrap="wrap">
          <test.Form method="post">
            <input type="hidden" name="intent" value="webhook-test" />
            <input type="hidden" name="id" value={e.id} />
            <Button
              type="submit"
              size="compact-sm"
              variant="light"
              loading={test.state !== "idle"}
              aria-label={t("webhooks.testNamed", { url: e.url })}
            >
              {t("webhooks.test")}
            </Button>
          </test.Form>
          <Button
            component={Link}
            to={`?deliveries=${e.id}`}
            preventScrollReset
            size="compact-sm"
            variant="subtle"
            aria-label={t("webhooks.deliveriesNamed", { url: e.url })}
          >
            {t("webhooks.deliveries")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => onEdit(e)}
            aria-label={t("webhooks.editNamed", { url: e.url })}
          >
            {t("webhooks.edit")}
          </Button>
          <rotate.Form
            method="post"
            onSubmit={(ev) => {
              if (!window.confirm(t("webhooks.rotateConfirm"))) ev.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="webhook-rotate" />
            <input type="hidden" name="id" value={e.id} />
            <Button
              type="submit"
              size="compact-sm"
              variant="subtle"
              loading={rotate.state !== "idle"}
              aria-label={t("webhooks.rotateNamed", { url: e.url })}
            >
              {t("webhooks.rotate")}
            </Button>
          </rotate.Form>
          <ConfirmDeleteButton
            id={e.id}
            intent="webhook-delete"
            label={t("webhooks.delete")}
            ariaLabel={t("webhooks.deleteNamed", { url: e.url })}
            dialogTitle={t("webhooks.deleteTitle")}
            message={t("webhooks.deleteMessage", { url: e.url })}
            cancelLabel={t("webhooks.cancel")}
          />
        </Group>
        <TestResult data={test.state === "idle" ? test.data : undefined} />
        {rotated ? (
          <Stack gap={4} data-testid="webhook-rotated-secret">
            <Text size="sm">{t("webhooks.secretOnce")}</Text>
            <CodeValue>{rotated}</CodeValue>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
