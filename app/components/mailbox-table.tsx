import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { DataTable, type ListColumn } from "./list-kit";
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
  const columns: ListColumn<MailboxRow>[] = [
    { id: "when", header: t("mailbox.when"), cell: ({ row }) => when(row.original.createdAt) },
    { id: "site", header: t("mailbox.site"), cell: ({ row }) => row.original.site },
    { id: "to", header: t("mailbox.to"), meta: { cell: { dir: "ltr" } }, cell: ({ row }) => row.original.to },
    {
      id: "subject",
      header: t("mailbox.subject"),
      cell: ({ row: { original: m } }) => (
        <details>
          <summary>{m.subject}</summary>
          <pre style={{ whiteSpace: "pre-wrap" }}>{m.text}</pre>
        </details>
      ),
    },
    {
      id: "status",
      header: t("mailbox.status"),
      cell: ({ row: { original: m } }) => (
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
      ),
    },
    {
      id: "actions",
      header: t("mailbox.actions"),
      cell: ({ row: { original: m } }) =>
        RESENDABLE.has(m.status) ? (
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
        ) : null,
    },
  ];
  return (
    <DataTable
      data={items}
      columns={columns}
      getRowId={(m) => m.id}
      label={t("mailbox.title")}
      minWidth={720}
      rowAttributes={(m) => ({ "data-mail": m.id, "data-status": m.status })}
    />
  );
}
