import "@mantine/charts/styles.css";
import { AreaChart } from "@mantine/charts";
import { Table, Text } from "@mantine/core";
import { useId } from "react";
import { toMajor } from "../../../core/currency";
import { useTranslation } from "../../i18n/use-translation";
import { ChartFigure } from "../reports/report-charts";

export type SalesData = {
  range: { from: string; to: string };
  currency: string;
  digits: number;
  days: { date: string; revenue: number; orders: number }[];
  totals: { revenue: number; orders: number };
};

/** The last 30 days of revenue and orders, with a spoken summary and the figures as a table. */
export function SalesChart({ sales: s }: { sales: SalesData }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const n = new Intl.NumberFormat(i18n.language);
  const money = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: s.digits,
    maximumFractionDigits: s.digits,
  });
  const shortDate = new Intl.DateTimeFormat(i18n.language, { month: "short", day: "numeric", timeZone: "UTC" });
  const longDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
  const revenueLabel = t("reports.charts.revenue", { currency: s.currency });
  const data = s.days.map((d) => ({
    ...d,
    revenue: toMajor(d.revenue, s.currency),
    label: shortDate.format(at(d.date)),
  }));
  const totals = (
    <Text size="sm" data-testid="sales-totals">
      {t("home.sales.totals", {
        revenue: money.format(toMajor(s.totals.revenue, s.currency)),
        currency: s.currency,
        orders: n.format(s.totals.orders),
      })}
    </Text>
  );
  if (s.totals.orders === 0) {
    return (
      <div className="empty-state" data-testid="sales-empty">
        <p className="muted">{t("home.sales.empty")}</p>
      </div>
    );
  }
  return (
    <>
      {totals}
      <ChartFigure
        id={`${id}-sales`}
        title={t("home.sales.chartTitle")}
        summary={t("reports.charts.salesSummary", {
          from: longDate.format(at(s.range.from)),
          to: longDate.format(at(s.range.to)),
          revenue: money.format(toMajor(s.totals.revenue, s.currency)),
          currency: s.currency,
          orders: n.format(s.totals.orders),
        })}
        chart={
          <AreaChart
            h={220}
            data={data}
            dataKey="label"
            curveType="linear"
            accessibilityLayer={false}
            xAxisProps={{ minTickGap: 24 }}
            withRightYAxis
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
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("reports.charts.date")}</Table.Th>
                <Table.Th>{revenueLabel}</Table.Th>
                <Table.Th>{t("reports.totals.orders")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{longDate.format(at(d.date))}</Table.Td>
                  <Table.Td>{money.format(d.revenue)}</Table.Td>
                  <Table.Td>{n.format(d.orders)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
    </>
  );
}
