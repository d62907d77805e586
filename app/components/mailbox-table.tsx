import { Button, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { MailStatusBadge } from "./mail-status-badge";

/** One outbox row as the staff mailbox's loader gives it. */
export type MailboxRow = {
  id: string;
  site: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
};

const RESENDABLE = new Set(["failed", "retrying"]);

/** The outbox rows: who, what, where each message stands, and a Resend button on failed ones. */
export function MailboxTable({ items }: { items: MailboxRow[] }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  // Server and browser may sit in different time zones: one fixed zone renders the same on both.
  const when = (iso: string) =>
    // The long time style names the zone.
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "long", timeZone: "UTC" }).format(
      new Date(iso),
    );
  const resending = (id: string) => navigation.state !== "idle" && navigation.formData?.get("id") === id;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("mailbox.when")}</Table.Th>
            <Table.Th>{t("mailbox.site")}</Table.Th>
            <Table.Th>{t("mailbox.to")}</Table.Th>
            <Table.Th>{t("mailbox.subject")}</Table.Th>
            <Table.Th>{t("mailbox.status")}</Table.Th>
            <Table.Th>{t("mailbox.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((m) => (
            <Table.Tr key={m.id} data-mail={m.id} data-status={m.status}>
              <Table.Td>{when(m.createdAt)}</Table.Td>
              <Table.Td>{m.site}</Table.Td>
              <Table.Td dir="ltr">{m.to}</Table.Td>
              <Table.Td>
                <details>
                  <summary>{m.subject}</summary>
                  <pre style={{ whiteSpace: "pre-wrap" }}>{m.text}</pre>
                </details>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <MailStatusBadge status={m.status} />
                  {m.attempts > 1 ? (
                    <Text size="xs" c="dimmed">
                      {t("mailbox.attempts", { n: m.attempts })}
                    </Text>
                  ) : null}
                  {m.lastError && m.status !== "sent" && m.status !== "stored" ? (
                    <Text size="xs" c="red" style={{ overflowWrap: "anywhere" }}>
                      {t("mailbox.lastError", { error: m.lastError })}
                    </Text>
                  ) : null}
                  {m.status === "failed" && m.nextAttemptAt ? (
                    <Text size="xs" c="dimmed">
                      {t("mailbox.nextAttempt", { when: when(m.nextAttemptAt) })}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                {RESENDABLE.has(m.status) ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="id" value={m.id} />
                    <Button
                      type="submit"
                      size="compact-sm"
                      variant="light"
                      loading={resending(m.id)}
                      aria-label={t("mailbox.resendTo", { to: m.to })}
                    >
                      {t("mailbox.resend")}
                    </Button>
                  </Form>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
