import { Alert, Button, Card, Code, ColorInput, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, useNavigation, useSearchParams } from "react-router";
import { MAX_ENDPOINTS } from "../../../core/webhooks";
import { WebhooksSection } from "../../components/webhooks/webhooks-section";
import { useTranslation } from "../../i18n/use-translation";
import { actionResult, errorOf } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { asPageError } from "../../lib/instructor.server";
import type { Route } from "./+types/app";
import { CodeValue } from "../../components/code-value";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform) throw new Response("Not found", { status: 404 });
  const svc = context.services.webApp;
  const [app, keys, webhooks] = await Promise.all([svc.settings(), svc.keys.list(), svc.webhooks.list()]).catch(
    asPageError,
  );
  // The delivery log opened through ?deliveries=<id>; an id that is not this site's opens nothing.
  const open = new URL(request.url).searchParams.get("deliveries");
  const endpoint = open ? webhooks.find((w) => w.id === open) : undefined;
  const deliveries = endpoint
    ? { url: endpoint.url, ...(await svc.webhooks.deliveries(endpoint.id).catch(asPageError)) }
    : null;
  return {
    title: pageTitle(translatorFor(context, request), "webApp.title", context.site.settings.sitetitle),
    sitetitle: context.site.settings.sitetitle,
    icon: context.site.settings.icon,
    app,
    keys,
    webhooks,
    allowsLocalHttp: svc.webhooks.allowsLocalHttp(),
    deliveries,
  };
}

/** An endpoint's fields as the form posts them (unchecked boxes are absent). */
const webhookFields = (form: FormData) => ({
  url: String(form.get("url") ?? ""),
  description: String(form.get("description") ?? ""),
  events: form.getAll("events").map(String),
  enabled: form.get("enabled") === "on",
});

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const svc = context.services.webApp;
  return actionResult(async () => {
    if (intent === "app") {
      const app = await svc.save({
        name: String(form.get("name") ?? ""),
        shortName: String(form.get("shortName") ?? ""),
        themeColor: String(form.get("themeColor") ?? ""),
        backgroundColor: String(form.get("backgroundColor") ?? ""),
      });
      return { ok: true, intent, app };
    }
    if (intent === "create-key") {
      const keyName = String(form.get("keyName") ?? "").trim();
      if (!keyName || keyName.length > 80) {
        const message = "A key needs a name (at most 80 characters)";
        throw { code: "validation_failed", status: 422, message, details: [{ field: "keyName", message }] };
      }
      const { key, apiKey } = await svc.keys.create(keyName);
      return { ok: true, intent, key, name: apiKey.name };
    }
    if (intent === "webhook-save") {
      const id = String(form.get("id") ?? "");
      if (id) {
        const endpoint = await svc.webhooks.update(id, webhookFields(form));
        return { ok: true, intent, id: endpoint.id };
      }
      const { secret, endpoint } = await svc.webhooks.create(webhookFields(form));
      return { ok: true, intent, id: endpoint.id, url: endpoint.url, secret };
    }
    if (intent === "webhook-test") {
      return { ok: true, intent, result: await svc.webhooks.test(String(form.get("id") ?? "")) };
    }
    if (intent === "webhook-rotate") {
      return { ok: true, intent, ...(await svc.webhooks.rotateSecret(String(form.get("id") ?? ""))) };
    }
    if (intent === "webhook-delete") {
      await svc.webhooks.remove(String(form.get("id") ?? ""));
      return { ok: true, intent };
    }
    if (intent === "revoke-key") {
      await svc.keys.revoke(String(form.get("id") ?? ""));
      return { ok: true, intent };
    }
    throw { code: "bad_request", status: 400, message: "Unknown or missing intent" };
  });
}

