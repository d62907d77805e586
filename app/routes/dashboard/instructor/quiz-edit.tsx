import { Button, Group, NativeSelect, NumberInput, Stack, Switch, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { useFetcher } from "react-router";
import { ZQuizPatch } from "../../../../core/course-schemas";
import { QUESTION_TYPES, type QuestionType } from "../../../../core/quiz";
import { SuggestQuestions } from "../../../components/ai/quiz-questions";
import { ItemEditorShell } from "../../../components/instructor/item-editor-shell";
import {
  blankQuestion,
  type DraftQuestion,
  QuestionEditor,
  toPayload,
} from "../../../components/instructor/question-editor";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, checked, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/quiz-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse) throw notFound();
  const item = await ins.quizzes.get(params.id).catch(asPageError);
  // Units of the quiz's courses, for questions suggested by the AI assistant.
  const sources = await ins.quizzes.questionSources(params.id).catch(asPageError);
  return {
    sources,
    title: pageTitle(translatorFor(context, request), "instructor.quiz.editTitle", context.site.settings.sitetitle),
    item: { ...item, questions: item.questions as DraftQuestion[] },
    courseId: new URL(request.url).searchParams.get("course"),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { payload } = await readIntent(request);
  return runAction(() => context.services.instructor.quizzes.update(params.id, checked(ZQuizPatch, payload)));
}

export default function QuizEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [title, setTitle] = useState(d.item.title);
  const [content, setContent] = useState(d.item.content);
  const [questions, setQuestions] = useState<DraftQuestion[]>(d.item.questions);
  const [settings, setSettings] = useState(d.item.settings);
  const [newType, setNewType] = useState<QuestionType>("single");
  const [dirty, setDirty] = useState(false);
  const result = fetcher.data && "ok" in fetcher.data ? fetcher.data : null;
  useEffect(() => {
    if (result && !result.ok) setDirty(true);
    // Saved questions come back with their server-made ids.
    if (result?.ok && result.value) setQuestions((result.value as { questions: DraftQuestion[] }).questions);
  }, [result]);
  const touch =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setDirty(true);
    };
  const setQs = touch(setQuestions);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= questions.length) return;
    const next = [...questions];
    const [q] = next.splice(from, 1);
    next.splice(to, 0, q);
    setQs(next);
  };
  const setSetting = (patch: Partial<typeof settings>) => touch(setSettings)({ ...settings, ...patch });
  return (
    <ItemEditorShell
      heading={t("instructor.quiz.editTitle")}
      courseId={d.courseId}
      title={title}
      content={content}
      onTitle={touch(setTitle)}
      onContent={(v) => v !== content && touch(setContent)(v)}
      saving={fetcher.state !== "idle"}
      result={result}
      dirty={dirty}
      onSave={() => {
        setDirty(false);
        // Questions are plain JSON (answers are numbers, strings, booleans or lists of them).
        const payload = JSON.parse(JSON.stringify({ title, content, settings, questions: questions.map(toPayload) }));
        fetcher.submit({ intent: "save", payload }, { method: "post", encType: "application/json" });
      }}
    >
      <Text fw={600} component="h2" size="lg">
        {t("instructor.quiz.questions")}
      </Text>
      {questions.length === 0 ? <p className="muted empty-state">{t("instructor.quiz.noQuestions")}</p> : null}
      {questions.map((q, i) => (
        <QuestionEditor
          key={q.id ?? `new-${i}`}
          question={q}
          index={i}
          count={questions.length}
          errors={result && !result.ok ? result.fields : {}}
          onChange={(nq) => setQs(questions.map((x, k) => (k === i ? nq : x)))}
          onMove={(to) => move(i, to)}
          onRemove={() => setQs(questions.filter((_, k) => k !== i))}
        />
      ))}
      <Group align="flex-end" gap="xs">
        <NativeSelect
          label={t("instructor.quiz.type")}
          value={newType}
          onChange={(e) => setNewType(e.currentTarget.value as QuestionType)}
          data={QUESTION_TYPES.map((ty) => ({ value: ty, label: t(`instructor.quiz.types.${ty}`) }))}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setQs([...questions, blankQuestion(newType)])}
        >
          {t("instructor.quiz.addQuestion")}
        </Button>
      </Group>
      <SuggestQuestions quizId={d.item.id} sources={d.sources} onAdd={(added) => setQs([...questions, ...added])} />
      <Text fw={600} component="h2" size="lg">
        {t("instructor.quiz.settings")}
      </Text>
      <Stack gap="sm" maw={420}>
        <NumberInput
          label={t("instructor.quiz.attempts")}
          description={t("instructor.quiz.attemptsHint")}
          min={0}
          allowDecimal={false}
          value={settings.attempts ?? 0}
          onChange={(v) => setSetting({ attempts: Number(v) || 0 })}
          error={result?.fields["settings.attempts"]}
        />
        <NumberInput
          label={t("instructor.quiz.passMark")}
          min={0}
          max={100}
          value={settings.passMark ?? ""}
          onChange={(v) => setSetting({ passMark: v === "" ? undefined : Number(v) })}
          error={result?.fields["settings.passMark"]}
        />
        <NumberInput
          label={t("instructor.quiz.timeLimit")}
          description={t("instructor.quiz.timeLimitHint")}
          min={1}
          allowDecimal={false}
          value={settings.timeLimit ? Math.round(settings.timeLimit / 60) : ""}
          onChange={(v) => setSetting({ timeLimit: v === "" || !Number(v) ? null : Number(v) * 60 })}
          error={result?.fields["settings.timeLimit"]}
        />
        <Switch
          label={t("instructor.quiz.shuffle")}
          checked={Boolean(settings.shuffle)}
          onChange={(e) => setSetting({ shuffle: e.currentTarget.checked })}
        />
        <Switch
          label={t("instructor.quiz.retake")}
          checked={Boolean(settings.retake)}
          onChange={(e) => setSetting({ retake: e.currentTarget.checked })}
        />
      </Stack>
    </ItemEditorShell>
  );
}
