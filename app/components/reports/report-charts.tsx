import "@mantine/charts/styles.css";
import { AreaChart, BarChart } from "@mantine/charts";
import { Table } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { toMajor } from "../../../core/currency";
import { useTranslation } from "../../i18n/use-translation";
import type { SiteReport } from "./types";

/**
 * A chart with its caption, a spoken summary in place of the drawing (screen readers get the
 * summary, not the shapes), and the same figures as a table anyone can open.
 */
export function ChartFigure(props: { title: string; summary: string; chart: ReactNode; table: ReactNode; id: string }) {
  const { t } = useTranslation();
  return (
    <figure className="report-chart" aria-labelledby={props.id} data-testid={props.id}>
      <figcaption id={props.id}>
        <h2>{props.title}</h2>
      </figcaption>
      <div role="img" aria-label={props.summary}>
        {props.chart}
      </div>
      <details>
        <summary>{t("reports.charts.showTable")}</summary>
        <Table.ScrollContainer minWidth={320} maxHeight={320}>
          {props.table}
        </Table.ScrollContainer>
      </details>
    </figure>
  );
}

export function ReportCharts({ report: r }: { report: SiteReport }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const n = new Intl.NumberFormat(i18n.language);
  const money = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: r.digits,
    maximumFractionDigits: r.digits,
  });
  const shortDate = new Intl.DateTimeFormat(i18n.language, { month: "short", day: "numeric", timeZone: "UTC" });
  const longDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const day = (iso: string) => shortDate.format(new Date(`${iso}T00:00:00Z`));
  const range = {
    from: longDate.format(new Date(`${r.range.from}T00:00:00Z`)),
    to: longDate.format(new Date(`${r.range.to}T00:00:00Z`)),
  };
  const revenueLabel = t("reports.charts.revenue", { currency: r.currency });
  const data = r.days.map((d) => ({ ...d, revenue: toMajor(d.revenue, r.currency), label: day(d.date) }));
  const axis = { xAxisProps: { minTickGap: 24 }, accessibilityLayer: false, h: 260 } as const;
  const head = (cells: string[]) => (
    <Table.Thead>
      <Table.Tr>
        {cells.map((c) => (
          <Table.Th key={c}>{c}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
  return (
    <div className="report-charts">
      <ChartFigure
        id={`${ids}-sales`}
        title={t("reports.charts.sales")}
        summary={t("reports.charts.salesSummary", {
          ...range,
          revenue: money.format(toMajor(r.totals.revenue, r.currency)),
          currency: r.currency,
          orders: n.format(r.totals.orders),
        })}
        chart={
          <AreaChart
            {...axis}
            data={data}
            dataKey="label"
            curveType="linear"
            withDots={data.length <= 31}
            withRightYAxis
            yAxisLabel={revenueLabel}
            rightYAxisLabel={t("reports.totals.orders")}
            rightYAxisProps={{ allowDecimals: false }}
            series={[
              { name: "revenue", label: revenueLabel, color: "teal.6" },
              { name: "orders", label: t("reports.totals.orders"), color: "indigo.6", yAxisId: "right" },
            ]}
            withLegend
          />
        }
        table={
          <Table striped stickyHeader>
            {head([t("reports.charts.date"), revenueLabel, t("reports.totals.orders")])}
            <Table.Tbody>
              {data.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{longDate.format(new Date(`${d.date}T00:00:00Z`))}</Table.Td>
                  <Table.Td>{money.format(d.revenue)}</Table.Td>
                  <Table.Td>{n.format(d.orders)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <ChartFigure
        id={`${ids}-learning`}
        title={t("reports.charts.learning")}
        summary={t("reports.charts.learningSummary", {
          ...range,
          enrolments: n.format(r.totals.enrolments),
          members: n.format(r.totals.newMembers),
        })}
        chart={
          <BarChart
            {...axis}
            data={data}
            dataKey="label"
            yAxisProps={{ allowDecimals: false }}
            series={[
              { name: "enrolments", label: t("reports.totals.enrolments"), color: "grape.6" },
              { name: "newMembers", label: t("reports.totals.newMembers"), color: "orange.6" },
            ]}
            withLegend
          />
        }
        table={
          <Table striped stickyHeader>
            {head([t("reports.charts.date"), t("reports.totals.enrolments"), t("reports.totals.newMembers")])}
            <Table.Tbody>
              {data.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{longDate.format(new Date(`${d.date}T00:00:00Z`))}</Table.Td>
                  <Table.Td>{n.format(d.enrolments)}</Table.Td>
                  <Table.Td>{n.format(d.newMembers)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
    </div>
  );
}
