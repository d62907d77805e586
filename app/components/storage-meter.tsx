import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { formatBytes } from "../../core/upload-types";

type Props = { usedBytes: number; limitBytes: number | null };

/** How much of the plan's storage the site's files take (a site that is not metered shows what it uses). */
export function StorageMeter({ usedBytes, limitBytes }: Props) {
  const { t } = useTranslation();
  const text =
    limitBytes === null
      ? t("media.usageUnmetered", { used: formatBytes(usedBytes) })
      : limitBytes === 0
        ? t("media.usageNone")
        : t("media.usage", { used: formatBytes(usedBytes), limit: formatBytes(limitBytes) });
  const percent = limitBytes === null ? 0 : limitBytes > 0 ? Math.min(100, (usedBytes / limitBytes) * 100) : 100;
  return (
    <Stack gap={4} className="storage-meter">
      <Text size="sm" fw={500} id="storage-meter-label">
        {t("media.usageLabel")}: {text}
      </Text>
      {limitBytes === null ? null : (
        // The section is the progress bar itself: its name and value text go there, not on the track.
        <Progress.Root size="md">
          <Progress.Section
            value={percent}
            color={percent >= 90 ? "red" : percent >= 75 ? "yellow" : "blue"}
            aria-labelledby="storage-meter-label"
            aria-valuetext={text}
          />
        </Progress.Root>
      )}
    </Stack>
  );
}
