import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import type { TFunction } from "../../i18n";
import { ActionErrorAlert } from "../../components/action-error-alert";
import { PlanRefusal } from "../../components/plan-refusal";
import { useTranslation } from "../../i18n/use-translation";
import { actionResult, errorOf } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { asPageError } from "../../lib/instructor.server";
import { addonLock, planRefusal } from "../../lib/plan-limit";
import type { Route } from "./+types/addons";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform) throw new Response("Not found", { status: 404 });
  const view = await context.services.addons.list().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "addons.title", context.site.settings.sitetitle),
    planId: context.site.settings.plan,
    ...view,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const svc = context.services.addons;
  return actionResult(async () => {
    if (intent === "activate") return { ok: true, intent, addon: await svc.activate(id) };
    if (intent === "deactivate") return { ok: true, intent, addon: await svc.deactivate(id) };
    throw { code: "bad_request", status: 400, message: "Unknown or missing intent" };
  });
}

type Data = Route.ComponentProps["loaderData"];
type AddonView = Data["addons"][number];

/** The catalogue's English, translated where the language has the addon's words. */
const labelOf = (t: TFunction, a: Pick<AddonView, "id" | "label">) =>
  t(`addons.catalogue.${a.id}.label`, { defaultValue: a.label });

const PRICE_KEYS = {
  Active: "addons.price.active",
  Free: "addons.price.free",
  "Coming soon": "addons.price.comingSoon",
};
const PRICE_COLOURS = { Active: "blue", Free: "teal", "Coming soon": "gray" };

export default function Addons({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const error = errorOf(actionData);
  const done = actionData && "addon" in actionData ? (actionData as { intent: string; addon: AddonView }) : null;
  return (
    <div className="page">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("addons.title")}</Title>
          <Text c="dimmed">{t("addons.intro")}</Text>
          <Text size="sm" mt={4} data-testid="addons-plan">
            {d.plan ? t("addons.yourPlan", { plan: d.plan.label }) : t("addons.noPlan")}{" "}
            <Anchor component={Link} to="/dashboard/billing">
              {t("addons.seePlans")}
            </Anchor>
          </Text>
        </div>
        {error?.code === "plan_required" ? <PlanRefusal result={actionData} mb="0" /> : null}
        {error?.code === "conflict" ? (
          <Alert color="yellow" variant="light" role="alert" data-testid="addon-coming-soon">
            {t("addons.comingSoonRefused")}
          </Alert>
        ) : null}
        {error && error.code !== "plan_required" && error.code !== "conflict" ? (
          <ActionErrorAlert result={actionData} mb="0" />
        ) : null}
        <Text role="status" size="sm" c="green" data-testid="addon-done" aria-live="polite">
          {done ? t(done.addon.active ? "addons.nowOn" : "addons.nowOff", { name: labelOf(t, done.addon) }) : null}
        </Text>
        {d.addons.length === 0 ? (
          <Text c="dimmed">{t("addons.empty")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {d.addons.map((a) => (
              <AddonCard key={a.id} addon={a} planId={d.planId} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </div>
  );
}

function AddonCard({ addon: a, planId }: { addon: AddonView; planId: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === a.id;
  const name = labelOf(t, a);
  const headingId = `addon-${a.id}-name`;
  // An upgrade would not help an addon that is not offered yet, so it gets no upgrade hint.
  const hint = a.included || !a.available ? null : planRefusal(t, addonLock(planId, a.id).error);
  return (
    <Card withBorder component="article" aria-labelledby={headingId} data-testid={`addon-${a.id}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={headingId}>
            {name}
          </Title>
          {a.badge ? (
            <Badge variant="filled" color="grape">
              {t(`addons.badges.${a.badge}`, { defaultValue: a.badge })}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t(`addons.catalogue.${a.id}.description`, { defaultValue: a.description })}
        </Text>
        <Group gap="xs">
          <Badge variant="light" color={PRICE_COLOURS[a.price]} data-testid="addon-price">
            {t(PRICE_KEYS[a.price])}
          </Badge>
          <Badge variant="dot" color={a.active ? "green" : "gray"} data-testid="addon-state">
            {t(a.active ? "addons.on" : "addons.off")}
          </Badge>
        </Group>
        {hint ? (
          <Text size="sm" data-testid="addon-plan-hint">
            {hint.text}{" "}
            <Anchor component={Link} to={hint.upgrade} fw={600}>
              {t("plan.upgrade")}
            </Anchor>
          </Text>
        ) : a.included ? (
          <Text size="sm">{t("addons.included")}</Text>
        ) : null}
        {!a.available ? (
          <Text size="sm" c="dimmed">
            {t("addons.notYet")}
          </Text>
        ) : null}
        <div style={{ flex: 1 }} />
        {a.active || (a.included && a.available) ? (
          <Form method="post">
            <input type="hidden" name="id" value={a.id} />
            <Button
              type="submit"
              name="intent"
              value={a.active ? "deactivate" : "activate"}
              variant={a.active ? "default" : "filled"}
              fullWidth
              loading={busy}
              aria-label={t(a.active ? "addons.deactivateNamed" : "addons.activateNamed", { name })}
            >
              {t(a.active ? "addons.deactivate" : "addons.activate")}
            </Button>
          </Form>
        ) : null}
      </Stack>
    </Card>
  );
}
