import { Badge } from "@mantine/core";
import { TICKET_STATUS_COLORS, type TicketStatus } from "../../../core/support-tickets";
import { useTranslation } from "../../i18n/use-translation";

/** A ticket's status in the spec's colours: unresolved warning, awaited info, resolved success. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={TICKET_STATUS_COLORS[status]} variant="light" data-testid="ticket-status" data-status={status}>
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}
