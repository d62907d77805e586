import { Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCheck } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";

export type UploadEntry = {
  key: string;
  name: string;
  progress: number;
  status: "uploading" | "done" | "error";
  error?: string;
};

type Props = { entries: UploadEntry[]; onClear: () => void };

/** Each file being uploaded with its progress, and each refusal with its reason. */
export function UploadQueue({ entries, onClear }: Props) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  const finished = entries.some((e) => e.status !== "uploading");
  return (
    <section aria-label={t("media.queue.title")} className="upload-queue">
      <Stack gap="xs">
        {entries.map((e) =>
          e.status === "error" ? (
            <Alert key={e.key} color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" p="xs">
              {e.error}
            </Alert>
          ) : (
            <div key={e.key}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {e.name}
                </Text>
                <Text size="xs" c={e.status === "done" ? "green" : "dimmed"} style={{ flexShrink: 0 }}>
                  {e.status === "done" ? (
                    <>
                      <IconCheck size={12} aria-hidden /> {t("media.queue.done")}
                    </>
                  ) : (
                    t("media.queue.uploading", { percent: Math.round(e.progress * 100) })
                  )}
                </Text>
              </Group>
              <Progress
                value={e.progress * 100}
                size="sm"
                color={e.status === "done" ? "green" : "blue"}
                aria-label={e.name}
              />
            </div>
          ),
        )}
        {finished ? (
          <Group justify="flex-end">
            <Button variant="subtle" size="xs" onClick={onClear}>
              {t("media.queue.clear")}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </section>
  );
}
