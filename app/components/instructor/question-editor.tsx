import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { QUESTION_TYPES, type QuestionType } from "../../../core/quiz";

/** A question while it is edited: every type's fields may be present; only its type's are sent. */
export type DraftQuestion = {
  id?: string;
  type: QuestionType;
  prompt: string;
  marks: number;
  options?: string[];
  answer?: unknown;
  left?: string[];
  right?: string[];
  items?: string[];
  tolerance?: number;
};

export function blankQuestion(type: QuestionType): DraftQuestion {
  const base = { type, prompt: "", marks: 1 };
  switch (type) {
    case "single":
      return { ...base, options: ["", ""], answer: 0 };
    case "multiple":
      return { ...base, options: ["", ""], answer: [0] };
    case "truefalse":
      return { ...base, answer: true };
    case "fillblank":
      return { ...base, answer: [""] };
    case "matching":
      return { ...base, left: ["", ""], right: ["", ""] };
    case "sorting":
      return { ...base, items: ["", ""] };
    case "numeric":
      return { ...base, answer: 0, tolerance: 0 };
    default:
      return base;
  }
}

/** Only the fields of the question's type, as the server expects them. */
export function toPayload(q: DraftQuestion) {
  const base = { ...(q.id && { id: q.id }), type: q.type, prompt: q.prompt, marks: q.marks };
  switch (q.type) {
    case "single":
    case "multiple":
      return { ...base, options: q.options ?? [], answer: q.answer };
    case "truefalse":
    case "fillblank":
      return { ...base, answer: q.answer };
    case "matching":
      return { ...base, left: q.left ?? [], right: q.right ?? [] };
    case "sorting":
      return { ...base, items: q.items ?? [] };
    case "numeric":
      return { ...base, answer: q.answer, tolerance: q.tolerance ?? 0 };
    default:
      return base;
  }
}

const lines = (v: string) =>
  v
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

export function QuestionEditor({
  question: q,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  question: DraftQuestion;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (q: DraftQuestion) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const err = (f: string) => errors[`questions.${index}.${f}`];
  const set = (patch: Partial<DraftQuestion>) => onChange({ ...q, ...patch });
  const options = q.options ?? [];
  const chosen = Array.isArray(q.answer) ? (q.answer as number[]) : [];
  return (
    <Paper
      withBorder
      p="sm"
      component="fieldset"
      aria-label={t("instructor.quiz.questionN", { n })}
      data-testid="question"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <NativeSelect
            label={t("instructor.quiz.type")}
            value={q.type}
            onChange={(e) =>
              onChange({
                ...blankQuestion(e.currentTarget.value as QuestionType),
                prompt: q.prompt,
                marks: q.marks,
                id: q.id,
              })
            }
            data={QUESTION_TYPES.map((ty) => ({ value: ty, label: t(`instructor.quiz.types.${ty}`) }))}
          />
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
              aria-label={t("instructor.quiz.moveUp", { n })}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
              aria-label={t("instructor.quiz.moveDown", { n })}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={t("instructor.quiz.removeQuestion", { n })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Textarea
          label={t("instructor.quiz.prompt")}
          value={q.prompt}
          onChange={(e) => set({ prompt: e.currentTarget.value })}
          autosize
          minRows={2}
          required
          error={err("prompt")}
        />
        <NumberInput
          label={t("instructor.quiz.marks")}
          min={0}
          allowDecimal={false}
          value={q.marks}
          onChange={(v) => set({ marks: Number(v) || 0 })}
          error={err("marks")}
          maw={160}
        />
        {q.type === "single" || q.type === "multiple" ? (
          <Stack gap={6}>
            {options.map((o, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by position (the answer is an index)
              <Group key={i} gap="xs" wrap="nowrap">
                {q.type === "single" ? (
                  <Radio
                    aria-label={t("instructor.quiz.correct")}
                    checked={q.answer === i}
                    onChange={() => set({ answer: i })}
                  />
                ) : (
                  <Checkbox
                    aria-label={t("instructor.quiz.correct")}
                    checked={chosen.includes(i)}
                    onChange={(e) =>
                      set({ answer: e.currentTarget.checked ? [...chosen, i].sort() : chosen.filter((c) => c !== i) })
                    }
                  />
                )}
                <TextInput
                  aria-label={t("instructor.quiz.option", { n: i + 1 })}
                  placeholder={t("instructor.quiz.option", { n: i + 1 })}
                  value={o}
                  onChange={(e) => set({ options: options.map((x, k) => (k === i ? e.currentTarget.value : x)) })}
                  error={err(`options.${i}`)}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={options.length <= 2}
                  aria-label={t("instructor.quiz.removeOption", { n: i + 1 })}
                  onClick={() =>
                    set({
                      options: options.filter((_, k) => k !== i),
                      answer:
                        q.type === "single"
                          ? q.answer === i
                            ? 0
                            : Number(q.answer) > i
                              ? Number(q.answer) - 1
                              : q.answer
                          : chosen.filter((c) => c !== i).map((c) => (c > i ? c - 1 : c)),
                    })
                  }
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {err("options") || err("answer") ? <p className="error-text">{err("options") ?? err("answer")}</p> : null}
            <Group>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => set({ options: [...options, ""] })}
              >
                {t("instructor.quiz.addOption")}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {q.type === "truefalse" ? (
          <Switch
            label={t("instructor.quiz.isTrue")}
            checked={q.answer === true}
            onChange={(e) => set({ answer: e.currentTarget.checked })}
          />
        ) : null}
        {q.type === "fillblank" ? (
          <Textarea
            label={t("instructor.quiz.accepted")}
            value={((q.answer as string[]) ?? []).join("\n")}
            onChange={(e) => set({ answer: lines(e.currentTarget.value) })}
            autosize
            minRows={2}
            error={err("answer")}
          />
        ) : null}
        {q.type === "matching" ? (
          <Group grow align="flex-start">
            <Textarea
              label={t("instructor.quiz.left")}
              value={(q.left ?? []).join("\n")}
              onChange={(e) => set({ left: lines(e.currentTarget.value) })}
              autosize
              minRows={3}
              error={err("left")}
            />
            <Textarea
              label={t("instructor.quiz.right")}
              value={(q.right ?? []).join("\n")}
              onChange={(e) => set({ right: lines(e.currentTarget.value) })}
              autosize
              minRows={3}
              error={err("right")}
            />
          </Group>
        ) : null}
        {q.type === "sorting" ? (
          <Textarea
            label={t("instructor.quiz.items")}
            value={(q.items ?? []).join("\n")}
            onChange={(e) => set({ items: lines(e.currentTarget.value) })}
            autosize
            minRows={3}
            error={err("items")}
          />
        ) : null}
        {q.type === "numeric" ? (
          <Group grow>
            <NumberInput
              label={t("instructor.quiz.answer")}
              value={Number(q.answer ?? 0)}
              onChange={(v) => set({ answer: Number(v) || 0 })}
              error={err("answer")}
            />
            <NumberInput
              label={t("instructor.quiz.tolerance")}
              min={0}
              value={q.tolerance ?? 0}
              onChange={(v) => set({ tolerance: Number(v) || 0 })}
              error={err("tolerance")}
            />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
