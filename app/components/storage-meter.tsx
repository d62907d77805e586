import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../core/upload-types";

type Props = { usedBytes: number; limitBytes: number };

/** How much of the plan's storage the site's files take. */
export function StorageMeter({ usedBytes, limitBytes }: Props) {
  const { t } = useTranslation();
  const percent = limitBytes > 0 ? Math.min(100, (usedBytes / limitBytes) * 100) : 100;
  const text = t("media.usage", { used: formatBytes(usedBytes), limit: formatBytes(limitBytes) });
  return (
    <Stack gap={4} className="storage-meter">
      <Text size="sm" fw={500} id="storage-meter-label">
        {t("media.usageLabel")}: {text}
      </Text>
      <Progress
        value={percent}
        color={percent >= 90 ? "red" : percent >= 75 ? "yellow" : "blue"}
        aria-labelledby="storage-meter-label"
        aria-valuetext={text}
        size="md"
      />
    </Stack>
  );
}
