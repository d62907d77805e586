import { Group, NativeSelect, NumberInput } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";

export type DurationValue = { value: number; parameter: number } | null;

/** Seconds per unit the editor offers (a month is 30 days); stored durations in seconds show as seconds. */
export const DURATION_CHOICES = [60, 3600, 86400, 604800, 2592000] as const;

/** A number and a unit; an empty number means no duration (null). */
export function DurationInput({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: DurationValue;
  onChange: (v: DurationValue) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const parameter = value?.parameter ?? 86400;
  const choices = (DURATION_CHOICES as readonly number[]).includes(parameter)
    ? DURATION_CHOICES
    : [parameter, ...DURATION_CHOICES];
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      <NumberInput
        label={label}
        description={description}
        error={error}
        min={0}
        allowDecimal={false}
        value={value?.value ?? ""}
        onChange={(v) => onChange(v === "" || v === undefined ? null : { value: Number(v), parameter })}
        style={{ flex: "1 1 8rem" }}
      />
      <NativeSelect
        label={t("instructor.duration.unit")}
        description={description ? " " : undefined}
        value={String(parameter)}
        onChange={(e) => onChange({ value: value?.value ?? 1, parameter: Number(e.currentTarget.value) })}
        data={choices.map((p) => ({ value: String(p), label: t(`instructor.duration.units.${p}`) }))}
      />
    </Group>
  );
}
