import { Alert, Badge, Button, Card, Checkbox, Code, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { Toast } from "../../../components/owner-orders/toast";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { formatMoney } from "../../../lib/money";
import type { Route } from "./+types/products";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** Staff: the plans sites buy with their prices, and the platform's Stripe keys that take the payments. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const products = await service.products().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "staffBilling.products.title", context.site.settings.sitetitle),
    ...products,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const form = await request.formData();
  if (form.get("intent") !== "stripe") return unknownIntent();
  const result = await runAction(() =>
    service.saveStripe({
      enabled: form.get("enabled") === "on",
      publishableKey: form.get("publishableKey"),
      secretKey: form.get("secretKey"),
      webhookSecret: form.get("webhookSecret"),
    }),
  );
  return { ...result, at: Date.now() };
}

const PERIODS = ["monthly", "annual", "onetime"] as const;

export default function Products({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const result = actionData as { ok: boolean; message: string; fields: Record<string, string>; at: number } | undefined;
  const fieldError = (name: string) => (result && !result.ok ? result.fields[name] : undefined);
  return (
    <div className="page">
      <Stack gap="lg">
        <Title order={1}>{t("staffBilling.products.title")}</Title>
        <Card withBorder component="section" aria-labelledby="card-payments">
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h3" id="card-payments">
              {t("staffBilling.stripe.title")}
            </Title>
            <Badge color={d.cardPayments ? "green" : "gray"} variant="light" data-testid="card-payments-status">
              {d.cardPayments ? t("staffBilling.stripe.on") : t("staffBilling.stripe.off")}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            {t("staffBilling.stripe.hint")}
          </Text>
          <Form method="post">
            <input type="hidden" name="intent" value="stripe" />
            <Stack gap="sm" maw={560}>
              <TextInput
                name="publishableKey"
                label={t("staffBilling.stripe.publishableKey")}
                defaultValue={d.stripe.publishableKey}
                autoComplete="off"
              />
              <TextInput
                name="secretKey"
                label={t("staffBilling.stripe.secretKey")}
                placeholder={d.stripe.secretKeySet ? t("staffBilling.stripe.keepSecret") : "sk_live_…"}
                autoComplete="off"
                error={fieldError("secrets.secretKey")}
              />
              <TextInput
                name="webhookSecret"
                label={t("staffBilling.stripe.webhookSecret")}
                placeholder={d.stripe.webhookSecretSet ? t("staffBilling.stripe.keepSecret") : "whsec_…"}
                autoComplete="off"
                error={fieldError("secrets.webhookSecret")}
              />
              <Text size="sm">
                {t("staffBilling.stripe.webhookUrl")} <Code>{d.stripe.webhookUrl}</Code>
              </Text>
              <Checkbox name="enabled" label={t("staffBilling.stripe.enabled")} defaultChecked={d.stripe.enabled} />
              <Group>
                <Button type="submit" loading={busy}>
                  {t("staffBilling.stripe.save")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Card>
        <section aria-labelledby="plan-products">
          <Title order={2} size="h3" id="plan-products" mb="sm">
            {t("staffBilling.products.plans")}
          </Title>
          {d.plans.length === 0 ? (
            <Alert color="gray">{t("staffBilling.products.empty")}</Alert>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table aria-labelledby="plan-products" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("staffBilling.products.plan")}</Table.Th>
                    <Table.Th>{t("staffBilling.products.trial")}</Table.Th>
                    {PERIODS.map((p) => (
                      <Table.Th key={p} ta="right">
                        {t(`staffAccounts.periods.${p}`)}
                      </Table.Th>
                    ))}
                    <Table.Th>{t("staffBilling.products.features")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.plans.map((plan) => (
                    <Table.Tr key={plan.id} data-testid={`product-${plan.slug}`}>
                      <Table.Td>
                        <Text fw={600}>{plan.label}</Text>
                        <Text size="xs" c="dimmed">
                          <code>{plan.id}</code>
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {plan.trialDays ? t("staffBilling.products.days", { count: plan.trialDays }) : "—"}
                      </Table.Td>
                      {PERIODS.map((p) => (
                        <Table.Td key={p} ta="right">
                          {plan.prices[p] === null ? "—" : formatMoney(plan.prices[p] as number, "USD", i18n.language)}
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <Text size="xs">{plan.features.join(", ")}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </section>
      </Stack>
      <Toast
        message={result ? (result.ok ? t("staffBilling.stripe.saved") : result.message) : null}
        color={result?.ok ? "green" : "red"}
        stamp={result}
      />
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
