import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { data, redirect, useFetcher, useNavigate } from "react-router";
import { AppointmentError } from "../../components/appointments/appointment-error";
import { useLocalFormat } from "../../components/appointments/local-format";
import { RescheduleButton } from "../../components/appointments/reschedule-button";
import { useTranslation } from "../../i18n/use-translation";
import { appointmentAction } from "../../lib/appointment-actions.server";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/bookings";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

const DAY = 86_400_000;

/** The member books: pick a type, see a week of free slots in their own zone; and their bookings. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member || !context.services.appointments.enabled) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const types = await context.services.appointments.types();
  const typeId = url.searchParams.get("type") ?? types[0]?.id ?? null;
  const week = Math.max(0, Math.min(52, Number(url.searchParams.get("week") ?? 0) || 0));
  const from = new Date(Date.now() + week * 7 * DAY);
  const slots =
    typeId && types.some((t) => t.id === typeId)
      ? await context.services.appointments.slots(typeId, from, new Date(from.getTime() + 7 * DAY))
      : [];
  return {
    title: pageTitle(translatorFor(context, request), "appointments.bookTitle", context.site.settings.sitetitle),
    types,
    typeId,
    week,
    slots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
    bookings: await context.services.appointments.myBookings("upcoming"),
    now: Date.now(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  // Cancel and move: members only before the type's cut-off (the service refuses after it).
  if (form.get("intent") === "cancel" || form.get("intent") === "reschedule") return appointmentAction(context, form);
  try {
    const booking = await context.services.appointments.book({
      typeId: String(form.get("typeId") ?? ""),
      start: String(form.get("start") ?? ""),
      timeZone: String(form.get("timeZone") || "UTC"),
    });
    if (booking.status === "pending" && booking.checkoutUrl) return redirect(booking.checkoutUrl);
    return { error: null };
  } catch (err) {
    const e = err as { code?: string; status?: number; message?: string };
    if (!e?.code || !e.status) throw err;
    return data({ error: e.message ?? "" }, { status: e.status });
  }
}

export { RouteError as ErrorBoundary } from "../../components/route-error";

type Loaded = Route.ComponentProps["loaderData"];

function Slots({ d }: { d: Loaded }) {
  const { t } = useTranslation();
  const fmt = useLocalFormat();
  const fetcher = useFetcher<{ error: string | null }>();
  const days = new Map<string, Loaded["slots"]>();
  for (const s of d.slots) days.set(fmt.day(s.start), [...(days.get(fmt.day(s.start)) ?? []), s]);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("appointments.shownIn", { zone: fmt.zone })}
      </Text>
      {fetcher.data?.error ? (
        <Alert color="red" role="alert">
          {fetcher.data.error}
        </Alert>
      ) : null}
      {days.size === 0 ? <Text>{t("appointments.noSlots")}</Text> : null}
      {[...days].map(([day, slots]) => (
        <Stack key={day} gap={4}>
          <Text fw={600}>{day}</Text>
          <Group gap="xs">
            {slots.map((s) => (
              <fetcher.Form method="post" key={s.start}>
                <input type="hidden" name="typeId" value={d.typeId ?? ""} />
                <input type="hidden" name="start" value={s.start} />
                <input type="hidden" name="timeZone" value={fmt.zone} />
                <Button
                  type="submit"
                  variant="light"
                  size="xs"
                  disabled={fetcher.state !== "idle"}
                  aria-label={t("appointments.bookAt", { when: `${day} ${fmt.time(s.start)}` })}
                >
                  {fmt.time(s.start)}
                </Button>
              </fetcher.Form>
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

function MyBookings({ d }: { d: Loaded }) {
  const { t } = useTranslation();
  const fmt = useLocalFormat();
  const fetcher = useFetcher();
  if (!d.bookings.length) return <Text>{t("appointments.noBookings")}</Text>;
  return (
    <Stack gap="xs" data-testid="my-bookings">
      {fetcher.state === "idle" ? <AppointmentError result={fetcher.data} /> : null}
      {d.bookings.map((b) => {
        const changeable = b.status !== "cancelled" && new Date(b.changeableUntil).getTime() > d.now;
        return (
          <Card key={b.id} withBorder padding="sm" data-testid="my-booking">
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={2}>
                  <Text fw={600}>{b.title}</Text>
                  <Text size="sm" data-testid="booking-time">
                    {fmt.full(b.start)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t("appointments.with", { name: b.instructorName })}
                  </Text>
                </Stack>
                <Badge color={b.status === "confirmed" ? "green" : b.status === "pending" ? "yellow" : "gray"}>
                  {t(`appointments.status.${b.status}`)}
                </Badge>
              </Group>
              <Group gap="xs" wrap="wrap">
                {b.checkoutUrl ? <Anchor href={b.checkoutUrl}>{t("appointments.pay")}</Anchor> : null}
                {changeable ? (
                  <>
                    <RescheduleButton id={b.id} typeId={b.typeId} title={b.title} />
                    <fetcher.Form method="post">
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="id" value={b.id} />
                      <Button type="submit" size="xs" variant="subtle" color="red" loading={fetcher.state !== "idle"}>
                        {t("appointments.cancel")}
                      </Button>
                    </fetcher.Form>
                  </>
                ) : b.status !== "cancelled" ? (
                  <Text size="sm" c="dimmed">
                    {t("appointments.pastCutoffNote", { when: fmt.full(b.changeableUntil) })}
                  </Text>
                ) : null}
              </Group>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

export default function Bookings({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const mounted = useMounted();
  const navigate = useNavigate();
  const go = (type: string | null, week: number) => navigate(`?type=${type ?? ""}&week=${week}`);
  return (
    <Stack gap="lg">
      <Title order={1}>{t("appointments.bookTitle")}</Title>
      {d.types.length === 0 ? (
        <Text>{t("appointments.noTypes")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            <Select
              label={t("appointments.type")}
              data={d.types.map((x) => ({
                value: x.id,
                label: `${x.title} · ${x.durationMinutes} min · ${x.instructorName}`,
              }))}
              value={d.typeId}
              onChange={(v) => go(v, 0)}
              allowDeselect={false}
            />
            <Group gap="xs">
              <Button variant="default" size="xs" disabled={d.week === 0} onClick={() => go(d.typeId, d.week - 1)}>
                {t("appointments.prevWeek")}
              </Button>
              <Button variant="default" size="xs" onClick={() => go(d.typeId, d.week + 1)}>
                {t("appointments.nextWeek")}
              </Button>
            </Group>
            {mounted ? <Slots d={d} /> : <Loader size="sm" aria-label={t("appointments.loading")} />}
          </Stack>
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t("appointments.myBookings")}
            </Title>
            {mounted ? <MyBookings d={d} /> : <Loader size="sm" aria-label={t("appointments.loading")} />}
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
}
