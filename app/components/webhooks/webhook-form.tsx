import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { WEBHOOK_EVENTS, webhookInputSchema } from "../../../core/webhooks";
import { useTranslation } from "../../i18n/use-translation";
import { errorOf } from "../../lib/action-result";
import type { WebhookEndpoint } from "./types";

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The endpoint being changed; none to add one. */
  endpoint: WebhookEndpoint | null;
  allowsLocalHttp: boolean;
  max: number;
  /** Told the new endpoint's secret (shown once) after an add. */
  onCreated: (secret: { url: string; secret: string }) => void;
};

type Errors = Partial<Record<"url" | "events" | "description" | "form", string>>;

/** The message key of a URL problem (core/webhooks.ts WebhookUrlProblem). */
const URL_PROBLEM_KEYS: Record<string, string> = {
  invalid: "webhooks.errors.urlInvalid",
  credentials: "webhooks.errors.credentials",
  httpsRequired: "webhooks.errors.httpsRequired",
  privateAddress: "webhooks.errors.privateAddress",
};

/** Add or change an endpoint; checked here with the server's own rule, and the server decides. */
export function WebhookForm({ opened, onClose, endpoint, allowsLocalHttp, max, onCreated }: Props) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const [errors, setErrors] = useState<Errors>({});
  const busy = fetcher.state !== "idle";
  const handled = useRef<unknown>(undefined);

  // The server's answer, taken once: a refusal shown on its field, or success (the dialog closes).
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    const error = errorOf(fetcher.data);
    if (error) {
      const details = (error.details as { field?: string }[] | undefined) ?? [];
      const field = details[0]?.field ?? "";
      if (error.code === "conflict") setErrors({ form: t("webhooks.limitReached", { max }) });
      else if (field === "url") setErrors({ url: t("webhooks.errors.urlRefused") });
      else if (field.startsWith("events")) setErrors({ events: t("webhooks.errors.eventsRequired") });
      else setErrors({ form: t("webhooks.errors.failed") });
      return;
    }
    const done = fetcher.data as { secret?: string; url?: string };
    if (done.secret && done.url) onCreated({ url: done.url, secret: done.secret });
    onClose();
  }, [fetcher.state, fetcher.data, t, max, onClose, onCreated]);

  useEffect(() => {
    if (opened) setErrors({});
  }, [opened]);

  const check = (e: FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const parsed = webhookInputSchema({ production: !allowsLocalHttp }).safeParse({
      url: String(form.get("url") ?? ""),
      description: String(form.get("description") ?? ""),
      events: form.getAll("events").map(String),
      enabled: form.get("enabled") === "on",
    });
    if (parsed.success) return setErrors({});
    e.preventDefault();
    const found: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (field === "url" && !found.url) {
        const problem = (issue as { params?: { problem?: string } }).params?.problem ?? "invalid";
        found.url = t(URL_PROBLEM_KEYS[problem] ?? "webhooks.errors.urlInvalid");
      }
      if (field === "events" && !found.events) found.events = t("webhooks.errors.eventsRequired");
      if (field === "description") found.description = t("webhooks.errors.descriptionTooLong");
    }
    setErrors(found);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={endpoint ? t("webhooks.editTitle") : t("webhooks.addTitle")}
      size="lg"
      centered
    >
      <fetcher.Form method="post" onSubmit={check} noValidate data-testid="webhook-form">
        <input type="hidden" name="intent" value="webhook-save" />
        {endpoint ? <input type="hidden" name="id" value={endpoint.id} /> : null}
        <Stack gap="sm">
          {errors.form ? (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <TextInput
            name="url"
            type="url"
            label={t("webhooks.url")}
            description={allowsLocalHttp ? t("webhooks.urlHintLocal") : t("webhooks.urlHint")}
            placeholder="https://example.com/hooks"
            defaultValue={endpoint?.url ?? ""}
            required
            maxLength={2000}
            error={errors.url}
            dir="ltr"
            data-autofocus
          />
          <TextInput
            name="description"
            label={t("webhooks.description")}
            defaultValue={endpoint?.description ?? ""}
            maxLength={200}
            error={errors.description}
          />
          <Checkbox.Group
            label={t("webhooks.events")}
            description={t("webhooks.eventsHint")}
            error={errors.events}
            defaultValue={endpoint?.events ?? []}
            withAsterisk
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt="xs">
              {WEBHOOK_EVENTS.map((name) => (
                <Checkbox
                  key={name}
                  name="events"
                  value={name}
                  label={
                    <Text ff="monospace" size="sm">
                      {name}
                    </Text>
                  }
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Switch name="enabled" label={t("webhooks.enabled")} defaultChecked={endpoint?.enabled ?? true} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("webhooks.cancel")}
            </Button>
            <Button type="submit" loading={busy}>
              {t("webhooks.save")}
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}
