// The course assistant on the course editor: a title and a brief go to the AI assistant, whose
// draft (a description under the template's headings and an outline of sections and units) the
// instructor edits here. Nothing is stored until "Accept": the editor then takes the description,
// appends the outline to the curriculum and saves the course through its own save, which creates
// the units the way the curriculum builder does (docs/decisions/DRAFT-ai-assistant.md).
import { Button, Checkbox, Drawer, Group, Stack, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSparkles } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { BuilderItem } from "../instructor/curriculum-builder";
import { RichTextEditor } from "../rich-text-editor";
import { draftLanguage } from "./draft-language";
import { AiBlockedNote, AiErrorNote, AiProgress } from "./ai-notice";
import { type AiBlock, useAiStatus, useAiTask } from "./use-ai";
import { type DraftSection, OutlineEditor } from "./course-assistant-outline";

const BRIEF_MAX = 2000;

type DraftResult = {
  description: string;
  sections: { title: string; units: { title: string; summary: string }[] }[];
};

/** A curriculum entry the accepted draft adds; a unit brings its summary as its first text. */
export type DraftItem = BuilderItem & { content?: string };
export type AcceptedDraft = { description: string | null; items: DraftItem[] };

let nextKey = 0;
const key = () => `d-${++nextKey}`;

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The edited outline as curriculum entries: new sections and units, in order. */
export function outlineItems(sections: DraftSection[]): DraftItem[] {
  return sections.flatMap((s) => [
    { key: `new-${crypto.randomUUID()}`, post_type: "section" as const, title: s.title.trim() },
    ...s.units.map((u) => ({
      key: `new-${crypto.randomUUID()}`,
      post_type: "unit" as const,
      title: u.title.trim(),
      ...(u.summary.trim() && { content: `<p>${escapeHtml(u.summary.trim())}</p>` }),
    })),
  ]);
}

/** The "AI assistant" button of the course editor, and the drawer it opens. */
export function CourseAssistant({
  courseId,
  title,
  descriptionBlank,
  saving,
  onAccept,
}: {
  courseId: string;
  /** The course's title as the editor has it now (prefills the form). */
  title: string;
  /** The course's description has nothing written in it yet (the draft then replaces it by default). */
  descriptionBlank: boolean;
  saving: boolean;
  onAccept: (draft: AcceptedDraft) => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery("(max-width: 40em)");
  const ai = useAiStatus();
  const task = useAiTask<DraftResult>("course-draft");
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ title, brief: "" });
  const [sections, setSections] = useState<DraftSection[] | null>(null);
  const [description, setDescription] = useState("");
  const [useDescription, setUseDescription] = useState(descriptionBlank);
  const blocked: AiBlock | null = ai.blockedFor("ai", "aitokens");

  // A finished draft becomes the editable outline (each entry with a key of its own for the list).
  useEffect(() => {
    if (!task.result) return;
    setDescription(task.result.description);
    setSections(
      task.result.sections.map((s) => ({
        key: key(),
        title: s.title,
        units: s.units.map((u) => ({ key: key(), title: u.title, summary: u.summary })),
      })),
    );
  }, [task.result]);

  const openDrawer = () => {
    setForm((f) => ({ ...f, title }));
    setUseDescription(descriptionBlank);
    setOpen(true);
  };
  const discard = () => {
    task.reset();
    setSections(null);
    setDescription("");
  };
  const close = () => {
    discard();
    setOpen(false);
    ai.reload();
  };
  const draft = () => {
    setSections(null);
    void task.start({
      courseId,
      title: form.title.trim(),
      brief: form.brief.trim(),
      language: draftLanguage(i18n.language),
    });
  };
  const untitled = sections?.some((s) => !s.title.trim() || s.units.some((u) => !u.title.trim())) ?? false;
  const accept = () => {
    if (!sections || untitled) return;
    onAccept({ description: useDescription ? description : null, items: outlineItems(sections) });
    close();
  };

  const button = (
    <Button
      variant="light"
      leftSection={<IconSparkles size={16} aria-hidden />}
      onClick={openDrawer}
      data-testid="ai-assistant-open"
    >
      {t("ai.assistant.open")}
    </Button>
  );

  return (
    <>
      {button}
      <Drawer
        opened={open}
        onClose={close}
        position="right"
        size={phone ? "100%" : "xl"}
        title={t("ai.assistant.drawerTitle")}
        data-testid="ai-assistant"
      >
        <Stack>
          {sections === null ? (
            <>
              <Text size="sm" c="dimmed">
                {t("ai.assistant.intro")}
              </Text>
              {blocked ? <AiBlockedNote block={blocked} /> : null}
              <TextInput
                label={t("ai.assistant.courseTitle")}
                value={form.title}
                maxLength={200}
                required
                onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
              />
              <Textarea
                label={t("ai.assistant.brief")}
                description={t("ai.assistant.briefHint")}
                value={form.brief}
                maxLength={BRIEF_MAX}
                autosize
                minRows={4}
                maxRows={12}
                required
                onChange={(e) => setForm({ ...form, brief: e.currentTarget.value })}
                data-testid="ai-assistant-brief"
              />
              <Text size="xs" c="dimmed" ta="end">
                {`${form.brief.length} / ${BRIEF_MAX}`}
              </Text>
              {task.busy ? <AiProgress progress={task.progress} label={t("ai.assistant.drafting")} /> : null}
              {task.error ? <AiErrorNote error={task.error} /> : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t("ai.assistant.cancel")}
                </Button>
                <Tooltip label={blocked?.text} disabled={!blocked}>
                  <Button
                    onClick={draft}
                    loading={task.busy}
                    disabled={Boolean(blocked) || !form.title.trim() || !form.brief.trim()}
                    data-testid="ai-assistant-draft"
                  >
                    {t("ai.assistant.draft")}
                  </Button>
                </Tooltip>
              </Group>
            </>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t("ai.assistant.review")}
              </Text>
              <Checkbox
                label={t("ai.assistant.useDescription")}
                checked={useDescription}
                onChange={(e) => setUseDescription(e.currentTarget.checked)}
              />
              {useDescription ? (
                <RichTextEditor label={t("ai.assistant.description")} value={description} onChange={setDescription} />
              ) : null}
              <OutlineEditor sections={sections} onChange={setSections} />
              {untitled ? (
                <Text size="sm" c="red" role="alert">
                  {t("ai.assistant.needsTitles")}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed">
                {t("ai.assistant.acceptHint")}
              </Text>
              <Group justify="flex-end" wrap="wrap">
                <Button variant="default" onClick={close} data-testid="ai-assistant-cancel">
                  {t("ai.assistant.cancel")}
                </Button>
                <Button variant="default" onClick={discard}>
                  {t("ai.assistant.startOver")}
                </Button>
                <Button
                  onClick={accept}
                  disabled={untitled || sections.length === 0 || saving}
                  data-testid="ai-assistant-accept"
                >
                  {t("ai.assistant.accept")}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
