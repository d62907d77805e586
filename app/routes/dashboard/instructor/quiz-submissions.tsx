// /dashboard/instructor/submissions/quizzes?id={quizId}: a quiz's submissions with a status filter,
// an evaluation drawer for essay questions, and reset. Without ?id: the quizzes one may evaluate
// with their pending counts.
import { NumberInput, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n/use-translation";
import { answerText } from "../../../components/assessments/quiz-result";
import { SubmissionQueue } from "../../../components/assessments/submission-queue";
import { formText, gone, hidden, loadQueue, queueAction } from "../../../lib/submission-queue.server";
import type { Route } from "./+types/quiz-submissions";
import { isUuid } from "../../../../core/uuid";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const s = context.services.assessments;
  return loadQueue({ context, request }, "quiz", async (id, status, sub) => {
    const { quiz, items } = await s.quizQueue(id, status).catch(hidden);
    // A link to a submission reset since (an old notification) opens the queue without it.
    const open = sub && isUuid(sub) ? await s.quizSubmission(sub).catch(gone) : null;
    return { queue: { title: quiz.title, items }, open };
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const s = context.services.assessments;
  return queueAction(request, {
    reset: (quizId, form) =>
      s.resetQuiz(quizId, { studentId: formText(form, "studentId"), courseId: formText(form, "courseId") || null }),
    evaluate: (submissionId, form) => {
      const marks: Record<string, number> = {};
      for (const [k, v] of form.entries()) if (k.startsWith("mark:") && v !== "") marks[k.slice(5)] = Number(v);
      return s.evaluateQuiz(submissionId, { marks, feedback: formText(form, "feedback") });
    },
  });
}

export default function QuizSubmissions({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <SubmissionQueue
      kind="quiz"
      data={d}
      minWidth={640}
      extraColumns={[
        { id: "attempt", header: t("assessments.columns.attempt"), cell: ({ row }) => row.original.attempt },
      ]}
      maxMarks={(r) => r.maxMarks}
      canOpen={(r) => r.status >= 2}
      resetFields={(r) => ({ studentId: r.studentId, courseId: r.courseId ?? "" })}
      failure={failed}
      formError={failed && !failed.field ? failed.message : null}
      feedback={(open) => open.result?.feedback ?? ""}
    >
      {(open) => (
        <>
          {open.questions.map((q, i) => {
            const r = open.result?.questions.find((x) => x.id === q.id);
            const given = open.answers[q.id];
            return (
              <div key={q.id}>
                <Text fw={600}>
                  {t("assessments.take.questionN", { n: i + 1 })}: {q.prompt}
                </Text>
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {t("assessments.queue.answerGiven")}: {answerText(q, given, t)}
                </Text>
                {q.type !== "essay" && !r?.correct && r && (
                  <Text size="sm" c="dimmed">
                    {t("assessments.result.rightAnswer", { answer: answerText(q, r.correctAnswer, t) })}
                  </Text>
                )}
                {q.type === "essay" ? (
                  <NumberInput
                    name={`mark:${q.id}`}
                    label={t("assessments.queue.marksFor", { max: q.marks })}
                    min={0}
                    max={q.marks}
                    allowDecimal={false}
                    defaultValue={r?.marks ?? 0}
                    error={failed?.field === `marks.${q.id}` ? failed.message : undefined}
                  />
                ) : (
                  <Text size="sm" c={r?.correct ? "green" : "red"}>
                    {r?.correct
                      ? t("assessments.result.correct", { marks: r.marks, max: r.maxMarks })
                      : t("assessments.result.incorrect", { marks: r?.marks ?? 0, max: q.marks })}
                  </Text>
                )}
              </div>
            );
          })}
          {open.questions.every((q) => q.type !== "essay") && <Text c="dimmed">{t("assessments.queue.autoOnly")}</Text>}
        </>
      )}
    </SubmissionQueue>
  );
}
