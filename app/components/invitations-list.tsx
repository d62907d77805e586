import { Stack, Text } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { InvitationItem, type InvitationRow } from "./invitation-item";

export type { InvitationRow } from "./invitation-item";

/** Open invitations, each with resend and cancel. */
export function InvitationsList({ items }: { items: InvitationRow[] }) {
  const { t } = useTranslation();
  if (!items.length) return <Text c="dimmed">{t("users.invitations.empty")}</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} data-testid="invitations">
      {items.map((inv) => (
        <InvitationItem key={inv.id} inv={inv} />
      ))}
    </Stack>
  );
}
