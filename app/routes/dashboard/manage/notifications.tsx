// The site's notification touchpoints (spec §3 option `touchpoints`, §9 event groups): one section
// per group, a switch per touchpoint with who receives it. A switch saves at once and shows its new
// state while saving; a refused save puts it back and says why in a toast.
import { Card, Stack, Switch, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { isTouchpointKey, type TouchpointState } from "../../../../core/touchpoints";
import { useToast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../i18n/use-translation";
import { actionResult, errorOf } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError } from "../../../lib/instructor.server";
import { requireSiteManager } from "../../../lib/site-admin.server";
import type { Route } from "./+types/notifications";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireSiteManager(context);
  const groups = await context.services.touchpoints.read().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "touchpoints.title", context.site.settings.sitetitle),
    groups,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireSiteManager(context);
  const form = await request.formData();
  const key = String(form.get("key") ?? "");
  return actionResult(async () => {
    // The server refuses an unknown key by name too; this only spares it the round trip.
    if (!isTouchpointKey(key)) {
      const message = `Unknown touchpoint "${key}"`;
      throw { code: "validation_failed", status: 422, message, details: [{ field: `touchpoints.${key}`, message }] };
    }
    await context.services.touchpoints.update({ touchpoints: { [key]: form.get("on") === "true" } });
    return { ok: true, key };
  });
}

function TouchpointSwitch({ touchpoint }: { touchpoint: TouchpointState }) {
  const { t } = useTranslation();
  const toast = useToast();
  const fetcher = useFetcher<typeof action>();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    const d = fetcher.data;
    if (fetcher.state !== "idle" || !d || shown.current === d) return;
    shown.current = d;
    const error = errorOf(d);
    toast.show(
      error
        ? { message: t("touchpoints.saveFailed", { message: error.message }), tone: "error" }
        : { message: t("touchpoints.saved"), tone: "success" },
    );
  }, [fetcher.state, fetcher.data, toast, t]);
  // While saving, the switch shows what was asked; afterwards, what the server holds (so a refusal
  // puts it back).
  const pending = fetcher.formData?.get("on");
  const on = pending != null ? pending === "true" : touchpoint.on;
  const recipients = touchpoint.recipients.map((r) => t(`touchpoints.recipients.${r}`)).join(", ");
  return (
    <Switch
      checked={on}
      onChange={(e) => fetcher.submit({ key: touchpoint.key, on: String(e.currentTarget.checked) }, { method: "post" })}
      label={t(`touchpoints.items.${touchpoint.key}`, { defaultValue: touchpoint.label })}
      description={t("touchpoints.to", { recipients })}
      aria-busy={fetcher.state !== "idle"}
      data-testid={`touchpoint-${touchpoint.key}`}
      size="md"
    />
  );
}

export default function NotificationSettings({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Stack gap="lg" maw={760}>
        <div>
          <Title order={1}>{t("touchpoints.title")}</Title>
          <Text c="dimmed" mt="xs">
            {t("touchpoints.intro")}
          </Text>
        </div>
        {d.groups.map((group) => (
          <Card
            key={group.id}
            withBorder
            component="section"
            aria-labelledby={`touchpoints-${group.id}`}
            data-testid={`touchpoint-group-${group.id}`}
          >
            <Title order={2} size="h4" id={`touchpoints-${group.id}`}>
              {t(`touchpoints.groups.${group.id}.title`)}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t(`touchpoints.groups.${group.id}.text`)}
            </Text>
            <Stack gap="md">
              {group.touchpoints.map((tp) => (
                <TouchpointSwitch key={tp.key} touchpoint={tp} />
              ))}
            </Stack>
          </Card>
        ))}
      </Stack>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
