import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useToast } from "../hooks/use-toast";

export type InvitationRow = {
  id: string;
  email: string;
  name: string | null;
  role: string;
  sentCount: number;
  lastSentAt: string;
};

type Result = { ok: boolean; intent: string; id?: string; error?: string };

/** One open invitation with resend and cancel. */
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
  return (
    <Paper withBorder p="sm" component="li" data-testid="invitation-row" data-email={inv.email}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {inv.name ? `${inv.name} · ${inv.email}` : inv.email}
          </Text>
          <Text size="sm" c="dimmed">
            {t("users.invitations.meta", {
              role: t(`users.roles.${inv.role}`, { defaultValue: inv.role }),
              date: new Date(inv.lastSentAt).toLocaleDateString(i18n.language, { dateStyle: "medium" }),
              times: inv.sentCount,
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
              aria-label={t("users.invitations.resendTo", { email: inv.email })}
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
              aria-label={t("users.invitations.cancelFor", { email: inv.email })}
            >
              {t("users.invitations.cancel")}
            </Button>
          </Group>
        </fetcher.Form>
      </Group>
      {result && !result.ok ? (
        <Text c="red" size="sm" role="alert" mt="xs">
          {t(result.error ?? "errors.generic")}
        </Text>
      ) : null}
    </Paper>
  );
}
