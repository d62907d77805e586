import { Alert, Badge, Button, Card, Code, Group, Stack, Switch, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, redirect, useNavigation } from "react-router";
import { useTranslation } from "../../../i18n/use-translation";
import { actionResult, errorOf } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { planLock } from "../../../lib/plan-limit";
import { PlanRefusal } from "../../../components/plan-refusal";
import { requireSiteManager } from "../../../lib/site-admin.server";
import type { Route } from "./+types/domain";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  requireSiteManager(context);
  return {
    title: pageTitle(translatorFor(context, request), "siteAddress.title", context.site.settings.sitetitle),
    plan: context.site.settings.plan,
    ...context.services.siteAddress.state(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const svc = context.services.siteAddress;
  return actionResult(async () => {
    if (intent === "slug") {
      const { url } = await svc.setSlug(String(form.get("slug") ?? ""));
      // The site answers only at its new address now: sign in there (same account, no new sign-up).
      return redirect(`${url}/login?redirectTo=${encodeURIComponent("/dashboard/manage/site/domain")}`);
    }
    if (intent === "domain" || intent === "clear-domain") {
      await svc.setDomain(intent === "domain" ? String(form.get("domain") ?? "") : null);
      return { ok: true, intent };
    }
    if (intent === "check") return { ok: true, intent, check: await svc.checkDomain() };
    if (intent === "features") {
      const names = ["lms", "groups", "appointments", "gamification", "single_session"] as const;
      const patch = Object.fromEntries(names.map((n) => [n, form.get(n) === "on"]));
      const current = svc.state().features;
      // Only what changed is sent, so a flag the plan no longer allows can stay as it is.
      const changed = Object.fromEntries(
        Object.entries(patch).filter(([n, on]) => current.find((f) => f.name === n)?.on !== on),
      );
      await svc.setFeatures(changed);
      return { ok: true, intent };
    }
    throw { code: "bad_request", status: 400, message: "Unknown or missing intent" };
  });
}

export default function SiteDomain({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const error = errorOf(actionData);
  const intent = (actionData as { intent?: string } | undefined)?.intent;
  const check = (actionData as { check?: { pointsHere: boolean; found: string[] } } | undefined)?.check;
  const field = (name: string) =>
    ((error?.details as { field?: string; message?: string }[] | undefined) ?? []).find((x) => x.field === name)
      ?.message;
  return (
    <div className="page">
      <Stack gap="lg" maw={760}>
        <Title order={1}>{t("siteAddress.title")}</Title>
        <PlanRefusal result={actionData} />
        {error && !field("slug") && !field("domain") && !["plan_required", "plan_limit"].includes(error.code) ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}

        <Card withBorder component="section" aria-labelledby="address-heading">
          <Title order={2} size="h4" id="address-heading">
            {t("siteAddress.address")}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("siteAddress.addressHint", { url: d.platformUrl })}
          </Text>
          <Form method="post">
            <Group align="flex-end">
              <TextInput
                name="slug"
                label={t("siteAddress.slug")}
                defaultValue={d.slug}
                required
                pattern="[a-z0-9][a-z0-9-]{1,38}[a-z0-9]"
                error={field("slug")}
                style={{ flex: 1 }}
              />
              <Button type="submit" name="intent" value="slug" loading={busy}>
                {t("siteAddress.changeSlug")}
              </Button>
            </Group>
          </Form>
        </Card>

        <Card withBorder component="section" aria-labelledby="domain-heading" data-testid="custom-domain">
          <Title order={2} size="h4" id="domain-heading">
            {t("siteAddress.domain")}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("siteAddress.domainHint")}
          </Text>
          <Form method="post">
            <Group align="flex-end">
              <TextInput
                name="domain"
                label={t("siteAddress.domainLabel")}
                placeholder="academy.example.com"
                defaultValue={d.domain ?? ""}
                error={field("domain")}
                style={{ flex: 1 }}
              />
              <Button type="submit" name="intent" value="domain" loading={busy}>
                {t("siteAddress.saveDomain")}
              </Button>
              {d.domain ? (
                <Button type="submit" name="intent" value="clear-domain" variant="default" loading={busy}>
                  {t("siteAddress.clearDomain")}
                </Button>
              ) : null}
            </Group>
          </Form>
          {d.record ? (
            <Stack gap="xs" mt="md">
              <Text size="sm">{t("siteAddress.recordIntro")}</Text>
              <Table withTableBorder data-testid="dns-record">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("siteAddress.recordType")}</Table.Th>
                    <Table.Th>{t("siteAddress.recordName")}</Table.Th>
                    <Table.Th>{t("siteAddress.recordValue")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{d.record.type}</Table.Td>
                    <Table.Td>
                      <Code>{d.record.name}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Code>{d.record.value}</Code>
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Form method="post">
                <Group>
                  <Button type="submit" name="intent" value="check" variant="light" loading={busy}>
                    {t("siteAddress.check")}
                  </Button>
                  {intent === "check" && check ? (
                    <Badge color={check.pointsHere ? "green" : "orange"} data-testid="domain-check">
                      {check.pointsHere ? t("siteAddress.pointsHere") : t("siteAddress.notYet")}
                    </Badge>
                  ) : null}
                </Group>
              </Form>
              {intent === "check" && check && !check.pointsHere ? (
                <Text size="sm" c="dimmed">
                  {check.found.length
                    ? t("siteAddress.foundInstead", { records: check.found.join(", ") })
                    : t("siteAddress.nothingFound")}
                </Text>
              ) : null}
            </Stack>
          ) : null}
        </Card>

        <Card withBorder component="section" aria-labelledby="features-heading">
          <Title order={2} size="h4" id="features-heading">
            {t("siteAddress.features")}
          </Title>
          <Form method="post">
            <Stack gap="sm" mt="sm">
              {d.features.map((f) => (
                <div key={f.name}>
                  <Switch
                    name={f.name}
                    defaultChecked={f.on}
                    disabled={!f.allowed && !f.on}
                    label={t(`siteAddress.featureNames.${f.name}`)}
                    description={t(`siteAddress.featureHints.${f.name}`)}
                  />
                  {!f.allowed && !f.on ? <PlanRefusal result={planLock(d.plan, f.name)} mb="0" /> : null}
                </div>
              ))}
              <Group>
                <Button type="submit" name="intent" value="features" loading={busy}>
                  {t("siteAddress.saveFeatures")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Card>
      </Stack>
    </div>
  );
}
