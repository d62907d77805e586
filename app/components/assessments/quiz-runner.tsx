// Taking an attempt: every question on one page, a countdown from the server's deadline, autosave a
// moment after each change, and Submit with a confirmation. At zero the attempt is submitted; the
// server decides what counts (the saved answers), so the browser's clock is only a display.
import { Alert, Button, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { Answer, Answers } from "../../../core/quiz";
import type { StudentQuestion } from "../../../core/quiz-view";
import { ApiError, api } from "../../lib/api";
import { QuestionInput } from "./question-input";
import type { ResultData } from "./quiz-result";

export type AttemptData = {
  id: string;
  title: string;
  attempt: number;
  status: number;
  deadlineAt: string | null;
  serverNow: string;
  questions: StudentQuestion[];
  answers: Answers;
  result: ResultData | null;
};

const AUTOSAVE_MS = 1500;

function initialAnswers(a: AttemptData): Answers {
  const out: Answers = { ...a.answers };
  // A sorting question shows an order; leaving it untouched answers with that order.
  for (const q of a.questions) if (q.type === "sorting" && out[q.id] === undefined) out[q.id] = q.items;
  return out;
}

function useCountdown(deadlineAt: string | null, serverNow: string) {
  const skew = useMemo(() => Date.parse(serverNow) - Date.now(), [serverNow]);
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!deadlineAt) return;
    const tick = () => setLeft(Math.max(0, Math.floor((Date.parse(deadlineAt) - (Date.now() + skew)) / 1000)));
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadlineAt, skew]);
  return left;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

export function QuizRunner({ attempt, onDone }: { attempt: AttemptData; onDone: (a: AttemptData) => void }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(attempt));
  const [saveState, setSaveState] = useState<"idle" | "saving" | "saved" | "error">("idle");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const dirty = useRef(false);
  const left = useCountdown(attempt.deadlineAt, attempt.serverNow);

  const set = (id: string, a: Answer) => {
    dirty.current = true;
    setAnswers((prev) => ({ ...prev, [id]: a }));
  };

  useEffect(() => {
    if (!dirty.current) return;
    const timer = setTimeout(async () => {
      setSaveState("saving");
      try {
        await api("PUT", `/api/v1/quiz-attempts/${attempt.id}/answers`, { answers });
        dirty.current = false;
        setSaveState("saved");
      } catch {
        setSaveState("error");
      }
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [answers, attempt.id]);

  const submit = useCallback(async () => {
    setSubmitting(true);
    setError(null);
    try {
      onDone(await api<AttemptData>("POST", `/api/v1/quiz-attempts/${attempt.id}/submit`, { answers }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("assessments.errors.generic"));
      setSubmitting(false);
      setConfirming(false);
    }
  }, [answers, attempt.id, onDone, t]);

  const timeUp = left === 0;
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (timeUp && !autoSubmitted.current) {
      autoSubmitted.current = true;
      void submit();
    }
  }, [timeUp, submit]);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" className="quiz-toolbar">
        <Text c="dimmed" aria-live="polite" size="sm">
          {saveState === "saving" && t("assessments.take.saving")}
          {saveState === "saved" && t("assessments.take.saved")}
          {saveState === "error" && t("assessments.take.saveFailed")}
        </Text>
        {left !== null && (
          <Text fw={700} role="timer" aria-label={t("assessments.take.timeLeft")} c={left < 60 ? "red" : undefined}>
            {t("assessments.take.timeLeft")}: {clock(left)}
          </Text>
        )}
      </Group>
      {timeUp && <Alert color="yellow">{t("assessments.take.timeUp")}</Alert>}
      {attempt.questions.map((q, i) => (
        <Paper key={q.id} withBorder p="md" component="section" aria-labelledby={`q-${q.id}`}>
          <Text id={`q-${q.id}`} size="sm" c="dimmed" mb={4}>
            {t("assessments.take.questionN", { n: i + 1 })} · {t("assessments.take.marksN", { count: q.marks })}
          </Text>
          <QuestionInput question={q} value={answers[q.id]} onChange={(a) => set(q.id, a)} label={q.prompt} />
        </Paper>
      ))}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => setConfirming(true)} loading={submitting} disabled={timeUp && submitting}>
          {t("assessments.take.submit")}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("assessments.take.confirmTitle")}>
        <Text mb="md">{t("assessments.take.confirmText")}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t("assessments.common.cancel")}
          </Button>
          <Button onClick={() => void submit()} loading={submitting}>
            {t("assessments.take.confirmSubmit")}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
