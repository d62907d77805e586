import { Card, Group, Loader, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { useNavigate } from "react-router";
import { AvailabilityEditor } from "../../components/appointments/availability-editor";
import { BookingCard } from "../../components/appointments/booking-card";
import { TypeFormButton } from "../../components/appointments/type-form";
import { TypeList } from "../../components/appointments/type-list";
import { useTranslation } from "../../i18n/use-translation";
import { appointmentAction } from "../../lib/appointment-actions.server";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/appointments";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** The instructor's own appointments: the types they offer, their weekly hours, and who booked them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const s = context.services.appointments;
  if (!context.member || !s.enabled || !s.canTeach) throw new Response("Not found", { status: 404 });
  const when = new URL(request.url).searchParams.get("when") === "past" ? "past" : "upcoming";
  const [types, availability, bookings, products] = await Promise.all([
    s.myTypes(),
    s.availability(),
    s.instructorBookings(when),
    s.productChoices(),
  ]);
  return {
    title: pageTitle(translatorFor(context, request), "appointments.mineTitle", context.site.settings.sitetitle),
    when,
    types,
    availability,
    bookings,
    products,
    currency: context.services.shop.currency,
    attendance: s.attendance,
    now: Date.now(),
  } as const;
}

export const action = async ({ context, request }: Route.ActionArgs) =>
  appointmentAction(context, await request.formData());

export { RouteError as ErrorBoundary } from "../../components/route-error";

export default function Appointments({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const mounted = useMounted();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Title order={1}>{t("appointments.mineTitle")}</Title>
      <Card withBorder component="section" aria-labelledby="types-title">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h3" id="types-title">
            {t("appointments.typesTitle")}
          </Title>
          <TypeFormButton type={null} products={d.products} currency={d.currency} />
        </Group>
        <TypeList types={d.types} products={d.products} currency={d.currency} />
      </Card>
      <Card withBorder component="section" aria-labelledby="hours-title">
        <Title order={2} size="h3" id="hours-title" mb="sm">
          {t("appointments.hoursTitle")}
        </Title>
        {mounted ? (
          <AvailabilityEditor value={d.availability} />
        ) : (
          <Loader size="sm" aria-label={t("appointments.loading")} />
        )}
      </Card>
      <Card withBorder component="section" aria-labelledby="booked-title">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h3" id="booked-title">
            {t("appointments.bookedTitle")}
          </Title>
          <SegmentedControl
            aria-label={t("appointments.bookedTitle")}
            value={d.when}
            onChange={(v) => navigate(`?when=${v}`)}
            data={[
              { value: "upcoming", label: t("appointments.upcoming") },
              { value: "past", label: t("appointments.past") },
            ]}
          />
        </Group>
        {!mounted ? (
          <Loader size="sm" aria-label={t("appointments.loading")} />
        ) : d.bookings.length === 0 ? (
          <Text c="dimmed">{t("appointments.noBooked")}</Text>
        ) : (
          <Stack gap="xs" data-testid="booked">
            {d.bookings.map((b) => (
              <BookingCard key={b.id} b={b} attendance={d.attendance} now={d.now} />
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
