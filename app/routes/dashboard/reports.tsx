import "../../styles/reports.css";
import { Alert, Button, Group, Text } from "@mantine/core";
import {
  DEFAULT_REPORT_PRESET,
  isReportPreset,
  presetOf,
  presetRange,
  type ReportRange,
  rangeProblem,
} from "../../../core/report-range";
import { RangeControls } from "../../components/reports/range-controls";
import { ReportCharts } from "../../components/reports/report-charts";
import { StatCards } from "../../components/reports/stat-cards";
import { TopTables } from "../../components/reports/top-tables";
import { useTranslation } from "../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { asPageError, notFound } from "../../lib/instructor.server";
import type { Route } from "./+types/reports";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/**
 * The site's reports for its owner and manage_options holders (spec §2 /dashboard/reports):
 * ?range=7d|30d|90d|12m, or ?from=&to= (UTC dates); the last 30 days otherwise.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const svc = context.services.reports;
  if (!svc.canView) throw notFound();
  const url = new URL(request.url);
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  const preset = url.searchParams.get("range");
  let range: ReportRange = presetRange(isReportPreset(preset) ? preset : DEFAULT_REPORT_PRESET);
  let problem = null;
  if (from !== null || to !== null) {
    problem = rangeProblem(from, to);
    if (!problem) range = { from: from as string, to: to as string };
  }
  const report = await svc.report(range).catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "reports.title", context.site.settings.sitetitle),
    report,
    preset: presetOf(range),
    problem: problem?.key ?? null,
  };
}

export default function Reports({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const r = d.report;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const shown = (iso: string) => date.format(new Date(`${iso}T00:00:00Z`));
  const csv = `/api/v1/reports/csv?from=${r.range.from}&to=${r.range.to}`;
  return (
    <div className="page reports-page">
      <div className="page-heading">
        <h1>{t("reports.title")}</h1>
        {r.empty ? null : (
          <Button component="a" href={csv} download variant="default" size="sm">
            {t("reports.download")}
          </Button>
        )}
      </div>
      <RangeControls range={r.range} preset={d.preset} />
      {d.problem ? (
        <Alert color="red" role="alert" my="sm">
          {t(d.problem)} {t("reports.showingDefault")}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed" my="sm" aria-live="polite" data-testid="report-range">
        {t("reports.showing", { from: shown(r.range.from), to: shown(r.range.to) })}
      </Text>
      {r.empty ? (
        <div className="empty-state" data-testid="report-empty">
          <h2>{t("reports.empty.title")}</h2>
          <p className="muted">{t("reports.empty.body")}</p>
        </div>
      ) : (
        <>
          <StatCards totals={r.totals} currency={r.currency} />
          <ReportCharts report={r} />
          <TopTables report={r} />
        </>
      )}
      <Group mt="lg">
        <Text size="xs" c="dimmed">
          {t("reports.utcNote")}
        </Text>
      </Group>
    </div>
  );
}
