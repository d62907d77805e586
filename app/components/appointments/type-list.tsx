import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { formatMoney } from "../../lib/money";
import { AppointmentError } from "./appointment-error";
import { type ProductChoice, TypeFormButton, type TypeItem } from "./type-form";

function TypeRow({
  type,
  products,
  currency,
  showInstructor,
}: {
  type: TypeItem;
  products: ProductChoice[];
  currency: string;
  showInstructor: boolean;
}) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const product = products.find((p) => p.id === type.productId);
  const price = !type.productId
    ? t("appointments.free")
    : product?.charged != null
      ? formatMoney(product.charged, currency, i18n.language)
      : (product?.title ?? t("appointments.paid"));
  return (
    <Card withBorder padding="sm" data-testid="appointment-type">
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{type.title}</Text>
            {type.active ? null : <Badge color="gray">{t("appointments.off")}</Badge>}
          </Group>
          <Text size="sm">
            {t("appointments.typeSummary", {
              minutes: type.durationMinutes,
              price,
              provider: type.provider === "zoom" ? "Zoom" : "Jitsi Meet",
            })}
          </Text>
          {showInstructor ? (
            <Text size="sm" c="dimmed">
              {t("appointments.with", { name: type.instructorName })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          <TypeFormButton type={type} products={products} currency={currency} />
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="toggleType" />
            <input type="hidden" name="id" value={type.id} />
            <input type="hidden" name="active" value={type.active ? "false" : "true"} />
            <Button
              type="submit"
              size="xs"
              variant="subtle"
              color={type.active ? "red" : undefined}
              loading={fetcher.state !== "idle"}
              aria-label={t(type.active ? "appointments.switchOffNamed" : "appointments.switchOnNamed", {
                title: type.title,
              })}
            >
              {t(type.active ? "appointments.switchOff" : "appointments.switchOn")}
            </Button>
          </fetcher.Form>
        </Group>
      </Group>
      {fetcher.state === "idle" ? <AppointmentError result={fetcher.data} /> : null}
    </Card>
  );
}

/** Appointment types with their edit dialog and switch; empty: a sentence saying so. */
export function TypeList({
  types,
  products,
  currency,
  showInstructor = false,
}: {
  types: TypeItem[];
  products: ProductChoice[];
  currency: string;
  showInstructor?: boolean;
}) {
  const { t } = useTranslation();
  if (!types.length) return <Text c="dimmed">{t("appointments.noOwnTypes")}</Text>;
  return (
    <Stack gap="xs">
      {types.map((x) => (
        <TypeRow key={x.id} type={x} products={products} currency={currency} showInstructor={showInstructor} />
      ))}
    </Stack>
  );
}
