import { Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { formatMoney } from "../../../core/currency";

export type EarningsTotal = { currency: string; approved: number; pending: number; paid: number };

/** Approved (owed), pending approval and paid out, per currency. */
export function EarningsTotals({ totals }: { totals: EarningsTotal[] }) {
  const { t, i18n } = useTranslation();
  const rows = totals.length ? totals : [{ currency: "", approved: 0, pending: 0, paid: 0 }];
  return (
    <Group gap="md" wrap="wrap">
      {rows.flatMap((row) =>
        (["approved", "pending", "paid"] as const).map((k) => (
          <Paper key={`${row.currency}-${k}`} withBorder p="md" style={{ minWidth: "10rem" }}>
            <Text size="sm" c="dimmed">
              {t(`affiliate.totals.${k}`)}
            </Text>
            <Text fw={700} size="xl" data-testid={`earnings-${k}`}>
              {row.currency ? formatMoney(row[k], row.currency, i18n.language) : "0"}
            </Text>
          </Paper>
        )),
      )}
    </Group>
  );
}
