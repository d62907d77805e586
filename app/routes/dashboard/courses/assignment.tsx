// /dashboard/courses/assignments/:id?course=: an assignment's instructions, the student's current
// hand-in (status, files, marks, feedback) and the form to hand in text and/or files. The server
// checks enrolment, lock and drip, and reads each file's type from its content.
import { Alert, Badge, Button, Group, Input, Paper, Stack, Text, Textarea } from "@mantine/core";
import { IconArrowLeft, IconPaperclip } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { takesFiles, takesText } from "../../../../core/assignment-hand-in";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { StoredHtml } from "../../../components/assessments/stored-html";
import type { Route } from "./+types/assignment";
import { isUuid } from "../../../../core/uuid";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

type AppErrorLike = { code?: string; message?: string; details?: unknown };
const notFound = () => new Response("Not found", { status: 404 });

function ids(params: { id: string }, request: Request) {
  const courseId = new URL(request.url).searchParams.get("course") ?? "";
  if (!isUuid(params.id) || !isUuid(courseId)) throw notFound();
  return { id: params.id, courseId };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.user) throw notFound();
  // A link without its course (an older notification) finds the student's course that lists it.
  if (isUuid(params.id) && !new URL(request.url).searchParams.get("course")) {
    const found = await context.services.assessments.courseOfItem(params.id);
    if (found) throw redirect(`/dashboard/courses/assignments/${params.id}?course=${found}`);
  }
  const { id, courseId } = ids(params, request);
  const tr = translatorFor(context, request);
  try {
    const mine = await context.services.assessments.myAssignment(id, courseId);
    return { title: `${mine.assignment.title} · ${context.site.settings.sitetitle}`, mine, blocked: null, courseId };
  } catch (err) {
    const e = err as AppErrorLike;
    if (e?.code === "item_locked" || e?.code === "enrolment_expired") {
      return {
        title: pageTitle(tr, "assessments.assignment.title", context.site.settings.sitetitle),
        mine: null,
        blocked: e.code,
        courseId,
      };
    }
    if (e?.code === "not_found") throw notFound();
    throw err;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { id, courseId } = ids(params, request);
  const form = await request.formData();
  const files = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
  try {
    await context.services.assessments.submitAssignment(id, {
      courseId,
      content: String(form.get("content") ?? ""),
      files: await Promise.all(
        files.map(async (f) => ({ filename: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
      ),
    });
    return { ok: true as const, message: null, field: null };
  } catch (err) {
    const e = err as AppErrorLike & { details?: { field?: string } | { field: string }[] };
    if (e?.code === "not_found") throw notFound();
    if (!e?.code || e.code === "internal") throw err;
    const details = Array.isArray(e.details) ? e.details[0] : e.details;
    return data({ ok: false as const, message: e.message ?? "", field: details?.field ?? null }, { status: 400 });
  }
}

const STATUS_COLOR: Record<number, string> = { 2: "yellow", 3: "green" };

export default function AssignmentScreen({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const back = (
    <Button
      component={Link}
      to={`/dashboard/courses/${d.courseId}`}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {t("assessments.quiz.backToCourse")}
    </Button>
  );
  if (!d.mine) {
    return (
      <div className="page">
        {back}
        <Alert color="yellow" role="alert" title={t("assessments.assignment.title")}>
          {d.blocked === "enrolment_expired" ? t("assessments.errors.expired") : t("assessments.errors.locked")}
        </Alert>
      </div>
    );
  }
  const { assignment: a, submission: s } = d.mine;
  const evaluated = Boolean(s && s.status >= 3);
  const fileError = actionData && !actionData.ok && actionData.field?.startsWith("files") ? actionData.message : null;
  const textError = actionData && !actionData.ok && actionData.field === "content" ? actionData.message : null;
  const otherError = actionData && !actionData.ok && !fileError && !textError ? actionData.message : null;
  return (
    <div className="page">
      {back}
      <div className="page-heading">
        <h1>{a.title}</h1>
      </div>
      <Stack gap="md">
        {a.content ? <StoredHtml html={a.content} /> : null}
        <Text c="dimmed">{t("assessments.assignment.maxMarks", { max: a.maxMarks })}</Text>
        <Paper withBorder p="md" data-testid="assignment-submission">
          <h2>{t("assessments.assignment.yours")}</h2>
          {!s ? (
            <p className="muted empty-state">{t("assessments.assignment.none")}</p>
          ) : (
            <Stack gap="xs">
              <Group gap="xs">
                <Badge color={STATUS_COLOR[s.status] ?? "gray"}>
                  {s.status >= 3 ? t("assessments.status.evaluated") : t("assessments.status.pending")}
                </Badge>
                {s.marks !== null && (
                  <Text fw={700}>{t("assessments.result.marks", { marks: s.marks, count: a.maxMarks })}</Text>
                )}
              </Group>
              {s.content && <StoredHtml html={s.content} />}
              {s.files.map((f) => (
                <a key={f.mediaId} href={f.url} target="_blank" rel="noreferrer">
                  <IconPaperclip size={14} aria-hidden /> {f.name}
                </a>
              ))}
              {s.feedback && (
                <Alert color="blue" title={t("assessments.result.feedback")}>
                  {s.feedback}
                </Alert>
              )}
            </Stack>
          )}
        </Paper>
        {actionData?.ok && <Alert color="green">{t("assessments.assignment.handedIn")}</Alert>}
        {otherError && (
          <Alert color="red" role="alert">
            {otherError}
          </Alert>
        )}
        {evaluated ? (
          <Text c="dimmed">{t("assessments.assignment.evaluatedNote")}</Text>
        ) : (
          <Form method="post" encType="multipart/form-data">
            <Stack gap="sm">
              {takesText(a.submissionType) && (
                <Textarea
                  name="content"
                  label={t("assessments.assignment.answer")}
                  autosize
                  minRows={6}
                  error={textError}
                />
              )}
              {takesFiles(a.submissionType) && (
                <Input.Wrapper
                  label={t("assessments.assignment.files")}
                  description={t("assessments.assignment.filesHelp")}
                  error={fileError}
                  id="assignment-files"
                >
                  <input id="assignment-files" type="file" name="files" multiple aria-invalid={Boolean(fileError)} />
                </Input.Wrapper>
              )}
              <Group>
                <Button type="submit" loading={busy}>
                  {s ? t("assessments.assignment.replace") : t("assessments.assignment.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Stack>
    </div>
  );
}
