import { Anchor, Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { AppointmentError } from "./appointment-error";
import { useLocalFormat } from "./local-format";
import { RescheduleButton } from "./reschedule-button";

export type BookingItem = {
  id: string;
  typeId: string;
  title: string;
  instructorName: string;
  memberName: string;
  start: string;
  end: string;
  status: "pending" | "confirmed" | "cancelled";
  meetingUrl: string | null;
  attended: boolean | null;
};

const STATUS_COLOR = { confirmed: "green", pending: "yellow", cancelled: "gray" } as const;

/**
 * One booking as its instructor or a manager sees it: when (in the viewer's zone), who, its state,
 * and what they may do: cancel, move, and once it has started mark whether the member came.
 */
export function BookingCard({
  b,
  attendance,
  showInstructor = false,
  now,
}: {
  b: BookingItem;
  /** The site's plan includes attendance. */
  attendance: boolean;
  showInstructor?: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const fmt = useLocalFormat();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const live = b.status !== "cancelled";
  const started = new Date(b.start).getTime() <= now;
  const ended = new Date(b.end).getTime() <= now;
  const post = (fields: Record<string, string>) => fetcher.submit({ id: b.id, ...fields }, { method: "post" });
  return (
    <Card withBorder padding="sm" data-testid="booking">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{b.title}</Text>
            <Text size="sm" data-testid="booking-time">
              {fmt.full(b.start)}
            </Text>
            <Text size="sm" c="dimmed">
              {showInstructor
                ? t("appointments.memberWithInstructor", { member: b.memberName, instructor: b.instructorName })
                : t("appointments.bookedBy", { name: b.memberName })}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge color={STATUS_COLOR[b.status]}>{t(`appointments.status.${b.status}`)}</Badge>
            {b.attended !== null ? (
              <Badge color={b.attended ? "green" : "gray"} variant="outline">
                {t(b.attended ? "appointments.attended" : "appointments.absent")}
              </Badge>
            ) : null}
          </Group>
        </Group>
        {busy ? null : <AppointmentError result={fetcher.data} />}
        {live ? (
          <Group gap="xs" wrap="wrap">
            {b.meetingUrl && !ended ? (
              <Anchor href={b.meetingUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {t("appointments.join")}
              </Anchor>
            ) : null}
            <RescheduleButton id={b.id} typeId={b.typeId} title={b.title} />
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={busy && fetcher.formData?.get("intent") === "cancel"}
              onClick={() => post({ intent: "cancel" })}
            >
              {t("appointments.cancelBooking")}
            </Button>
          </Group>
        ) : null}
        {b.status === "confirmed" ? (
          !attendance ? (
            <Text size="sm" c="dimmed">
              {t("appointments.attendanceNeedsPlan")}
            </Text>
          ) : (
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                variant={b.attended === true ? "filled" : "default"}
                disabled={!started || busy}
                onClick={() => post({ intent: "attendance", attended: "true" })}
              >
                {t("appointments.markAttended")}
              </Button>
              <Button
                size="xs"
                variant={b.attended === false ? "filled" : "default"}
                disabled={!started || busy}
                onClick={() => post({ intent: "attendance", attended: "false" })}
              >
                {t("appointments.markAbsent")}
              </Button>
              {!started ? (
                <Text size="sm" c="dimmed">
                  {t("appointments.attendanceAfterStart")}
                </Text>
              ) : null}
            </Group>
          )
        ) : null}
      </Stack>
    </Card>
  );
}
