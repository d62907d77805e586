import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { RichTextEditor } from "../rich-text-editor";
import { UnsavedDialog } from "./unsaved-dialog";
import { useUnsavedWarning } from "./use-unsaved-warning";

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
  const blocker = useUnsavedWarning(dirty);
  return (
    <div className="page">
      {courseId ? (
        <Link to={`/dashboard/instructor/course/${courseId}`}>← {t("instructor.backToCourse")}</Link>
      ) : (
        <Link to="/dashboard/instructor">← {t("instructor.backToCourses")}</Link>
      )}
      <div className="page-heading">
        <h1>{heading}</h1>
        <Button onClick={onSave} loading={saving}>
          {t("instructor.save")}
        </Button>
      </div>
      <div aria-live="polite">
        {result?.ok && !dirty ? (
          <Alert color="green" mb="md">
            {t("instructor.saved")}
          </Alert>
        ) : null}
        {result && !result.ok ? (
          <Alert color="red" mb="md">
            {result.message}
            {Object.keys(result.fields).length ? ` (${Object.keys(result.fields).join(", ")})` : ""}
          </Alert>
        ) : null}
      </div>
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
      <UnsavedDialog blocker={blocker} />
    </div>
  );
}
