import { Button, Group, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Form, Link } from "react-router";
import { REPORT_PRESETS, type ReportPreset, type ReportRange, rangeProblem } from "../../../core/report-range";
import { useTranslation } from "../../i18n/use-translation";

/**
 * The report's range: a preset (7, 30, 90 days, 12 months) or from–to dates. The dates are checked
 * here with the server's own rule before the form is sent.
 */
export function RangeControls({ range, preset }: { range: ReportRange; preset: ReportPreset | null }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const data = new FormData(e.currentTarget);
    const problem = rangeProblem(data.get("from"), data.get("to"));
    if (problem) {
      e.preventDefault();
      setErrors({ [problem.field]: t(problem.key) });
    } else setErrors({});
  };
  return (
    <div className="report-range">
      <Group gap="xs" wrap="wrap" role="navigation" aria-label={t("reports.presetsLabel")}>
        {REPORT_PRESETS.map((p) => (
          <Button
            key={p}
            component={Link}
            to={`?range=${p}`}
            size="compact-sm"
            radius="xl"
            variant={preset === p ? "filled" : "default"}
            aria-current={preset === p ? "page" : undefined}
          >
            {t(`reports.presets.${p}`)}
          </Button>
        ))}
      </Group>
      <Form method="get" onSubmit={onSubmit} noValidate aria-label={t("reports.customRange")}>
        {/* A new key remounts the fields when a preset link changes the range. */}
        <Group gap="xs" align="flex-start" wrap="wrap" key={`${range.from}:${range.to}`}>
          <TextInput
            type="date"
            name="from"
            label={t("reports.from")}
            defaultValue={range.from}
            error={errors.from}
            size="sm"
            required
          />
          <TextInput
            type="date"
            name="to"
            label={t("reports.to")}
            defaultValue={range.to}
            error={errors.to}
            size="sm"
            required
          />
          <Button type="submit" size="sm" variant="light" mt={24}>
            {t("reports.apply")}
          </Button>
        </Group>
      </Form>
    </div>
  );
}
