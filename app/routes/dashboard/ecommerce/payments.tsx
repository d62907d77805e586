import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useTranslation } from "../../../i18n/use-translation";
import { useFetcher } from "react-router";
import { Toast } from "../../../components/owner-orders/toast";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/payments";
import { CodeValue } from "../../../components/code-value";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** Payment providers for the site's managers (/dashboard/manage/ecommerce/payments). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const svc = context.services.ordersAdmin;
  if (!svc.canManage) throw notFound();
  const settings = await svc.settings().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "payments.settings.title", context.site.settings.sitetitle),
    origin: new URL(request.url).origin,
    settings,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const provider = String(form.get("provider") ?? "");
  const config: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const [k, v] of form.entries()) {
    if (typeof v !== "string") continue;
    if (k.startsWith("config.")) config[k.slice(7)] = v;
    if (k.startsWith("secrets.")) secrets[k.slice(8)] = v;
  }
  const result = await runAction(() =>
    context.services.ordersAdmin.saveSettings(provider, { enabled: form.get("enabled") === "on", config, secrets }),
  );
  return "ok" in result ? { ...result, at: Date.now() } : result;
}

type ProviderView = Awaited<ReturnType<typeof loader>>["settings"]["providers"][number];

function ProviderCard({
  p,
  origin,
  isDefault,
  takesSite,
}: {
  p: ProviderView;
  origin: string;
  isDefault: boolean;
  takesSite: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const res = fetcher.data as
    | { ok: boolean; message: string | null; fields: Record<string, string>; at?: number }
    | undefined;
  const failed = res && !res.ok ? res : null;
  const label = (k: string) => t(`payments.settings.fields.${k}`);
  // "required": a key the provider needs before it can be switched on; other messages name the problem.
  const fieldError = (path: string) => {
    const message = failed?.fields[path];
    return message === "required" ? t("payments.settings.required") : message;
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`provider-${p.provider}`}>
      <fetcher.Form method="post">
        <input type="hidden" name="provider" value={p.provider} />
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4" id={`provider-${p.provider}`}>
              {t(`payments.providers.${p.provider}`)}
            </Title>
            {isDefault ? <Badge variant="light">{t("payments.settings.default")}</Badge> : null}
          </Group>
          <Switch name="enabled" defaultChecked={p.enabled} label={t("payments.settings.enabled")} />
          {Object.keys(p.config).map((k) =>
            k === "apiBase" ? (
              <Select
                key={k}
                name={`config.${k}`}
                label={label(k)}
                data={["sandbox", "live"].map((v) => ({ value: v, label: t(`payments.settings.environments.${v}`) }))}
                defaultValue={p.config[k] || "sandbox"}
                allowDeselect={false}
                error={fieldError(`config.${k}`)}
              />
            ) : k === "instructions" ? (
              <Textarea
                key={k}
                name={`config.${k}`}
                label={label(k)}
                defaultValue={p.config[k]}
                maxLength={2000}
                autosize
                minRows={3}
                error={fieldError(`config.${k}`)}
              />
            ) : (
              <TextInput
                key={k}
                name={`config.${k}`}
                label={label(k)}
                defaultValue={p.config[k]}
                dir="ltr"
                withAsterisk={p.required.includes(`config.${k}`)}
                error={fieldError(`config.${k}`)}
              />
            ),
          )}
          {Object.entries(p.secretsSet).map(([k, set]) => (
            <PasswordInput
              key={k}
              name={`secrets.${k}`}
              label={label(k)}
              placeholder={set ? t("payments.settings.saved") : ""}
              description={set ? t("payments.settings.keepHint") : undefined}
              autoComplete="new-password"
              dir="ltr"
              withAsterisk={p.required.includes(`secrets.${k}`) && !set}
              error={fieldError(`secrets.${k}`)}
            />
          ))}
          {p.provider !== "offline" ? (
            <div>
              <Text size="sm" fw={500}>
                {t("payments.settings.webhook")}
              </Text>
              <CodeValue>{`${origin}/api/webhooks/${p.provider}`}</CodeValue>
            </div>
          ) : null}
          <Text size="xs" c="dimmed">
            {t("payments.settings.currencies", { list: p.currencies.join(", ") })}
          </Text>
          {!takesSite ? (
            <Text size="xs" c="orange">
              {t("payments.settings.notSiteCurrency")}
            </Text>
          ) : null}
          {failed && !Object.keys(failed.fields).length ? <Alert color="red">{failed.message}</Alert> : null}
          <Group>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {t("payments.settings.save")}
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
      <Toast
        message={res ? (res.ok ? t("payments.settings.savedToast") : res.message || t("payments.orders.failed")) : null}
        color={res?.ok ? "green" : "red"}
        stamp={res}
      />
    </Card>
  );
}

export default function PaymentSettings({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const s = d.settings;
  return (
    <div className="page">
      <h1>{t("payments.settings.heading")}</h1>
      <Alert variant="light" mb="md">
        {t("payments.settings.currencyNote", {
          currency: s.currency,
          providers: s.available.map((p) => t(`payments.providers.${p}`)).join(", ") || "—",
        })}
        {s.defaultProvider
          ? ` ${t("payments.settings.defaultNote", { provider: t(`payments.providers.${s.defaultProvider}`) })}`
          : ""}
      </Alert>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {s.providers.map((p) => (
          <ProviderCard
            key={p.provider}
            p={p}
            origin={d.origin}
            isDefault={s.defaultProvider === p.provider}
            takesSite={p.currencies.includes(s.currency)}
          />
        ))}
      </SimpleGrid>
    </div>
  );
}
