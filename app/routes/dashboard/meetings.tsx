import { Anchor, Badge, Card, Group, Loader, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { useNavigate } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/meetings";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** My confirmed meetings (as member or instructor), upcoming or past, with their video links. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member) throw new Response("Not found", { status: 404 });
  const when = new URL(request.url).searchParams.get("when") === "past" ? "past" : "upcoming";
  return {
    title: pageTitle(translatorFor(context, request), "appointments.meetingsTitle", context.site.settings.sitetitle),
    when,
    userId: context.services.learning.userId,
    items: await context.services.appointments.meetings(when),
  } as const;
}

export { RouteError as ErrorBoundary } from "../../components/route-error";

export default function Meetings({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const mounted = useMounted();
  const navigate = useNavigate();
  const full = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: "full", timeStyle: "short" });
  return (
    <Stack gap="lg">
      <Title order={1}>{t("appointments.meetingsTitle")}</Title>
      <SegmentedControl
        aria-label={t("appointments.meetingsTitle")}
        value={d.when}
        onChange={(v) => navigate(`?when=${v}`)}
        data={[
          { value: "upcoming", label: t("appointments.upcoming") },
          { value: "past", label: t("appointments.past") },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {!mounted ? (
        <Loader size="sm" aria-label={t("appointments.loading")} />
      ) : d.items.length === 0 ? (
        <Text>{t("appointments.noMeetings")}</Text>
      ) : (
        <Stack gap="xs" data-testid="meetings">
          {d.items.map((m) => (
            <Card key={m.id} withBorder padding="sm">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={2}>
                  <Text fw={600}>{m.title}</Text>
                  <Text size="sm">{full(m.start)}</Text>
                  <Text size="sm" c="dimmed">
                    {t("appointments.with", { name: m.instructorId === d.userId ? m.memberName : m.instructorName })}
                  </Text>
                </Stack>
                <Group gap="xs">
                  {m.attended !== null ? (
                    <Badge color={m.attended ? "green" : "gray"}>
                      {t(m.attended ? "appointments.attended" : "appointments.absent")}
                    </Badge>
                  ) : null}
                  {m.meetingUrl && d.when === "upcoming" ? (
                    <Anchor href={m.meetingUrl} target="_blank" rel="noopener noreferrer">
                      {t("appointments.join")}
                    </Anchor>
                  ) : null}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
