import { Alert, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { api } from "../../lib/api";
import { errorOf } from "../../lib/action-result";
import { AppointmentError } from "./appointment-error";
import { useLocalFormat } from "./local-format";

const DAY = 86_400_000;
type Slot = { start: string; end: string };

/**
 * Moves a booking: a dialog with a week of the type's free slots in the viewer's zone (asked of
 * the slots endpoint), and the chosen one posted as `intent=reschedule` to the screen's action.
 */
export function RescheduleButton({ id, typeId, title }: { id: string; typeId: string; title: string }) {
  const { t } = useTranslation();
  const fmt = useLocalFormat();
  const [opened, { open, close }] = useDisclosure(false);
  const [week, setWeek] = useState(0);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!opened) return;
    const ctl = new AbortController();
    const from = new Date(Date.now() + week * 7 * DAY);
    const to = new Date(from.getTime() + 7 * DAY);
    setSlots(null);
    setFailed(null);
    api<{ items: Slot[] }>(
      "GET",
      `/api/v1/appointment-types/${typeId}/slots?from=${from.toISOString()}&to=${to.toISOString()}`,
      undefined,
      ctl.signal,
    )
      .then((r) => setSlots(r.items))
      .catch((e: Error) => {
        if (e.name !== "AbortError") setFailed(e.message);
      });
    return () => ctl.abort();
  }, [opened, week, typeId]);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined && !errorOf(fetcher.data)) close();
  }, [fetcher.state, fetcher.data, close]);

  const days = new Map<string, Slot[]>();
  for (const s of slots ?? []) days.set(fmt.day(s.start), [...(days.get(fmt.day(s.start)) ?? []), s]);
  const move = (start: string) => fetcher.submit({ intent: "reschedule", id, start }, { method: "post" });

  return (
    <>
      <Button size="xs" variant="subtle" onClick={open}>
        {t("appointments.reschedule")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("appointments.rescheduleTitle", { title })} size="lg">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("appointments.shownIn", { zone: fmt.zone })}
          </Text>
          {busy ? null : <AppointmentError result={fetcher.data} />}
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={week === 0} onClick={() => setWeek(week - 1)}>
              {t("appointments.prevWeek")}
            </Button>
            <Button variant="default" size="xs" disabled={week >= 8} onClick={() => setWeek(week + 1)}>
              {t("appointments.nextWeek")}
            </Button>
          </Group>
          {failed ? (
            <Alert color="red" variant="light" role="alert">
              {failed}
            </Alert>
          ) : slots === null ? (
            <Loader size="sm" aria-label={t("appointments.loading")} />
          ) : days.size === 0 ? (
            <Text>{t("appointments.noSlots")}</Text>
          ) : (
            [...days].map(([day, list]) => (
              <Stack key={day} gap={4}>
                <Text fw={600}>{day}</Text>
                <Group gap="xs">
                  {list.map((s) => (
                    <Button
                      key={s.start}
                      variant="light"
                      size="xs"
                      disabled={busy}
                      onClick={() => move(s.start)}
                      aria-label={t("appointments.moveTo", { when: `${day} ${fmt.time(s.start)}` })}
                    >
                      {fmt.time(s.start)}
                    </Button>
                  ))}
                </Group>
              </Stack>
            ))
          )}
        </Stack>
      </Modal>
    </>
  );
}
