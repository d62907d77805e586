// A recording's transcript for its authors (decision 0065): make it with the AI assistant (metered in
// minutes of the plan's transcribe allowance), then correct its lines (text and times) and save.
// Used in the media library's details drawer and in the unit editor for the unit's video.
import { ActionIcon, Alert, Button, Group, NumberInput, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import {
  clockTime,
  MAX_SEGMENT_TEXT,
  type SegmentProblem,
  segmentProblem,
  type TranscriptSegment,
} from "../../../core/transcripts";
import { ApiError, api } from "../../lib/api";
import { AiBlockedNote, AiErrorNote, AiProgress } from "./ai-notice";
import { useAiStatus, useAiTask } from "./use-ai";

type Transcript = { mediaId: string; language: string; segments: TranscriptSegment[]; editedAt: string | null };
type Row = TranscriptSegment & { key: number };

let nextKey = 1;
const withKeys = (segments: TranscriptSegment[]): Row[] => segments.map((s) => ({ ...s, key: nextKey++ }));

/** The server's error on saving as a problem the editor can name ("segments.3.start", reason). */
function problemOf(err: unknown): SegmentProblem | null {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return null;
  const first = err.details[0] as { field?: string; reason?: SegmentProblem["reason"] } | undefined;
  const m = first?.field ? /^segments\.(\d+)\.(\w+)$/.exec(first.field) : null;
  if (!m || !first?.field) return null;
  const reason = first.reason ?? (m[2] === "text" ? "empty" : "times");
  return { index: Number(m[1]), field: first.field, reason };
}

export function TranscriptEditor({ mediaId }: { mediaId: string }) {
  const { t } = useTranslation();
  const { blockedFor, reload: reloadStatus } = useAiStatus();
  const task = useAiTask<{ mediaId: string }>("transcript");
  const [loaded, setLoaded] = useState<"loading" | "ready" | "failed">("loading");
  const [current, setCurrent] = useState<Transcript | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState<"idle" | "saving" | "saved" | "failed">("idle");
  const [problem, setProblem] = useState<SegmentProblem | null>(null);

  const load = useCallback(async () => {
    try {
      const r = await api<{ transcript: Transcript | null }>("GET", `/api/v1/media/${mediaId}/transcript`);
      setCurrent(r.transcript);
      setRows(withKeys(r.transcript?.segments ?? []));
      setDirty(false);
      setProblem(null);
      setLoaded("ready");
    } catch {
      setLoaded("failed");
    }
  }, [mediaId]);
  useEffect(() => {
    setLoaded("loading");
    setSaving("idle");
    void load();
  }, [load]);

  const finished = task.task?.status === "done";
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload once when the task is done
  useEffect(() => {
    if (finished) {
      void load();
      reloadStatus();
    }
  }, [finished]);

  const block = blockedFor(null, "transcribe");
  const edit = (i: number, patch: Partial<TranscriptSegment>) => {
    setRows((all) => all.map((r, n) => (n === i ? { ...r, ...patch } : r)));
    setDirty(true);
    setSaving("idle");
    setProblem(null);
  };
  const remove = (i: number) => {
    setRows((all) => all.filter((_, n) => n !== i));
    setDirty(true);
    setSaving("idle");
    setProblem(null);
  };
  const add = () => {
    const last = rows[rows.length - 1];
    const start = last ? last.end : 0;
    setRows((all) => [...all, { start, end: start + 5, text: "", key: nextKey++ }]);
    setDirty(true);
    setSaving("idle");
  };
  const save = async () => {
    const segments = rows.map(({ start, end, text }) => ({ start, end, text }));
    const local = segmentProblem(segments);
    if (local) {
      setProblem(local);
      return;
    }
    setSaving("saving");
    try {
      const saved = await api<Transcript>("PUT", `/api/v1/media/${mediaId}/transcript`, { segments });
      setCurrent(saved);
      setDirty(false);
      setSaving("saved");
    } catch (err) {
      const p = problemOf(err);
      setProblem(p);
      setSaving(p ? "idle" : "failed");
    }
  };
  const problemText = (p: SegmentProblem) =>
    t(`ai.transcript.problems.${p.reason}`, { line: p.index + 1, previous: p.index, max: MAX_SEGMENT_TEXT });

  return (
    <Stack gap="sm" data-testid="transcript-editor">
      <Title order={3} size="h5">
        {t("ai.transcript.title")}
      </Title>
      {loaded === "failed" ? (
        <Alert color="red" role="alert">
          {t("ai.transcript.loadFailed")}
        </Alert>
      ) : null}
      {block ? <AiBlockedNote block={block} /> : null}
      <Group gap="sm">
        <Button
          variant="light"
          onClick={() => void task.start({ mediaId })}
          loading={task.busy}
          disabled={Boolean(block) || loaded !== "ready" || task.busy}
        >
          {current ? t("ai.transcript.again") : t("ai.transcript.transcribe")}
        </Button>
        {current && !task.busy ? (
          <Text size="sm" c="dimmed">
            {t("ai.transcript.againHint")}
          </Text>
        ) : null}
      </Group>
      {task.busy ? <AiProgress progress={task.progress} label={t("ai.transcript.working")} /> : null}
      {task.error ? <AiErrorNote error={task.error} /> : null}
      {loaded === "ready" && !current && !task.busy ? (
        <Text size="sm" c="dimmed">
          {t("ai.transcript.none")}
        </Text>
      ) : null}
      {rows.length ? (
        <Stack gap="xs" component="ol" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {rows.map((r, i) => {
            const line = i + 1;
            const wrong = problem?.index === i;
            return (
              <li key={r.key}>
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <NumberInput
                    aria-label={t("ai.transcript.start", { line })}
                    value={r.start}
                    min={0}
                    decimalScale={3}
                    step={0.5}
                    w={96}
                    size="xs"
                    description={clockTime(r.start)}
                    error={wrong && problem?.reason === "order"}
                    onChange={(v) => edit(i, { start: Number(v) || 0 })}
                  />
                  <NumberInput
                    aria-label={t("ai.transcript.end", { line })}
                    value={r.end}
                    min={0}
                    decimalScale={3}
                    step={0.5}
                    w={96}
                    size="xs"
                    description={clockTime(r.end)}
                    error={wrong && problem?.reason === "times"}
                    onChange={(v) => edit(i, { end: Number(v) || 0 })}
                  />
                  <Textarea
                    aria-label={t("ai.transcript.text", { line })}
                    value={r.text}
                    autosize
                    minRows={1}
                    size="xs"
                    maxLength={MAX_SEGMENT_TEXT}
                    style={{ flex: 1 }}
                    error={wrong && (problem?.reason === "empty" || problem?.reason === "long")}
                    onChange={(e) => edit(i, { text: e.currentTarget.value })}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => remove(i)}
                    aria-label={t("ai.transcript.remove", { line })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </li>
            );
          })}
        </Stack>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert" data-testid="transcript-problem">
          {problemText(problem)}
        </Alert>
      ) : null}
      {loaded === "ready" && (current || rows.length) ? (
        <Group gap="sm">
          <Button variant="default" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={add}>
            {t("ai.transcript.add")}
          </Button>
          <Button size="xs" onClick={save} loading={saving === "saving"} disabled={!dirty}>
            {t("ai.transcript.save")}
          </Button>
          <span role="status">
            {saving === "saved" ? (
              <Text size="sm" c="green">
                {t("ai.transcript.saved")}
              </Text>
            ) : saving === "failed" ? (
              <Text size="sm" c="red">
                {t("ai.transcript.saveFailed")}
              </Text>
            ) : null}
          </span>
        </Group>
      ) : null}
    </Stack>
  );
}
