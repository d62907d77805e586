import { Badge } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";

const COLORS: Record<string, string> = {
  pending: "yellow",
  paid: "green",
  refunded: "grape",
  cancelled: "gray",
  failed: "red",
};

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light">
      {t(`payments.orders.statuses.${status}`)}
    </Badge>
  );
}
