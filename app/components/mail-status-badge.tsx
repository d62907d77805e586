import { Badge } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";

const COLORS: Record<string, string> = {
  queued: "blue",
  sending: "blue",
  retrying: "yellow",
  failed: "red",
  sent: "green",
  stored: "gray",
};

export function MailStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light">
      {t(`mailbox.statuses.${status}`)}
    </Badge>
  );
}
