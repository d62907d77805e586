import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { BILLING_PERIODS } from "../../../../core/plan-types";
import { findPlan, PLANS } from "../../../../core/plans";
import { Toast } from "../../../components/owner-orders/toast";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/account";
import { StatusBadges, UsageText } from "./accounts";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** Staff: one site's subscription, usage and suspension, with the plan, trial and suspension actions. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const [account, audit] = await Promise.all([
    service.detail(params.id),
    service.audit({ siteId: params.id, page: 1, perPage: 10 }),
  ]).catch(asPageError);
  const t = translatorFor(context, request);
  return {
    title: pageTitle(t, "staffAccounts.detail.title", account.title || account.slug),
    account: {
      ...account,
      subscription: account.subscription
        ? {
            ...account.subscription,
            trialEndsAt: account.subscription.trialEndsAt?.toISOString() ?? null,
            currentPeriodEnd: account.subscription.currentPeriodEnd?.toISOString() ?? null,
            requestedAt: account.subscription.requestedAt?.toISOString() ?? null,
          }
        : null,
      suspension: account.suspension
        ? { ...account.suspension, suspendedAt: account.suspension.suspendedAt.toISOString() }
        : null,
    },
    audit: audit.items,
    address: `${context.scheme}://${account.domain ?? `${account.slug}.${context.baseDomain}`}`,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = params.id;
  const run = (fn: () => Promise<unknown>) =>
    runAction(fn).then((r) => ({ ...r, value: null, intent, at: Date.now() }));
  switch (intent) {
    case "plan":
      return run(() => service.changePlan(id, { planId: form.get("planId"), period: form.get("period") }));
    case "trial":
      return run(() => service.extendTrial(id, Number(form.get("days"))));
    case "suspend":
      return run(() => service.suspend(id, form.get("reason")));
    case "restore":
      return run(() => service.restore(id, form.get("reason")));
    default:
      return unknownIntent();
  }
}

