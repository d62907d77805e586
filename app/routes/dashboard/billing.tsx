import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import type { TFunction } from "../../i18n";
import { useTranslation } from "../../i18n/use-translation";
import { actionResult, errorOf } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { asPageError } from "../../lib/instructor.server";
import { formatMoney } from "../../lib/money";
import type { Route } from "./+types/billing";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform) throw new Response("Not found", { status: 404 });
  const billing = context.services.billing;
  // Back from Stripe's page: ask whether the payment went through before showing the plan.
  const invoiceId = new URL(request.url).searchParams.get("invoice");
  const returned =
    invoiceId && /^[0-9a-f-]{36}$/i.test(invoiceId) ? await billing.confirm(invoiceId).catch(() => null) : null;
  // The plan changed during this request: load the page again so it reads the site as it is now.
  if (returned?.changed) throw redirect(`/dashboard/billing?invoice=${returned.id}`);
  const state = await billing.state().catch(asPageError);
  return {
    returned: returned ? { status: returned.status, plan: returned.plan } : null,
    title: pageTitle(translatorFor(context, request), "billing.title", context.site.settings.sitetitle),
    canChange: context.services.billing.canChange,
    ...state,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const billing = context.services.billing;
  return actionResult(async () => {
    if (intent === "card") {
      const { url } = await billing.checkout({ planId: form.get("planId"), period: form.get("period") });
      throw redirect(url);
    }
    if (intent === "request") {
      await billing.request({ planId: form.get("planId"), period: form.get("period") });
      return { ok: true, intent };
    }
    if (intent === "withdraw") {
      await billing.withdraw();
      return { ok: true, intent };
    }
    if (intent === "cancel" || intent === "resume") {
      await billing.cancelAtPeriodEnd(intent === "cancel");
      return { ok: true, intent };
    }
    throw { code: "bad_request", status: 400, message: "Unknown or missing intent" };
  });
}

type Data = Route.ComponentProps["loaderData"];
type Period = "monthly" | "annual" | "onetime";

const date = (iso: string | null, lang: string) =>
  iso ? new Intl.DateTimeFormat(lang, { dateStyle: "long" }).format(new Date(iso)) : "";

