// /dashboard/instructor/submissions/quizzes?id={quizId}: a quiz's submissions with a status filter,
// an evaluation drawer for essay questions, and reset. Without ?id: the quizzes one may evaluate
// with their pending counts.
import { Alert, Button, Drawer, Group, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import {
  EvaluableList,
  formatWhen,
  QUEUE_FILTERS,
  QueueFilter,
  type QueueFilterValue,
  ResetButton,
  StatusBadge,
} from "../../../components/assessments/queue-parts";
import { answerText } from "../../../components/assessments/quiz-result";
import { type ListColumn, ListScreen } from "../../../components/list-kit";
import { asRefusal } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/quiz-submissions";
import { isUuid } from "../../../../core/uuid";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

type AppErrorLike = { code?: string; message?: string; details?: unknown };
const BASE = "/dashboard/instructor/submissions/quizzes";
const hidden = (err: unknown) => {
  const code = (err as AppErrorLike)?.code;
  if (code === "not_found" || code === "forbidden") throw new Response("Not found", { status: 404 });
  throw err;
};

const gone = (err: unknown) => {
  if ((err as AppErrorLike)?.code === "not_found") return null;
  return hidden(err);
};

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) throw new Response("Not found", { status: 404 });
  const s = context.services.assessments;
  const url = new URL(request.url);
  const id = url.searchParams.get("id") ?? "";
  const raw = url.searchParams.get("status") ?? "pending";
  const status: QueueFilterValue = (QUEUE_FILTERS as readonly string[]).includes(raw)
    ? (raw as QueueFilterValue)
    : "pending";
  const title = pageTitle(
    translatorFor(context, request),
    "assessments.queue.quizTitle",
    context.site.settings.sitetitle,
  );
  if (!isUuid(id))
    return { title, id: null, status, evaluable: await s.evaluable("quiz").catch(hidden), queue: null, open: null };
  const queue = await s.quizQueue(id, status).catch(hidden);
  const sub = url.searchParams.get("submission");
  // A link to a submission reset since (an old notification) opens the queue without it.
  const open = sub && isUuid(sub) ? await s.quizSubmission(sub).catch(gone) : null;
  return { title, id, status, evaluable: [], queue, open };
}

export async function action({ context, request }: Route.ActionArgs) {
  const s = context.services.assessments;
  const url = new URL(request.url);
  const form = await request.formData();
  try {
    if (form.get("intent") === "reset") {
      const courseId = String(form.get("courseId") ?? "");
      await s.resetQuiz(url.searchParams.get("id") ?? "", {
        studentId: String(form.get("studentId") ?? ""),
        courseId: courseId || null,
      });
      return { ok: true as const, message: null, field: null };
    }
    const marks: Record<string, number> = {};
    for (const [k, v] of form.entries()) if (k.startsWith("mark:") && v !== "") marks[k.slice(5)] = Number(v);
    await s.evaluateQuiz(String(form.get("submissionId") ?? ""), {
      marks,
      feedback: String(form.get("feedback") ?? ""),
    });
    url.searchParams.delete("submission");
    return redirect(`${url.pathname}${url.search}`);
  } catch (err) {
    const e = err as AppErrorLike;
    const field = Array.isArray(e?.details) ? ((e.details[0] as { field?: string })?.field ?? null) : null;
    return asRefusal(err, { ok: false as const, message: e?.message ?? "", field });
  }
}

type Row = NonNullable<Route.ComponentProps["loaderData"]["queue"]>["items"][number];

export default function QuizSubmissions({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const here = `${BASE}?id=${d.id}&status=${d.status}`;
  if (!d.queue) {
    return (
      <div className="page">
        <div className="page-heading">
          <h1>{t("assessments.queue.quizTitle")}</h1>
        </div>
        <EvaluableList items={d.evaluable} base={BASE} />
      </div>
    );
  }
  const open = d.open;
  const essays = open ? open.questions.filter((q) => q.type === "essay") : [];
  const columns: ListColumn<Row>[] = [
    { id: "student", header: t("assessments.columns.student"), cell: ({ row }) => row.original.studentName },
    { id: "attempt", header: t("assessments.columns.attempt"), cell: ({ row }) => row.original.attempt },
    {
      id: "status",
      header: t("assessments.columns.status"),
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    {
      id: "marks",
      header: t("assessments.columns.marks"),
      cell: ({ row: { original: r } }) => (r.marks === null ? "—" : `${r.marks}/${r.maxMarks}`),
    },
    {
      id: "submitted",
      header: t("assessments.columns.submitted"),
      cell: ({ row }) => formatWhen(row.original.submittedAt, i18n.language),
    },
    {
      id: "actions",
      header: t("assessments.columns.actions"),
      cell: ({ row: { original: r } }) => (
        <Group gap="xs" wrap="nowrap">
          {r.status >= 2 && (
            <Button size="xs" component={Link} to={`${here}&submission=${r.id}`}>
              {r.status >= 3 ? t("assessments.queue.view") : t("assessments.queue.evaluate")}
            </Button>
          )}
          <ResetButton name={r.studentName} fields={{ studentId: r.studentId, courseId: r.courseId ?? "" }} />
        </Group>
      ),
    },
  ];
  return (
    <ListScreen
      above={<Link to={BASE}>{t("assessments.queue.allQuizzes")}</Link>}
      title={d.queue.quiz.title}
      before={<QueueFilter id={d.id ?? ""} status={d.status} />}
      error={actionData && !actionData.ok && !open ? actionData.message : null}
      table={{
        data: d.queue.items,
        columns,
        getRowId: (r) => r.id,
        label: d.queue.quiz.title,
        minWidth: 640,
      }}
      empty={t("assessments.queue.empty")}
      after={
        <Drawer
          opened={Boolean(open)}
          onClose={() => navigate(here)}
          position="right"
          size="lg"
          title={open ? open.studentName : ""}
        >
          {open && (
            <Form method="post" key={open.id}>
              <input type="hidden" name="intent" value="evaluate" />
              <input type="hidden" name="submissionId" value={open.id} />
              <Stack gap="md">
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
                          error={
                            actionData && !actionData.ok && actionData.field === `marks.${q.id}`
                              ? actionData.message
                              : undefined
                          }
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
                {essays.length === 0 && <Text c="dimmed">{t("assessments.queue.autoOnly")}</Text>}
                <Textarea
                  name="feedback"
                  label={t("assessments.result.feedback")}
                  defaultValue={open.result?.feedback ?? ""}
                  autosize
                  minRows={3}
                />
                {actionData && !actionData.ok && !actionData.field && (
                  <Alert color="red" role="alert">
                    {actionData.message}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button type="submit" loading={busy}>
                    {t("assessments.queue.saveEvaluation")}
                  </Button>
                </Group>
              </Stack>
            </Form>
          )}
        </Drawer>
      }
    />
  );
}
