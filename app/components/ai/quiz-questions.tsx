// "Suggest questions" in the quiz editor (feature aiques): the instructor picks a unit of the quiz's
// course, how many questions and of which types; the AI assistant proposes them; the instructor
// ticks, edits and adds the ones they want to the questions in the editor. Nothing is saved here:
// the editor's own Save keeps them, as it keeps questions written by hand.
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, NumberInput, Paper, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSparkles } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { ZQuestion } from "../../../core/course-schemas";
import { QUESTION_TYPES, type QuestionType } from "../../../core/quiz";
import { useTranslation } from "../../i18n/use-translation";
import { type DraftQuestion, QuestionEditor, toPayload } from "../instructor/question-editor";
import { AiBlockedNote, AiErrorNote, AiProgress } from "./ai-notice";
import { useAiStatus, useAiTask } from "./use-ai";

export type QuestionSource = { unitId: string; title: string; courseId: string; courseTitle: string };
type Proposal = { question: DraftQuestion; chosen: boolean; editing: boolean; invalid: boolean };

const MAX = 10;

export function SuggestQuestions({
  quizId,
  sources,
  onAdd,
}: {
  quizId: string;
  sources: QuestionSource[];
  onAdd: (questions: DraftQuestion[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery("(max-width: 36em)");
  const ai = useAiStatus();
  const block = ai.blockedFor("aiques", "aitokens");
  const task = useAiTask<{ questions: DraftQuestion[] }>("quiz-questions");
  const [open, setOpen] = useState(false);
  const [unitId, setUnitId] = useState(sources[0]?.unitId ?? "");
  const [count, setCount] = useState(3);
  const [types, setTypes] = useState<string[]>([...QUESTION_TYPES]);
  const [proposals, setProposals] = useState<Proposal[]>([]);
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (task.result) {
      setProposals(
        task.result.questions.map((question) => ({ question, chosen: true, editing: false, invalid: false })),
      );
    }
  }, [task.result]);

  // Units grouped by course; the course's name alone when the quiz sits in one course.
  const unitData = useMemo(() => {
    const courses = [...new Set(sources.map((s) => s.courseId))];
    const item = (s: QuestionSource) => ({ value: s.unitId, label: s.title });
    if (courses.length <= 1) return sources.map(item);
    return courses.map((id) => {
      const of = sources.filter((s) => s.courseId === id);
      return { group: of[0]?.courseTitle ?? "", items: of.map(item) };
    });
  }, [sources]);

  const change = (i: number, patch: Partial<Proposal>) =>
    setProposals((list) => list.map((p, k) => (k === i ? { ...p, ...patch } : p)));
  const move = (from: number, to: number) =>
    setProposals((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [p] = next.splice(from, 1);
      next.splice(to, 0, p);
      return next;
    });
  const chosen = proposals.filter((p) => p.chosen);
  const invalidN = proposals.findIndex((p) => p.chosen && p.invalid);

  const generate = () => {
    setProposals([]);
    setAdded(false);
    task.start({
      quizId,
      unitId,
      count,
      types: QUESTION_TYPES.filter((ty) => types.includes(ty)),
      language: i18n.resolvedLanguage ?? i18n.language ?? "en",
    });
  };

  const add = () => {
    const checked = proposals.map((p) => ({
      ...p,
      invalid: p.chosen && !ZQuestion.safeParse(toPayload(p.question)).success,
    }));
    if (checked.some((p) => p.invalid)) {
      setProposals(checked.map((p) => (p.invalid ? { ...p, editing: true } : p)));
      return;
    }
    // The quiz's Save gives them ids of their own.
    onAdd(chosen.map(({ question: { id: _id, ...q } }) => q));
    setProposals([]);
    task.reset();
    setAdded(true);
    setOpen(false);
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          disabled={Boolean(block) || ai.loading}
        >
          {t("ai.questions.button")}
        </Button>
        {added ? (
          <Text size="sm" c="dimmed" role="status">
            {t("ai.questions.added")}
          </Text>
        ) : null}
      </Group>
      {block ? <AiBlockedNote block={block} /> : null}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("ai.questions.title")}
        size="xl"
        fullScreen={Boolean(phone)}
        closeButtonProps={{ "aria-label": t("common.close") }}
      >
        <Stack gap="sm">
          <Text size="sm">{t("ai.questions.intro")}</Text>
          {sources.length === 0 ? (
            <Alert color="yellow" variant="light">
              {t("ai.questions.noUnits")}
            </Alert>
          ) : (
            <>
              <NativeSelect
                label={t("ai.questions.unit")}
                value={unitId}
                onChange={(e) => setUnitId(e.currentTarget.value)}
                data={unitData}
              />
              <NumberInput
                label={t("ai.questions.count")}
                min={1}
                max={MAX}
                clampBehavior="strict"
                allowDecimal={false}
                value={count}
                onChange={(v) => setCount(Math.min(MAX, Math.max(1, Number(v) || 1)))}
                maw={200}
              />
              <Checkbox.Group
                label={t("ai.questions.types")}
                value={types}
                onChange={setTypes}
                error={types.length === 0 ? t("ai.questions.typesNone") : undefined}
              >
                <Group gap="sm" mt={4}>
                  {QUESTION_TYPES.map((ty: QuestionType) => (
                    <Checkbox key={ty} value={ty} label={t(`instructor.quiz.types.${ty}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Group>
                <Button
                  onClick={generate}
                  loading={task.busy}
                  disabled={Boolean(block) || !unitId || types.length === 0}
                  leftSection={<IconSparkles size={16} aria-hidden />}
                >
                  {t("ai.questions.generate")}
                </Button>
              </Group>
            </>
          )}
          {block ? <AiBlockedNote block={block} /> : null}
          {task.busy ? <AiProgress progress={task.progress} label={t("ai.questions.working")} /> : null}
          {task.error ? <AiErrorNote error={task.error} /> : null}
          {proposals.length > 0 ? (
            <Stack gap="xs" data-testid="ai-proposals">
              <Text fw={600} component="h3">
                {t("ai.questions.proposals")}
              </Text>
              {proposals.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: proposals have no lasting identity while edited
                <Paper key={i} withBorder p="sm" data-testid="ai-proposal">
                  <Stack gap="xs">
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <Checkbox
                        checked={p.chosen}
                        onChange={(e) => change(i, { chosen: e.currentTarget.checked })}
                        label={p.question.prompt || t("instructor.quiz.questionN", { n: i + 1 })}
                        description={t("ai.questions.meta", {
                          type: t(`instructor.quiz.types.${p.question.type}`),
                          marks: p.question.marks,
                        })}
                      />
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-expanded={p.editing}
                        onClick={() => change(i, { editing: !p.editing })}
                      >
                        {p.editing ? t("ai.questions.doneEditing") : t("ai.questions.edit")}
                      </Button>
                    </Group>
                    {p.invalid ? (
                      <Text size="sm" c="red" role="alert">
                        {t("ai.questions.invalid", { n: i + 1 })}
                      </Text>
                    ) : null}
                    {p.editing ? (
                      <QuestionEditor
                        question={p.question}
                        index={i}
                        count={proposals.length}
                        errors={{}}
                        onChange={(question) => change(i, { question, invalid: false })}
                        onMove={(to) => move(i, to)}
                        onRemove={() => setProposals((list) => list.filter((_, k) => k !== i))}
                      />
                    ) : null}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button onClick={add} disabled={chosen.length === 0 || invalidN >= 0} data-testid="ai-add-questions">
              {t("ai.questions.add", { count: chosen.length })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