export default function Billing({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period>(d.subscription?.period === "annual" ? "annual" : "monthly");
  const error = errorOf(actionData);
  return (
    <div className="page">
      <Stack gap="lg">
        <Title order={1}>{t("billing.title")}</Title>
        {error ? (
          <Alert color="red" role="alert" data-testid="billing-error">
            {error.message}
          </Alert>
        ) : null}
        {d.returned ? (
          <Alert
            color={d.returned.status === "paid" ? "green" : "blue"}
            role="status"
            data-testid="billing-returned"
            title={d.returned.status === "paid" ? t("billing.paidTitle") : t("billing.waitingTitle")}
          >
            {d.returned.status === "paid" ? t("billing.paidText", { plan: d.returned.plan }) : t("billing.waitingText")}
          </Alert>
        ) : null}
        <CurrentPlan d={d} lang={i18n.language} />
        {d.request ? <PendingRequest d={d} lang={i18n.language} /> : null}
        <section aria-labelledby="billing-usage">
          <Title order={2} size="h3" id="billing-usage" mb="sm">
            {t("billing.usage")}
          </Title>
          <UsageList d={d} t={t} />
        </section>
        <section aria-labelledby="billing-plans">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3" id="billing-plans">
              {t("billing.plans")}
            </Title>
            <SegmentedControl
              value={period}
              onChange={(v) => setPeriod(v as Period)}
              aria-label={t("billing.periodLabel")}
              data={[
                { value: "monthly", label: t("billing.periods.monthly") },
                { value: "annual", label: t("billing.periods.annual") },
              ]}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {d.plans.map((p) => (
              <PlanCard key={p.id} plan={p} d={d} period={p.kind === "lifetime" ? "onetime" : period} />
            ))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="billing-invoices">
          <Title order={2} size="h3" id="billing-invoices" mb="sm">
            {t("billing.invoices")}
          </Title>
          <Invoices d={d} lang={i18n.language} />
        </section>
      </Stack>
    </div>
  );
}

function Invoices({ d, lang }: { d: Data; lang: string }) {
  const { t } = useTranslation();
  if (!d.invoices.length) return <Text c="dimmed">{t("billing.noInvoices")}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table data-testid="invoices" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("billing.invoice.number")}</Table.Th>
            <Table.Th>{t("billing.invoice.date")}</Table.Th>
            <Table.Th>{t("billing.invoice.plan")}</Table.Th>
            <Table.Th ta="right">{t("billing.invoice.amount")}</Table.Th>
            <Table.Th>{t("billing.invoice.receipt")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.invoices.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{i.number}</Table.Td>
              <Table.Td>{date(i.paidAt ?? i.createdAt, lang)}</Table.Td>
              <Table.Td>
                {i.plan} · {t(`billing.periods.${i.period}`)}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(i.amount, i.currency, lang)}</Table.Td>
              <Table.Td>
                <a href={`/api/v1/billing/invoices/${i.id}/receipt.pdf`} download>
                  {t("billing.invoice.download", { number: i.number })}
                </a>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CurrentPlan({ d, lang }: { d: Data; lang: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const s = d.subscription;
  return (
    <Card withBorder data-testid="current-plan">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed">
            {t("billing.current")}
          </Text>
          <Title order={2} size="h3">
            {d.plan?.label ?? t("billing.noPlan")}
          </Title>
          {s ? (
            <Text size="sm" mt={4}>
              {s.status === "trialing" && s.trialEndsAt
                ? t("billing.trialEnds", { date: date(s.trialEndsAt, lang) })
                : s.period === "onetime"
                  ? t("billing.lifetime")
                  : s.currentPeriodEnd
                    ? t(s.cancelAtPeriodEnd ? "billing.endsOn" : "billing.renewsOn", {
                        date: date(s.currentPeriodEnd, lang),
                      })
                    : null}
            </Text>
          ) : null}
        </div>
        {s ? (
          <Badge color={STATUS_COLOR[s.status] ?? "gray"} variant="light">
            {t(`billing.statuses.${s.status}`)}
          </Badge>
        ) : null}
      </Group>
      {d.canChange && s && s.status === "active" && s.period !== "onetime" ? (
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value={s.cancelAtPeriodEnd ? "resume" : "cancel"}
            variant="subtle"
            color={s.cancelAtPeriodEnd ? undefined : "red"}
            mt="sm"
            loading={busy}
          >
            {t(s.cancelAtPeriodEnd ? "billing.resume" : "billing.cancel")}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

const STATUS_COLOR: Record<string, string> = {
  trialing: "blue",
  active: "green",
  past_due: "orange",
  canceled: "gray",
};

function PendingRequest({ d, lang }: { d: Data; lang: string }) {
  const { t } = useTranslation();
  const r = d.request;
  if (!r) return null;
  return (
    <Alert color="blue" variant="light" title={t("billing.requestedTitle")} data-testid="plan-request">
      <Text size="sm">
        {t("billing.requested", {
          plan: r.label,
          period: t(`billing.periods.${r.period}`),
          date: date(r.at, lang),
        })}
      </Text>
      {d.canChange ? (
        <Form method="post">
          <Button type="submit" name="intent" value="withdraw" variant="subtle" size="xs" mt="xs">
            {t("billing.withdraw")}
          </Button>
        </Form>
      ) : null}
    </Alert>
  );
}

function UsageList({ d, t }: { d: Data; t: TFunction }) {
  const { i18n } = useTranslation();
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  // Images, videos and storage are shown once, as what the library holds (their limits bound that);
  // the month's uploads of them are in the meters API, not repeated here.
  const held = new Set(d.usage.holdings.map((h) => h.key));
  const lines = [...d.usage.holdings, ...d.usage.meters.filter((m) => !held.has(m.key))].filter(
    (l) => l.limit !== null || l.used > 0,
  );
  if (!lines.length) return <Text c="dimmed">{t("billing.noUsage")}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {lines.map((l) => {
        const share = l.limit ? Math.min(100, (l.used / l.limit) * 100) : 0;
        const name = t(`billing.meters.${l.key}`);
        return (
          <Card withBorder key={`${l.key}`} padding="sm" data-testid={`usage-${l.key}`}>
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {l.limit === null
                ? t("billing.usedUnlimited", { used: n(l.used) })
                : t("billing.usedOf", { used: n(l.used), limit: n(l.limit) })}
            </Text>
            {l.limit !== null ? (
              <Progress
                value={l.limit === 0 ? 100 : share}
                color={l.limit === 0 || share >= 80 ? "orange" : "blue"}
                mt={6}
                aria-label={name}
              />
            ) : null}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function PlanCard({ plan, d, period }: { plan: Data["plans"][number]; d: Data; period: Period }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const price = plan.prices[period];
  const current = d.plan?.id === plan.id && d.subscription?.status !== "trialing";
  const requested = d.request?.planId === plan.id && d.request.period === period;
  const members = typeof plan.limits.totalMembers === "number" ? plan.limits.totalMembers : null;
  return (
    <Card withBorder data-testid={`plan-${plan.slug}`}>
      <Stack gap={6} h="100%">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t(`plans.${plan.slug}.label`)}
          </Title>
          {d.plan?.id === plan.id ? <Badge variant="light">{t("billing.yourPlan")}</Badge> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t(`plans.${plan.slug}.description`)}
        </Text>
        <Text fw={700} size="xl">
          {price === null ? "—" : formatMoney(price, "USD")}{" "}
          <Text span size="sm" c="dimmed" fw={400}>
            {t(`billing.per.${period}`)}
          </Text>
        </Text>
        {plan.trialDays && period !== "onetime" ? (
          <Text size="sm">{t("billing.trialDays", { days: plan.trialDays })}</Text>
        ) : null}
        {members !== null ? (
          <Text size="sm">{t("billing.members", { n: new Intl.NumberFormat(i18n.language).format(members) })}</Text>
        ) : null}
        <Text size="sm">{plan.features.map((f) => t(`plan.features.${f}`, { defaultValue: f })).join(" · ")}</Text>
        <div style={{ flex: 1 }} />
        {d.canChange ? (
          <Form method="post">
            <input type="hidden" name="planId" value={plan.id} />
            <input type="hidden" name="period" value={period} />
            <Stack gap={4}>
              <Button
                type="submit"
                name="intent"
                value={d.cardPayments ? "card" : "request"}
                fullWidth
                disabled={current || (!d.cardPayments && requested) || price === null}
                loading={busy}
                variant={current ? "default" : "filled"}
              >
                {current
                  ? t("billing.currentPlan")
                  : d.cardPayments
                    ? t("billing.payByCard")
                    : requested
                      ? t("billing.requestedShort")
                      : t("billing.choose")}
              </Button>
              {d.cardPayments && !current && price !== null ? (
                <Button
                  type="submit"
                  name="intent"
                  value="request"
                  variant="subtle"
                  size="xs"
                  disabled={requested}
                  loading={busy}
                >
                  {requested ? t("billing.requestedShort") : t("billing.payOffline")}
                </Button>
              ) : null}
            </Stack>
          </Form>
        ) : null}
      </Stack>
    </Card>
  );
}
