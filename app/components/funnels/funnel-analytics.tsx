// A funnel's figures per step in topological order: visitors as a funnel-shaped bar chart (with a
// spoken summary) and a table with conversions to the next step, drop-off and revenue. The date
// range and device filters are a GET form, so the address holds them.
import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Button, Group, NativeSelect, Table, Text, TextInput } from "@mantine/core";
import { Form } from "react-router";
import { formatMoney } from "../../../core/currency";
import type { FunnelStats } from "../../../core/funnel-graph";
import { useTranslation } from "../../i18n/use-translation";

export function FunnelAnalytics({ stats, currency }: { stats: FunnelStats; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currency, i18n.language, { decimals: true });
  const data = stats.steps.map((s) => ({ step: s.label, visitors: s.visitors }));
  const summary = stats.steps.map((s) => t("funnels.stepSummary", { label: s.label, count: s.visitors })).join("; ");
  return (
    <div data-testid="funnel-analytics" style={{ minWidth: 0, maxWidth: "100%" }}>
      <Form method="get" style={{ marginBottom: 16 }}>
        <input type="hidden" name="tab" value="analytics" />
        <Group align="end" wrap="wrap">
          <TextInput type="date" name="from" label={t("funnels.from")} defaultValue={stats.from} />
          <TextInput type="date" name="to" label={t("funnels.to")} defaultValue={stats.to} />
          <NativeSelect
            name="device"
            label={t("funnels.device")}
            defaultValue={stats.device ?? ""}
            data={[
              { value: "", label: t("funnels.devices.all") },
              { value: "desktop", label: t("funnels.devices.desktop") },
              { value: "tablet", label: t("funnels.devices.tablet") },
              { value: "mobile", label: t("funnels.devices.mobile") },
            ]}
          />
          <Button type="submit" variant="default">
            {t("funnels.apply")}
          </Button>
        </Group>
      </Form>
      <Text mb="sm">{t("funnels.totals", { count: stats.sessions, revenue: money(stats.revenue) })}</Text>
      {stats.steps.length ? (
        <div role="img" aria-label={summary} style={{ overflow: "hidden", maxWidth: "100%" }}>
          <BarChart
            h={Math.max(160, stats.steps.length * 44)}
            data={data}
            dataKey="step"
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            xAxisProps={{ allowDecimals: false }}
            series={[{ name: "visitors", label: t("funnels.visitors"), color: "blue.6" }]}
            accessibilityLayer={false}
          />
        </div>
      ) : null}
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="funnel-stats-table">
          <Table.Caption>{t("funnels.tableCaption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("funnels.step")}</Table.Th>
              <Table.Th>{t("funnels.visitors")}</Table.Th>
              <Table.Th>{t("funnels.conversions")}</Table.Th>
              <Table.Th>{t("funnels.dropOff")}</Table.Th>
              <Table.Th>{t("funnels.revenue")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.steps.map((s) => (
              <Table.Tr key={s.id} data-step={s.id}>
                <Table.Td>
                  {s.label}{" "}
                  <Text span size="xs" c="dimmed">
                    ({t(`funnels.types.${s.type}`)})
                  </Text>
                </Table.Td>
                <Table.Td>{s.visitors}</Table.Td>
                <Table.Td>{s.conversions}</Table.Td>
                <Table.Td>{s.dropOff} %</Table.Td>
                <Table.Td>{s.revenue ? money(s.revenue) : "—"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
