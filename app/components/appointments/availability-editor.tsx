import { Alert, Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { ZAvailabilityInput } from "../../../core/appointment-schemas";
import {
  type DateOverride,
  isIsoDate,
  isTime,
  minutesOf,
  overlappingInterval,
  type TimeInterval,
  type WeeklyInterval,
} from "../../../core/slots";
import { useTranslation } from "../../i18n/use-translation";
import { errorOf } from "../../lib/action-result";
import { AppointmentError } from "./appointment-error";

export type AvailabilityValue = { timeZone: string; weekly: WeeklyInterval[]; overrides: DateOverride[] };

// Monday first, as most weekly calendars; stored as 0 = Sunday.
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const NEW_INTERVAL: TimeInterval = { start: "09:00", end: "17:00" };

/** The message key of what is wrong with one day's hours (the server's rules), or null. */
function problemOf(intervals: readonly TimeInterval[]): { index: number; key: string } | null {
  for (const [index, iv] of intervals.entries()) {
    if (!isTime(iv.start) || !isTime(iv.end)) return { index, key: "appointments.errors.time" };
    if (minutesOf(iv.start) >= minutesOf(iv.end)) return { index, key: "appointments.errors.endAfterStart" };
  }
  const overlap = overlappingInterval(intervals);
  return overlap === null ? null : { index: overlap, key: "appointments.errors.overlap" };
}

function Intervals({
  label,
  intervals,
  onChange,
}: {
  label: string;
  intervals: TimeInterval[];
  onChange: (next: TimeInterval[]) => void;
}) {
  const { t } = useTranslation();
  const problem = problemOf(intervals);
  const set = (i: number, patch: Partial<TimeInterval>) =>
    onChange(intervals.map((iv, j) => (j === i ? { ...iv, ...patch } : iv)));
  return (
    <Stack gap={4}>
      {intervals.map((iv, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: intervals are edited in place, in order
        <Group key={i} gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            type="time"
            size="xs"
            label={t("appointments.from")}
            aria-label={t("appointments.fromOf", { day: label, n: i + 1 })}
            value={iv.start}
            onChange={(e) => set(i, { start: e.currentTarget.value })}
          />
          <TextInput
            type="time"
            size="xs"
            label={t("appointments.to")}
            aria-label={t("appointments.toOf", { day: label, n: i + 1 })}
            value={iv.end}
            onChange={(e) => set(i, { end: e.currentTarget.value })}
            error={problem?.index === i ? t(problem.key) : undefined}
          />
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onChange(intervals.filter((_, j) => j !== i))}
            aria-label={t("appointments.removeHoursOf", { day: label, n: i + 1 })}
          >
            {t("appointments.removeHours")}
          </Button>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            const last = intervals.at(-1);
            onChange([
              ...intervals,
              last && minutesOf(last.end) < 23 * 60
                ? { start: last.end, end: `${String(Math.floor(minutesOf(last.end) / 60) + 1).padStart(2, "0")}:00` }
                : NEW_INTERVAL,
            ]);
          }}
          aria-label={t("appointments.addHoursTo", { day: label })}
        >
          {t("appointments.addHours")}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The instructor's weekly hours in their own IANA zone (several intervals per weekday) and date
 * overrides (a day closed, or a day with its own hours). Checked with the server's rules while
 * editing; saved as `intent=availability` with the whole value as JSON.
 */
export function AvailabilityEditor({ value }: { value: AvailabilityValue }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  // Never saved: start from the browser's own zone rather than UTC.
  const fresh = value.weekly.length === 0 && value.overrides.length === 0 && value.timeZone === "UTC";
  const [timeZone, setTimeZone] = useState(fresh ? Intl.DateTimeFormat().resolvedOptions().timeZone : value.timeZone);
  const [weekly, setWeekly] = useState<WeeklyInterval[]>(value.weekly);
  const [overrides, setOverrides] = useState<DateOverride[]>(value.overrides);
  const [checked, setChecked] = useState(false);
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return all.includes(timeZone) ? all : [timeZone, ...all];
  }, [timeZone]);
  const dayName = (weekday: number) =>
    new Date(Date.UTC(2023, 0, 1 + weekday)).toLocaleDateString(i18n.language, { weekday: "long", timeZone: "UTC" });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined) setChecked(false);
  }, [fetcher.state, fetcher.data]);

  const onDay = (weekday: number) => weekly.filter((w) => w.weekday === weekday);
  const setDay = (weekday: number, next: TimeInterval[]) =>
    setWeekly([
      ...weekly.filter((w) => w.weekday !== weekday),
      ...next.map((iv) => ({ ...iv, weekday: weekday as WeeklyInterval["weekday"] })),
    ]);
  const dates = overrides.map((o) => o.date);
  const invalid =
    WEEK.some((d) => problemOf(onDay(d)) !== null) ||
    overrides.some((o, i) => !isIsoDate(o.date) || dates.indexOf(o.date) !== i || problemOf(o.intervals) !== null);

  const save = () => {
    setChecked(true);
    const sorted = WEEK.flatMap((d) => onDay(d).sort((a, b) => minutesOf(a.start) - minutesOf(b.start)));
    const parsed = ZAvailabilityInput.safeParse({ timeZone, weekly: sorted, overrides });
    if (invalid || !parsed.success) return;
    fetcher.submit({ intent: "availability", payload: JSON.stringify(parsed.data) }, { method: "post" });
  };

  return (
    <Stack gap="md">
      <Select
        label={t("appointments.timeZone")}
        description={t("appointments.timeZoneHint")}
        data={zones}
        value={timeZone}
        onChange={(v) => v && setTimeZone(v)}
        searchable
        allowDeselect={false}
        maw={360}
      />
      <Stack gap="sm" data-testid="weekly-hours">
        {WEEK.map((d) => (
          <Card key={d} withBorder padding="xs">
            <Group align="flex-start" wrap="wrap" gap="md">
              <Text fw={600} w={120}>
                {dayName(d)}
              </Text>
              <Stack gap={4} style={{ flex: 1 }}>
                {onDay(d).length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("appointments.unavailable")}
                  </Text>
                ) : null}
                <Intervals label={dayName(d)} intervals={onDay(d)} onChange={(next) => setDay(d, next)} />
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      <Title order={3} size="h4">
        {t("appointments.overridesTitle")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("appointments.overridesHint")}
      </Text>
      {overrides.map((o, i) => {
        const label = o.date || t("appointments.dateN", { n: i + 1 });
        const twice = dates.indexOf(o.date) !== i;
        const set = (patch: Partial<DateOverride>) =>
          setOverrides(overrides.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: overrides are edited in place, in order
          <Card key={i} withBorder padding="xs" data-testid="date-override">
            <Stack gap="xs">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  type="date"
                  size="xs"
                  label={t("appointments.date")}
                  value={o.date}
                  onChange={(e) => set({ date: e.currentTarget.value })}
                  error={
                    !isIsoDate(o.date) && (checked || o.date)
                      ? t("appointments.errors.date")
                      : twice
                        ? t("appointments.errors.dateTwice")
                        : undefined
                  }
                />
                <Switch
                  label={t("appointments.closedAllDay")}
                  checked={o.intervals.length === 0}
                  onChange={(e) => set({ intervals: e.currentTarget.checked ? [] : [NEW_INTERVAL] })}
                />
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setOverrides(overrides.filter((_, j) => j !== i))}
                  aria-label={t("appointments.removeDate", { date: label })}
                >
                  {t("appointments.removeHours")}
                </Button>
              </Group>
              {o.intervals.length ? (
                <Intervals label={label} intervals={o.intervals} onChange={(next) => set({ intervals: next })} />
              ) : null}
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button variant="default" size="xs" onClick={() => setOverrides([...overrides, { date: "", intervals: [] }])}>
          {t("appointments.addDate")}
        </Button>
      </Group>
      {checked && invalid ? (
        <Alert color="red" variant="light" role="alert">
          {t("appointments.errors.fixHours")}
        </Alert>
      ) : null}
      {busy ? null : <AppointmentError result={fetcher.data} />}
      {!busy && fetcher.data !== undefined && !errorOf(fetcher.data) ? (
        <Alert color="green" variant="light" role="status">
          {t("appointments.hoursSaved")}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={save} loading={busy}>
          {t("appointments.saveHours")}
        </Button>
      </Group>
    </Stack>
  );
}