export default function AppSettings({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const error = errorOf(actionData);
  const field = (name: string) =>
    ((error?.details as { field?: string; message?: string }[] | undefined) ?? []).find((x) => x.field === name)
      ?.message;
  const created = actionData && "key" in actionData ? (actionData as { key: string; name: string }) : null;
  const saved = actionData && "app" in actionData;
  const [, setSearchParams] = useSearchParams();
  return (
    <div className="page">
      <Stack gap="lg" maw={820}>
        <Title order={1}>{t("webApp.title")}</Title>
        {error &&
        !field("name") &&
        !field("shortName") &&
        !field("themeColor") &&
        !field("backgroundColor") &&
        !field("keyName") ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}

        <Card withBorder component="section" aria-labelledby="app-heading">
          <Title order={2} size="h4" id="app-heading">
            {t("webApp.installable")}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("webApp.installableHint")}
          </Text>
          <Form method="post">
            <Stack gap="sm">
              <TextInput
                name="name"
                label={t("webApp.name")}
                placeholder={d.sitetitle}
                defaultValue={d.app.name}
                maxLength={60}
                error={field("name")}
              />
              <TextInput
                name="shortName"
                label={t("webApp.shortName")}
                description={t("webApp.shortNameHint")}
                defaultValue={d.app.shortName}
                error={field("shortName")}
              />
              <Group grow>
                <ColorInput
                  name="themeColor"
                  label={t("webApp.themeColor")}
                  defaultValue={d.app.themeColor}
                  format="hex"
                  eyeDropperButtonProps={{ "aria-label": t("webApp.eyeDropper") }}
                  error={field("themeColor")}
                />
                <ColorInput
                  name="backgroundColor"
                  label={t("webApp.backgroundColor")}
                  defaultValue={d.app.backgroundColor}
                  format="hex"
                  eyeDropperButtonProps={{ "aria-label": t("webApp.eyeDropper") }}
                  error={field("backgroundColor")}
                />
              </Group>
              <Text size="sm">{d.icon ? t("webApp.iconFromSite") : t("webApp.noIcon")}</Text>
              <Group>
                <Button type="submit" name="intent" value="app" loading={busy}>
                  {t("webApp.save")}
                </Button>
                {saved ? (
                  <Text size="sm" c="green" role="status">
                    {t("webApp.saved")}
                  </Text>
                ) : null}
                <Text size="sm" c="dimmed">
                  <a href="/manifest.webmanifest">{t("webApp.viewManifest")}</a>
                </Text>
              </Group>
            </Stack>
          </Form>
        </Card>

        <Card withBorder component="section" aria-labelledby="keys-heading">
          <Title order={2} size="h4" id="keys-heading">
            {t("webApp.keys")}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("webApp.keysHint")}
          </Text>
          {created ? (
            <Alert color="green" title={t("webApp.keyCreated", { name: created.name })} mb="sm" data-testid="new-key">
              <Text size="sm">{t("webApp.keyOnce")}</Text>
              <CodeValue>{created.key}</CodeValue>
            </Alert>
          ) : null}
          <Form method="post">
            <Group align="flex-end" mb="md">
              <TextInput
                name="keyName"
                label={t("webApp.keyName")}
                required
                maxLength={80}
                error={field("keyName")}
                style={{ flex: 1 }}
              />
              <Button type="submit" name="intent" value="create-key" loading={busy}>
                {t("webApp.createKey")}
              </Button>
            </Group>
          </Form>
          {d.keys.length === 0 ? (
            <Text c="dimmed">{t("webApp.noKeys")}</Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table data-testid="api-keys">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("webApp.keyName")}</Table.Th>
                    <Table.Th>{t("webApp.keyPrefix")}</Table.Th>
                    <Table.Th>{t("webApp.lastUsed")}</Table.Th>
                    <Table.Th>
                      <span className="visually-hidden">{t("webApp.actions")}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.keys.map((k) => (
                    <Table.Tr key={k.id}>
                      <Table.Td>{k.name}</Table.Td>
                      <Table.Td>
                        <Code>atr_{k.prefix}_…</Code>
                      </Table.Td>
                      <Table.Td>
                        {k.lastUsedAt
                          ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(
                              new Date(k.lastUsedAt),
                            )
                          : t("webApp.never")}
                      </Table.Td>
                      <Table.Td>
                        <Form method="post">
                          <input type="hidden" name="id" value={k.id} />
                          <Button
                            type="submit"
                            name="intent"
                            value="revoke-key"
                            variant="subtle"
                            color="red"
                            size="xs"
                            aria-label={t("webApp.revokeNamed", { name: k.name })}
                          >
                            {t("webApp.revoke")}
                          </Button>
                        </Form>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>

        <WebhooksSection
          endpoints={d.webhooks}
          allowsLocalHttp={d.allowsLocalHttp}
          max={MAX_ENDPOINTS}
          deliveries={d.deliveries}
          onCloseDeliveries={() => setSearchParams({}, { preventScrollReset: true })}
        />
      </Stack>
    </div>
  );
}
