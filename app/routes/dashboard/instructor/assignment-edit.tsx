import { NativeSelect, NumberInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { useFetcher } from "react-router";
import {
  DEFAULT_MAX_MARKS,
  SUBMISSION_TYPES,
  type SubmissionType,
  submissionTypeOf,
} from "../../../../core/assignment-hand-in";
import { ZAssignmentPatch } from "../../../../core/course-schemas";
import { ItemEditorShell } from "../../../components/instructor/item-editor-shell";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, checked, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/assignment-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse) throw notFound();
  const item = await ins.assignments.get(params.id).catch(asPageError);
  return {
    title: pageTitle(
      translatorFor(context, request),
      "instructor.assignment.editTitle",
      context.site.settings.sitetitle,
    ),
    item,
    courseId: new URL(request.url).searchParams.get("course"),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { payload } = await readIntent(request);
  return runAction(() => context.services.instructor.assignments.update(params.id, checked(ZAssignmentPatch, payload)));
}

export default function AssignmentEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [title, setTitle] = useState(d.item.title);
  const [content, setContent] = useState(d.item.content);
  const [settings, setSettings] = useState(d.item.settings);
  const [dirty, setDirty] = useState(false);
  const result = fetcher.data && "ok" in fetcher.data ? fetcher.data : null;
  useEffect(() => {
    if (result && !result.ok) setDirty(true);
  }, [result]);
  const touch =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setDirty(true);
    };
  return (
    <ItemEditorShell
      heading={t("instructor.assignment.editTitle")}
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
        fetcher.submit(
          { intent: "save", payload: { title, content, settings } },
          { method: "post", encType: "application/json" },
        );
      }}
    >
      <NumberInput
        label={t("instructor.assignment.maxMarks")}
        min={1}
        allowDecimal={false}
        value={settings.maxMarks ?? ""}
        placeholder={String(DEFAULT_MAX_MARKS)}
        onChange={(v) => touch(setSettings)({ ...settings, maxMarks: v === "" ? undefined : Number(v) })}
        error={result?.fields["settings.maxMarks"]}
      />
      <NativeSelect
        label={t("instructor.assignment.submissionType")}
        value={submissionTypeOf(settings)}
        onChange={(e) => touch(setSettings)({ ...settings, submissionType: e.currentTarget.value as SubmissionType })}
        data={SUBMISSION_TYPES.map((v) => ({ value: v, label: t(`instructor.assignment.submissionTypes.${v}`) }))}
      />
    </ItemEditorShell>
  );
}
