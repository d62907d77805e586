// /dashboard/instructor/submissions/assignments?id={assignmentId}: an assignment's hand-ins with a
// status filter, an evaluation drawer (marks 0..max, feedback) and reset. Without ?id: the
// assignments one may evaluate with their pending counts.
import { Alert, Button, Drawer, Group, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
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
import { type ListColumn, ListScreen } from "../../../components/list-kit";
import { asRefusal } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { StoredHtml } from "../../../components/assessments/stored-html";
import type { Route } from "./+types/assignment-submissions";
import { isUuid } from "../../../../core/uuid";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

type AppErrorLike = { code?: string; message?: string; details?: unknown };
const BASE = "/dashboard/instructor/submissions/assignments";
const hidden = (err: unknown) => {
  const code = (err as AppErrorLike)?.code;
  if (code === "not_found" || code === "forbidden") throw new Response("Not found", { status: 404 });
  throw err;
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
    "assessments.queue.assignmentTitle",
    context.site.settings.sitetitle,
  );
  if (!isUuid(id))
    return {
      title,
      id: null,
      status,
      evaluable: await s.evaluable("assignment").catch(hidden),
      queue: null,
      openId: null,
    };
  const queue = await s.assignmentQueue(id, status).catch(hidden);
  return { title, id, status, evaluable: [], queue, openId: url.searchParams.get("submission") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const s = context.services.assessments;
  const url = new URL(request.url);
  const form = await request.formData();
  try {
    if (form.get("intent") === "reset") {
      await s.resetAssignment(url.searchParams.get("id") ?? "", String(form.get("studentId") ?? ""));
      return { ok: true as const, message: null, field: null };
    }
    const raw = String(form.get("marks") ?? "");
    await s.evaluateAssignment(String(form.get("submissionId") ?? ""), {
      marks: raw === "" ? Number.NaN : Number(raw),
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

export default function AssignmentSubmissions({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const here = `${BASE}?id=${d.id}&status=${d.status}`;
  if (!d.queue) {
    return (
      <div className="page">
        <div className="page-heading">
          <h1>{t("assessments.queue.assignmentTitle")}</h1>
        </div>
        <EvaluableList items={d.evaluable} base={BASE} />
      </div>
    );
  }
  const max = d.queue.assignment.maxMarks;
  const open = d.queue.items.find((i) => i.id === d.openId) ?? null;
  const failed = actionData && !actionData.ok ? actionData : null;
  const columns: ListColumn<Row>[] = [
    { id: "student", header: t("assessments.columns.student"), cell: ({ row }) => row.original.studentName },
    {
      id: "status",
      header: t("assessments.columns.status"),
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    {
      id: "marks",
      header: t("assessments.columns.marks"),
      cell: ({ row: { original: r } }) => (r.marks === null ? "—" : `${r.marks}/${max}`),
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
          <Button size="xs" component={Link} to={`${here}&submission=${r.id}`}>
            {r.status >= 3 ? t("assessments.queue.view") : t("assessments.queue.evaluate")}
          </Button>
          <ResetButton name={r.studentName} fields={{ studentId: r.studentId }} />
        </Group>
      ),
    },
  ];
  return (
    <ListScreen
      above={<Link to={BASE}>{t("assessments.queue.allAssignments")}</Link>}
      title={d.queue.assignment.title}
      before={<QueueFilter id={d.id ?? ""} status={d.status} />}
      error={failed && !open ? failed.message : null}
      table={{
        data: d.queue.items,
        columns,
        getRowId: (r) => r.id,
        label: d.queue.assignment.title,
        minWidth: 600,
      }}
      empty={t("assessments.queue.empty")}
      after={
        <Drawer
          opened={Boolean(open)}
          onClose={() => navigate(here)}
          position="right"
          size="lg"
          title={open?.studentName ?? ""}
        >
          {open && (
            <Form method="post" key={open.id}>
              <input type="hidden" name="intent" value="evaluate" />
              <input type="hidden" name="submissionId" value={open.id} />
              <Stack gap="md">
                {open.content ? (
                  <StoredHtml html={open.content} />
                ) : (
                  <Text c="dimmed">{t("assessments.queue.noText")}</Text>
                )}
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
                <Textarea
                  name="feedback"
                  label={t("assessments.result.feedback")}
                  defaultValue={open.feedback ?? ""}
                  autosize
                  minRows={3}
                />
                {failed && failed.field !== "marks" && (
                  <Alert color="red" role="alert">
                    {failed.message}
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
