// "Rewrite" and "Shorten" under a unit's text: the AI assistant's proposal is shown beside the
// buttons, and only "Replace" puts it into the editor (still to be saved with the unit); "Keep mine"
// drops it.
import { Button, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconScissors, IconSparkles } from "@tabler/icons-react";
import { useState } from "react";
import { isBlankHtml, withoutEmptySections } from "../../../core/course-template";
import { useTranslation } from "../../i18n/use-translation";
import { StoredHtml } from "../assessments/stored-html";
import { draftLanguage } from "./draft-language";
import { AiBlockedNote, AiErrorNote, AiProgress } from "./ai-notice";
import { useAiStatus, useAiTask } from "./use-ai";

type Mode = "rewrite" | "shorten";

export function UnitRewrite({
  unitId,
  html,
  onReplace,
}: {
  unitId: string;
  /** The unit's text as the editor has it now. */
  html: string;
  onReplace: (html: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const ai = useAiStatus();
  const task = useAiTask<{ html: string }>("unit-rewrite");
  const [mode, setMode] = useState<Mode | null>(null);
  const blocked = ai.blockedFor("ai", "aitokens");
  const empty = isBlankHtml(withoutEmptySections(html));
  const why = blocked?.text ?? (empty ? t("ai.assistant.noText") : null);

  const ask = (m: Mode) => {
    setMode(m);
    void task.start({ unitId, html, mode: m, language: draftLanguage(i18n.language) });
  };
  const done = () => {
    task.reset();
    setMode(null);
    ai.reload();
  };
  const proposal = task.result?.html ?? null;

  return (
    <Stack gap="xs" data-testid="ai-rewrite">
      <Group gap="xs" wrap="wrap">
        {(["rewrite", "shorten"] as const).map((m) => (
          <Tooltip key={m} label={why} disabled={!why}>
            <Button
              variant="light"
              size="sm"
              leftSection={
                m === "rewrite" ? <IconSparkles size={14} aria-hidden /> : <IconScissors size={14} aria-hidden />
              }
              onClick={() => ask(m)}
              loading={task.busy && mode === m}
              disabled={Boolean(why) || task.busy}
              data-testid={`ai-${m}`}
            >
              {t(`ai.assistant.${m}`)}
            </Button>
          </Tooltip>
        ))}
      </Group>
      {blocked ? <AiBlockedNote block={blocked} /> : null}
      {task.busy ? <AiProgress progress={task.progress} label={t("ai.assistant.rewriting")} /> : null}
      {task.error ? <AiErrorNote error={task.error} /> : null}
      {proposal !== null ? (
        <Paper withBorder p="sm" data-testid="ai-proposal" aria-labelledby="ai-proposal-heading">
          <Text fw={600} id="ai-proposal-heading" mb="xs">
            {t(mode === "shorten" ? "ai.assistant.proposalShorter" : "ai.assistant.proposal")}
          </Text>
          {/* Sanitised on the server exactly as a saved unit's text is. */}
          <StoredHtml html={proposal} />
          <Group justify="flex-end" mt="sm" wrap="wrap">
            <Button variant="default" onClick={done} data-testid="ai-keep">
              {t("ai.assistant.keep")}
            </Button>
            <Button
              onClick={() => {
                onReplace(proposal);
                done();
              }}
              data-testid="ai-replace"
            >
              {t("ai.assistant.replace")}
            </Button>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}
