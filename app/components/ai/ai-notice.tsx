// What an AI panel shows beside its button: why it is off (with the way to the plans when an upgrade
// would lift it), the progress of a task, or what went wrong.
import { Alert, Anchor, Group, Progress, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { AiBlock } from "./use-ai";

export function AiBlockedNote({ block }: { block: AiBlock }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" data-testid="ai-blocked">
      <Text size="sm">{block.text}</Text>
      {block.upgrade ? (
        <Anchor component={Link} to={block.upgrade} size="sm">
          {t("ai.seePlans")}
        </Anchor>
      ) : null}
    </Alert>
  );
}

export function AiProgress({ progress, label }: { progress: number; label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t("ai.working");
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
      <Progress value={Math.max(5, progress)} animated flex={1} aria-label={text} />
      <Text size="sm" c="dimmed">
        {t("ai.percent", { progress })}
      </Text>
    </Group>
  );
}

export function AiErrorNote({ error }: { error: AiBlock }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" data-testid="ai-error">
      <Text size="sm">{error.text}</Text>
      {error.upgrade ? (
        <Anchor component={Link} to={error.upgrade} size="sm">
          {t("ai.seePlans")}
        </Anchor>
      ) : null}
    </Alert>
  );
}
