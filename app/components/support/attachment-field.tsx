import { ActionIcon, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconPaperclip, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { ATTACHMENTS_MAX, libraryMediaId } from "../../../core/support-tickets";
import { useTranslation } from "../../i18n/use-translation";
import { MediaPicker } from "../media-picker";

/** Files of the site's media library attached to a message: picked one at a time, posted as `attachments`. */
export function AttachmentField({ error }: { error?: string | null }) {
  const { t } = useTranslation();
  const [urls, setUrls] = useState<string[]>([]);
  const [draft, setDraft] = useState("");
  const add = (url: string) => {
    const clean = url.trim();
    if (clean && !urls.includes(clean)) setUrls((list) => [...list, clean].slice(0, ATTACHMENTS_MAX));
    setDraft("");
  };
  // A file chosen in the library (or a whole address pasted) is added at once; typing waits for "Add".
  const change = (url: string) => (url.length - draft.length > 1 && libraryMediaId(url) ? add(url) : setDraft(url));
  const nameOf = (url: string) => decodeURIComponent(url.split("/").pop() ?? url);
  return (
    <Stack gap={6}>
      {urls.length < ATTACHMENTS_MAX ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            <MediaPicker label={t("tickets.attachments")} value={draft} onChange={change} />
          </div>
          {draft ? (
            <Button variant="default" onClick={() => add(draft)}>
              {t("tickets.addAttachment")}
            </Button>
          ) : null}
        </Group>
      ) : (
        <Text size="sm">{t("tickets.attachments")}</Text>
      )}
      {urls.length ? (
        <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {urls.map((url) => (
            <Group key={url} gap="xs" component="li" wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              <Anchor href={url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: "anywhere" }}>
                {nameOf(url)}
              </Anchor>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t("tickets.removeAttachment", { name: nameOf(url) })}
                onClick={() => setUrls((list) => list.filter((u) => u !== url))}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
              <input type="hidden" name="attachments" value={url} />
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          {t("tickets.attachmentsHint", { max: ATTACHMENTS_MAX })}
        </Text>
      )}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
