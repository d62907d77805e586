import { Box, Group, Text, Title, UnstyledButton } from "@mantine/core";
import { type RefObject, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { clockTime, type TranscriptSegment } from "../../../core/transcripts";

export type UnitTranscriptData = { language: string; segments: TranscriptSegment[]; captionsUrl: string };

/** The language's name in the reader's language ("English", "Englisch"), or its code. */
export function languageName(code: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The recording's transcript under the player: each line with its time, a button that plays the
 * recording from there (Tab and Enter, like any button); the line being spoken is marked.
 */
export function UnitTranscript({
  transcript,
  media,
}: {
  transcript: UnitTranscriptData;
  media: RefObject<HTMLMediaElement | null>;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(-1);
  useEffect(() => {
    const el = media.current;
    if (!el) return;
    const update = () => setNow(el.currentTime);
    el.addEventListener("timeupdate", update);
    el.addEventListener("seeked", update);
    return () => {
      el.removeEventListener("timeupdate", update);
      el.removeEventListener("seeked", update);
    };
  }, [media]);
  const seek = (start: number) => {
    const el = media.current;
    if (!el) return;
    el.currentTime = start;
    setNow(start);
    void el.play?.()?.catch(() => undefined);
  };
  return (
    <section aria-labelledby="unit-transcript-title" data-testid="unit-transcript">
      <Title order={3} size="h5" mb="xs" id="unit-transcript-title">
        {t("ai.transcript.title")}
      </Title>
      <Box
        component="ol"
        lang={transcript.language}
        style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 320, overflowY: "auto" }}
      >
        {transcript.segments.map((s) => {
          const current = now >= s.start && now < s.end;
          return (
            <li key={`${s.start}-${s.end}`} aria-current={current ? "true" : undefined}>
              <Group gap="sm" wrap="nowrap" align="flex-start" py={4}>
                <UnstyledButton
                  onClick={() => seek(s.start)}
                  aria-label={t("ai.transcript.playFrom", { time: clockTime(s.start) })}
                  style={{ fontVariantNumeric: "tabular-nums", minWidth: "3.5em" }}
                >
                  <Text size="sm" c="blue" td="underline" component="span">
                    {clockTime(s.start)}
                  </Text>
                </UnstyledButton>
                <Text size="sm" fw={current ? 600 : undefined}>
                  {s.text}
                </Text>
              </Group>
            </li>
          );
        })}
      </Box>
    </section>
  );
}
