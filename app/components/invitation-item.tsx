import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useFetcher } from "react-router";
import { useToast } from "../hooks/use-toast";

export type InvitationRow = {
  id: string;
  email: string;
  name: string | null;
  role: string;
  sentCount: number;
  lastSentAt: string;
  expiresAt: string;
  expired: boolean;
};

type Result = { ok: boolean; intent: string; id?: string; messageKey?: string };

/** One unanswered invitation with its expiry, resend (a new link) and cancel. */
export function InvitationItem({ inv }: { inv: InvitationRow }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const fetcher = useFetcher<Result>();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result?.ok) return;
    toast.show({
      message: t(result.intent === "resend" ? "users.invitations.resent" : "users.invitations.cancelled", {
        email: inv.email,
      }),
      tone: "success",
    });
  }, [fetcher.state, result, inv.email, t, toast]);
  const busy = fetcher.state !== "idle";
  const dateOf = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium" });
  return (
    <Paper withBorder p="sm" component="li" data-testid="invitation-row" data-email={inv.email}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: "anywhere" }} id={`invitation-${inv.id}`}>
              {inv.name ? `${inv.name} · ${inv.email}` : inv.email}
            </Text>
            {inv.expired ? (
              <Badge color="gray" variant="light" data-testid="invitation-expired">
                {t("users.invitations.expiredBadge")}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t("users.invitations.meta", {
              role: t(`users.roles.${inv.role}`, { defaultValue: inv.role }),
              date: dateOf(inv.lastSentAt),
              times: inv.sentCount,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t(inv.expired ? "users.invitations.expiredOn" : "users.invitations.expiresOn", {
              date: dateOf(inv.expiresAt),
            })}
          </Text>
        </Stack>
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={inv.id} />
          <Group gap="xs">
            <Button
              type="submit"
              name="intent"
              value="resend"
              size="xs"
              variant="light"
              disabled={busy}
              aria-describedby={`invitation-${inv.id}`}
            >
              {t("users.invitations.resend")}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="cancel"
              size="xs"
              variant="subtle"
              color="red"
              disabled={busy}
              aria-describedby={`invitation-${inv.id}`}
            >
              {t("users.invitations.cancel")}
            </Button>
          </Group>
        </fetcher.Form>
      </Group>
      {result && !result.ok ? (
        <Text c="red" size="sm" role="alert" mt="xs">
          {t(result.messageKey ?? "errors.generic")}
        </Text>
      ) : null}
    </Paper>
  );
}