export default function Account({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const nav = useNavigation();
  const busy = nav.state !== "idle";
  const a = d.account;
  const s = a.subscription;
  const result = actionData as
    | { ok: boolean; message: string; fields: Record<string, string>; intent: string; at: number }
    | undefined;
  const failed = result && !result.ok ? result : null;
  const fieldError = (intent: string, field: string) =>
    failed?.intent === intent ? failed.fields[field] || undefined : undefined;
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }) : "—";
  const planLabel = (id: string | null) => (id ? (findPlan(id)?.label ?? id) : t("staffAccounts.noPlan"));
  const lines = [...a.usage.holdings, ...a.usage.meters];
  return (
    <div className="page">
      <Anchor component={Link} to="/dashboard/accounts" size="sm">
        {t("staffAccounts.detail.back")}
      </Anchor>
      <Group justify="space-between" align="center" mt="xs">
        <Title order={1}>{a.title || a.slug}</Title>
        <StatusBadges status={s?.status ?? null} suspended={Boolean(a.suspension)} />
      </Group>
      <Text c="dimmed">
        <Anchor href={d.address} target="_blank" rel="noreferrer">
          {d.address}
        </Anchor>
        {a.owner ? ` · ${a.owner.name} <${a.owner.email}>` : null}
      </Text>
      {a.suspension ? (
        <Alert color="red" mt="md" title={t("staffAccounts.detail.suspendedTitle")} data-testid="suspension-alert">
          {t("staffAccounts.detail.suspendedSince", {
            date: date(a.suspension.suspendedAt),
            email: a.suspension.suspendedByEmail,
            reason: a.suspension.reason,
          })}
        </Alert>
      ) : null}
      {failed?.message && !Object.keys(failed.fields).length ? (
        <Alert color="red" mt="md" role="alert">
          {failed.message}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
        <Card withBorder>
          <Title order={2} size="h4">
            {t("staffAccounts.detail.subscription")}
          </Title>
          {s ? (
            <Table mt="xs">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>{t("staffAccounts.plan")}</Table.Th>
                  <Table.Td data-testid="current-plan">{planLabel(a.planId)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t("staffAccounts.detail.period")}</Table.Th>
                  <Table.Td>{t(`staffAccounts.periods.${s.period}`)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t("staffAccounts.detail.trialEndsAt")}</Table.Th>
                  <Table.Td>{s.status === "trialing" ? date(s.trialEndsAt) : "—"}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t("staffAccounts.detail.periodEnd")}</Table.Th>
                  <Table.Td>{date(s.currentPeriodEnd)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t("staffAccounts.detail.requested")}</Table.Th>
                  <Table.Td>
                    {s.requestedPlanId
                      ? t("staffAccounts.detail.requestedPlan", {
                          plan: planLabel(s.requestedPlanId),
                          period: t(`staffAccounts.periods.${s.requestedPeriod ?? "monthly"}`),
                          date: date(s.requestedAt),
                        })
                      : t("staffAccounts.detail.noRequest")}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          ) : (
            <Text mt="xs">{t("staffAccounts.detail.noSubscription")}</Text>
          )}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4">
            {t("staffAccounts.detail.usage")}
          </Title>
          <Table mt="xs" aria-label={t("staffAccounts.detail.usage")}>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.key}>
                  <Table.Th>{l.key}</Table.Th>
                  <Table.Td>
                    <UsageText used={l.used} limit={l.limit} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 3 }} mt="md">
        <Card withBorder component={Form} method="post" aria-label={t("staffAccounts.detail.changePlan")}>
          <input type="hidden" name="intent" value="plan" />
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("staffAccounts.detail.changePlan")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("staffAccounts.detail.changePlanHint")}
            </Text>
            <Select
              name="planId"
              label={t("staffAccounts.plan")}
              data={PLANS.map((p) => ({ value: p.id, label: p.label }))}
              defaultValue={s?.requestedPlanId ?? a.planId ?? undefined}
              error={fieldError("plan", "planId")}
              allowDeselect={false}
            />
            <Select
              name="period"
              label={t("staffAccounts.detail.period")}
              data={BILLING_PERIODS.map((p) => ({ value: p, label: t(`staffAccounts.periods.${p}`) }))}
              defaultValue={s?.requestedPeriod ?? "monthly"}
              error={fieldError("plan", "period")}
              allowDeselect={false}
            />
            <Button type="submit" loading={busy}>
              {t("staffAccounts.detail.applyPlan")}
            </Button>
          </Stack>
        </Card>
        <Card withBorder component={Form} method="post" aria-label={t("staffAccounts.detail.extendTrial")}>
          <input type="hidden" name="intent" value="trial" />
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("staffAccounts.detail.extendTrial")}
            </Title>
            <NumberInput
              name="days"
              label={t("staffAccounts.detail.days")}
              min={1}
              max={365}
              defaultValue={14}
              error={fieldError("trial", "days")}
            />
            <Button type="submit" variant="default" loading={busy} disabled={s?.status !== "trialing"}>
              {t("staffAccounts.detail.extend")}
            </Button>
          </Stack>
        </Card>
        <Card
          withBorder
          component={Form}
          method="post"
          aria-label={a.suspension ? t("staffAccounts.detail.restore") : t("staffAccounts.detail.suspend")}
        >
          <input type="hidden" name="intent" value={a.suspension ? "restore" : "suspend"} />
          <Stack gap="xs">
            <Title order={2} size="h4">
              {a.suspension ? t("staffAccounts.detail.restore") : t("staffAccounts.detail.suspend")}
            </Title>
            <Text size="sm" c="dimmed">
              {a.suspension ? t("staffAccounts.detail.restoreHint") : t("staffAccounts.detail.suspendHint")}
            </Text>
            <Textarea
              name="reason"
              label={t("staffAccounts.detail.reason")}
              required
              maxLength={500}
              error={fieldError(a.suspension ? "restore" : "suspend", "reason")}
            />
            <Button type="submit" color={a.suspension ? "green" : "red"} loading={busy}>
              {a.suspension ? t("staffAccounts.detail.restore") : t("staffAccounts.detail.suspend")}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>

      <Group justify="space-between" mt="lg">
        <Title order={2} size="h4">
          {t("staffAccounts.audit.title")}
        </Title>
        <Anchor component={Link} to={`/dashboard/accounts/audit?site=${a.id}`}>
          {t("staffAccounts.audit.all")}
        </Anchor>
      </Group>
      {d.audit.length === 0 ? (
        <Text c="dimmed">{t("staffAccounts.audit.empty")}</Text>
      ) : (
        <Table mt="xs">
          <Table.Tbody>
            {d.audit.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{date(e.createdAt)}</Table.Td>
                <Table.Td>{t(`staffAccounts.audit.actions.${e.action.replace(".", "_")}`)}</Table.Td>
                <Table.Td>{e.actorEmail}</Table.Td>
                <Table.Td>
                  <code>{JSON.stringify(e.details)}</code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Toast
        message={result?.ok ? t("staffAccounts.detail.saved") : null}
        color="green"
        stamp={result?.ok ? result : undefined}
      />
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
