import { Anchor, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";

export type ThreadReply = {
  id: string;
  authorName: string;
  isStaff: boolean;
  body: string;
  createdAt: string;
  attachments: { mediaId: string; filename: string; href: string }[];
};

/** A ticket's messages, oldest first; the support team's are marked and set off. */
export function TicketThread({ replies }: { replies: ThreadReply[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="ticket-thread">
      {replies.map((r) => (
        <Paper
          key={r.id}
          component="li"
          withBorder
          radius="md"
          p="md"
          // Staff answers are marked by a coloured edge and their badge; the text keeps the card's
          // own background, on which secondary text and the badge are readable in every theme.
          style={r.isStaff ? { borderInlineStart: "4px solid var(--mantine-color-blue-filled)" } : undefined}
          data-testid="ticket-reply"
          data-staff={r.isStaff ? "true" : "false"}
        >
          <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
            <Group gap="xs">
              <Text fw={600} size="sm">
                {r.authorName}
              </Text>
              {r.isStaff ? (
                <Badge size="sm" variant="outline">
                  {t("tickets.staffBadge")}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" component="time" dateTime={r.createdAt}>
              {new Date(r.createdAt).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" })}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {r.body}
          </Text>
          {r.attachments.length ? (
            <Stack gap={2} mt="xs" role="group" aria-label={t("tickets.attachments")}>
              {r.attachments.map((a) => (
                <Group key={a.mediaId} gap={4} wrap="nowrap">
                  <IconPaperclip size={14} aria-hidden />
                  <Anchor href={a.href} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: "anywhere" }}>
                    {a.filename}
                  </Anchor>
                </Group>
              ))}
            </Stack>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
