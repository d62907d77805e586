// /dashboard/instructor/submissions/assignments?id={assignmentId}: an assignment's hand-ins with a
// status filter, an evaluation drawer (marks 0..max, feedback) and reset. Without ?id: the
// assignments one may evaluate with their pending counts.
import { NumberInput, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { StoredHtml } from "../../../components/assessments/stored-html";
import { SubmissionQueue } from "../../../components/assessments/submission-queue";
import { formText, hidden, loadQueue, queueAction } from "../../../lib/submission-queue.server";
import type { Route } from "./+types/assignment-submissions";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const s = context.services.assessments;
  return loadQueue({ context, request }, "assignment", async (id, status, sub) => {
    const { assignment, items } = await s.assignmentQueue(id, status).catch(hidden);
    const queue = { title: assignment.title, maxMarks: assignment.maxMarks, items };
    return { queue, open: items.find((i) => i.id === sub) ?? null };
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const s = context.services.assessments;
  return queueAction(request, {
    reset: (assignmentId, form) => s.resetAssignment(assignmentId, formText(form, "studentId")),
    evaluate: (submissionId, form) => {
      const raw = formText(form, "marks");
      return s.evaluateAssignment(submissionId, {
        marks: raw === "" ? Number.NaN : Number(raw),
        feedback: formText(form, "feedback"),
      });
    },
  });
}

export default function AssignmentSubmissions({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failed = actionData && !actionData.ok ? actionData : null;
  const max = d.queue?.maxMarks ?? 0;
  return (
    <SubmissionQueue
      kind="assignment"
      data={d}
      minWidth={600}
      maxMarks={() => max}
      resetFields={(r) => ({ studentId: r.studentId })}
      failure={failed}
      formError={failed && failed.field !== "marks" ? failed.message : null}
      feedback={(open) => open.feedback ?? ""}
    >
      {(open) => (
        <>
          {open.content ? <StoredHtml html={open.content} /> : <Text c="dimmed">{t("assessments.queue.noText")}</Text>}
          {open.files.map((f) => (
            <a key={f.mediaId} href={f.url} target="_blank" rel="noreferrer">
              <IconPaperclip size={14} aria-hidden /> {f.name}
            </a>
          ))}
          <NumberInput
            name="marks"
            label={t("assessments.queue.marksFor", { max })}
            min={0}
            max={max}
            allowDecimal={false}
            defaultValue={open.marks ?? undefined}
            required
            error={failed?.field === "marks" ? failed.message : undefined}
          />
        </>
      )}
    </SubmissionQueue>
  );
}
