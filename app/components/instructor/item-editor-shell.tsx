import { Button, Group, Stack, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { EditorActions, EditorFrame } from "../editor-frame";
import { RichTextEditor } from "../rich-text-editor";

type Result = { ok: boolean; message: string | null; fields: Record<string, string> } | null;

/** The frame shared by the unit, quiz and assignment editors: back link, title, content, save. */
export function ItemEditorShell({
  heading,
  courseId,
  title,
  content,
  onTitle,
  onContent,
  onSave,
  saving,
  result,
  dirty,
  children,
}: {
  heading: string;
  courseId: string | null;
  title: string;
  content: string;
  onTitle: (v: string) => void;
  onContent: (v: string) => void;
  onSave: () => void;
  saving: boolean;
  result: Result;
  dirty: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <EditorFrame
      back={
        courseId
          ? { to: `/dashboard/instructor/course/${courseId}`, label: t("instructor.backToCourse") }
          : { to: "/dashboard/instructor", label: t("instructor.backToCourses") }
      }
      title={heading}
      dirty={dirty}
      actions={<EditorActions busy={saving} onSave={onSave} labels={{ save: t("instructor.save") }} />}
      notice={result?.ok && !dirty ? t("instructor.saved") : null}
      error={
        result && !result.ok
          ? `${result.message ?? ""}${Object.keys(result.fields).length ? ` (${Object.keys(result.fields).join(", ")})` : ""}`
          : null
      }
    >
      <Stack maw={820}>
        <TextInput
          label={t("instructor.item.title")}
          value={title}
          onChange={(e) => onTitle(e.currentTarget.value)}
          required
          maxLength={200}
          error={result?.fields.title}
        />
        <RichTextEditor label={t("instructor.item.content")} value={content} onChange={onContent} />
        {children}
        <Group>
          <Button onClick={onSave} loading={saving}>
            {t("instructor.save")}
          </Button>
        </Group>
      </Stack>
    </EditorFrame>
  );
}
