// A marked attempt: marks out of the maximum, the percentage, passed or failed (or awaiting
// evaluation while an essay is unmarked), and a tick or cross per question with the right answer.
import { Alert, Badge, Group, List, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck, IconHourglass, IconX } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import type { Answer } from "../../../core/quiz";
import type { StudentQuestion } from "../../../core/quiz-view";

export type ResultData = {
  marks: number;
  maxMarks: number;
  percent: number;
  passed: boolean;
  awaitingEvaluation: boolean;
  feedback: string | null;
  questions: { id: string; correct: boolean | null; marks: number; maxMarks: number; correctAnswer: Answer }[];
};

/** An answer as a person reads it: option texts rather than their indexes, arrows for an order. */
export function answerText(
  q: { type: string; options?: string[] } | undefined,
  a: Answer | undefined,
  t: (k: string) => string,
): string {
  if (a === null || a === undefined) return "—";
  if (q?.options && (q.type === "single" || q.type === "multiple")) {
    const idx = Array.isArray(a) ? (a as number[]) : [a as number];
    return idx.map((i) => q.options?.[i] ?? "?").join(", ");
  }
  if (typeof a === "boolean") return a ? t("assessments.take.true") : t("assessments.take.false");
  return Array.isArray(a) ? a.join(" → ") : String(a);
}

export function QuizResult({ result, questions }: { result: ResultData; questions: StudentQuestion[] }) {
  const { t } = useTranslation();
  const byId = new Map(questions.map((q) => [q.id, q]));
  return (
    <Stack gap="md" data-testid="quiz-result">
      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="xl" fw={700}>
            {t("assessments.result.marks", { marks: result.marks, count: result.maxMarks })} · {result.percent}%
          </Text>
          {result.awaitingEvaluation ? (
            <Badge color="yellow" size="lg">
              {t("assessments.result.awaiting")}
            </Badge>
          ) : (
            <Badge color={result.passed ? "green" : "red"} size="lg">
              {result.passed ? t("assessments.result.passed") : t("assessments.result.failed")}
            </Badge>
          )}
        </Group>
        {result.awaitingEvaluation && (
          <Text c="dimmed" mt="xs">
            {t("assessments.result.awaitingHelp")}
          </Text>
        )}
      </Paper>
      {result.feedback && (
        <Alert title={t("assessments.result.feedback")} color="blue">
          {result.feedback}
        </Alert>
      )}
      <List spacing="sm" listStyleType="none" p={0}>
        {result.questions.map((r, i) => {
          const q = byId.get(r.id);
          return (
            <List.Item
              key={r.id}
              icon={
                <ThemeIcon color={r.correct === null ? "yellow" : r.correct ? "green" : "red"} radius="xl" size="sm">
                  {r.correct === null ? (
                    <IconHourglass size={12} aria-hidden />
                  ) : r.correct ? (
                    <IconCheck size={12} aria-hidden />
                  ) : (
                    <IconX size={12} aria-hidden />
                  )}
                </ThemeIcon>
              }
            >
              <Text fw={500}>
                {t("assessments.take.questionN", { n: i + 1 })}: {q?.prompt}
              </Text>
              <Text size="sm">
                {r.correct === null && result.awaitingEvaluation
                  ? t("assessments.result.essayPending")
                  : r.correct
                    ? t("assessments.result.correct", { marks: r.marks, max: r.maxMarks })
                    : t("assessments.result.incorrect", { marks: r.marks, max: r.maxMarks })}
              </Text>
              {r.correctAnswer !== null && !r.correct && (
                <Text size="sm" c="dimmed">
                  {t("assessments.result.rightAnswer", { answer: answerText(q, r.correctAnswer, t) })}
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
