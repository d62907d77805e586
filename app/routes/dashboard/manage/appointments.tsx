import { Card, Group, Loader, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { useNavigate } from "react-router";
import { BookingCard } from "../../../components/appointments/booking-card";
import { TypeList } from "../../../components/appointments/type-list";
import { Pager } from "../../../components/pager";
import { useTranslation } from "../../../i18n/use-translation";
import { appointmentAction } from "../../../lib/appointment-actions.server";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/appointments";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** Every instructor's appointment types and the site's bookings, for those who run the site. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const s = context.services.appointments;
  if (!context.member || !s.enabled || !s.canManage) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const when = url.searchParams.get("when") === "past" ? "past" : "upcoming";
  const instructor = url.searchParams.get("instructor") || null;
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const [types, booked, products] = await Promise.all([
    s.allTypes(instructor),
    s.manageBookings(when, { instructorId: instructor, page }),
    s.productChoices(),
  ]);
  return {
    title: pageTitle(translatorFor(context, request), "appointments.manageTitle", context.site.settings.sitetitle),
    when,
    instructor,
    instructors: booked.instructors,
    types,
    bookings: booked.items,
    page: booked.page,
    pages: booked.pages,
    products,
    currency: context.services.shop.currency,
    attendance: s.attendance,
    now: Date.now(),
  } as const;
}

export const action = async ({ context, request }: Route.ActionArgs) =>
  appointmentAction(context, await request.formData());

export { RouteError as ErrorBoundary } from "../../../components/route-error";

export default function ManageAppointments({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const mounted = useMounted();
  const navigate = useNavigate();
  const query = (instructor: string | null, when: string, page = 1) =>
    `?${new URLSearchParams({ when, ...(instructor ? { instructor } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;
  const go = (instructor: string | null, when: string) => navigate(query(instructor, when));
  return (
    <Stack gap="lg">
      <Title order={1}>{t("appointments.manageTitle")}</Title>
      <Select
        label={t("appointments.instructorFilter")}
        placeholder={t("appointments.allInstructors")}
        data={d.instructors}
        value={d.instructor}
        onChange={(v) => go(v, d.when)}
        clearable
        maw={360}
      />
      <Card withBorder component="section" aria-labelledby="types-title">
        <Title order={2} size="h3" id="types-title" mb="sm">
          {t("appointments.typesTitle")}
        </Title>
        <TypeList types={d.types} products={d.products} currency={d.currency} showInstructor />
      </Card>
      <Card withBorder component="section" aria-labelledby="booked-title">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h3" id="booked-title">
            {t("appointments.bookedTitle")}
          </Title>
          <SegmentedControl
            aria-label={t("appointments.bookedTitle")}
            value={d.when}
            onChange={(v) => go(d.instructor, v)}
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
              <BookingCard key={b.id} b={b} attendance={d.attendance} now={d.now} showInstructor />
            ))}
          </Stack>
        )}
        <Pager page={d.page} pages={d.pages} to={(p) => query(d.instructor, d.when, p)} />
      </Card>
    </Stack>
  );
}
