import { Badge } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";

const COLORS: Record<string, string> = {
  pending: "yellow",
  paid: "green",
  refunded: "gray",
  cancelled: "gray",
  failed: "red",
};

/** An order's status as the buyer reads it. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light" data-testid="order-status">
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
