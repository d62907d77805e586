import { Card, SimpleGrid, Text } from "@mantine/core";
import { formatMoney } from "../../../core/currency";
import type { ReportTotals } from "./types";
import { useTranslation } from "../../i18n/use-translation";

type Stat = { id: keyof ReportTotals; value: string; hint?: string };

/** The range's figures, one card each. */
export function StatCards({ totals: t0, currency }: { totals: ReportTotals; currency: string }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  const money = (minor: number) => formatMoney(minor, currency, i18n.language, { decimals: true });
  const stats: Stat[] = [
    { id: "revenue", value: money(t0.revenue), hint: t("reports.currencyNote", { currency }) },
    { id: "orders", value: n.format(t0.orders) },
    {
      id: "refunds",
      value: n.format(t0.refunds),
      hint: t("reports.refundedHint", { amount: money(t0.refundedAmount) }),
    },
    { id: "newMembers", value: n.format(t0.newMembers) },
    { id: "activeMembers", value: n.format(t0.activeMembers) },
    { id: "enrolments", value: n.format(t0.enrolments) },
    { id: "completions", value: n.format(t0.completions) },
    {
      id: "quizPassRate",
      value: t0.quizPassRate === null ? "–" : `${n.format(t0.quizPassRate)}%`,
      hint:
        t0.quizPassRate === null
          ? t("reports.quizNone")
          : t("reports.quizHint", { passed: n.format(t0.quizPassed), graded: n.format(t0.quizGraded) }),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="lg">
      {stats.map((s) => (
        <Card key={s.id} withBorder padding="sm" data-testid={`stat-${s.id}`}>
          <Text size="xs" c="dimmed" component="h2" fw={500} m={0}>
            {t(`reports.totals.${s.id}`)}
          </Text>
          <Text fw={700} size="xl">
            {s.value}
          </Text>
          {s.hint ? (
            <Text size="xs" c="dimmed">
              {s.hint}
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}
