// /dashboard/courses/quizzes/:id (a member's users id): the quizzes assigned to them outside any
// course, with their best result. Members see their own; instructors and managers see anyone's on
// this site and assign or unassign. Anyone else gets 404.
import { Badge, Button, Group, NativeSelect, Table } from "@mantine/core";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { asRefusal } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/assigned-quizzes";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

type AppErrorLike = { code?: string; message?: string };
const notFound = () => new Response("Not found", { status: 404 });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.user) throw notFound();
  const s = context.services.assessments;
  const list = await s.assigned(params.id).catch((err: AppErrorLike) => {
    if (err?.code === "not_found") throw notFound();
    throw err;
  });
  const quizzes = list.canAssign ? await s.evaluable("quiz").catch(() => []) : [];
  return {
    title: pageTitle(translatorFor(context, request), "assessments.assigned.title", context.site.settings.sitetitle),
    list,
    self: params.id === context.user.id,
    choices: quizzes
      .filter((q) => !list.items.some((i) => i.quizId === q.id))
      .map((q) => ({ value: q.id, label: q.title })),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await request.formData();
  const quizId = String(form.get("quizId") ?? "");
  try {
    if (form.get("intent") === "unassign") await context.services.assessments.unassign(params.id, quizId);
    else await context.services.assessments.assign(params.id, quizId);
    return { ok: true as const, message: null };
  } catch (err) {
    return asRefusal(err, { ok: false as const, message: (err as AppErrorLike)?.message ?? "" });
  }
}

export default function AssignedQuizzes({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{d.self ? t("assessments.assigned.mine") : t("assessments.assigned.of", { name: d.list.member.name })}</h1>
      </div>
      {actionData && !actionData.ok && (
        <p role="alert" className="form-error">
          {actionData.message}
        </p>
      )}
      {d.list.canAssign && (
        <Form method="post">
          <input type="hidden" name="intent" value="assign" />
          <Group align="flex-end" gap="sm" mb="md">
            <NativeSelect
              name="quizId"
              label={t("assessments.assigned.quiz")}
              data={[{ value: "", label: t("assessments.take.choose") }, ...d.choices]}
              required
              disabled={d.choices.length === 0}
            />
            <Button type="submit" loading={busy} disabled={d.choices.length === 0}>
              {t("assessments.assigned.assign")}
            </Button>
          </Group>
        </Form>
      )}
      {d.list.items.length === 0 ? (
        <p className="muted empty-state">{t("assessments.assigned.empty")}</p>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("assessments.columns.title")}</Table.Th>
                <Table.Th>{t("assessments.columns.questions")}</Table.Th>
                <Table.Th>{t("assessments.columns.best")}</Table.Th>
                <Table.Th>{t("assessments.columns.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.list.items.map((q) => (
                <Table.Tr key={q.quizId}>
                  <Table.Td>{q.title}</Table.Td>
                  <Table.Td>{q.questionCount}</Table.Td>
                  <Table.Td>
                    {q.best ? (
                      <Group gap="xs">
                        {q.best.marks}/{q.best.maxMarks} ({q.best.percent}%)
                        {q.best.status < 3 ? (
                          <Badge color="yellow">{t("assessments.result.awaiting")}</Badge>
                        ) : (
                          <Badge color={q.best.passed ? "green" : "red"}>
                            {q.best.passed ? t("assessments.result.passed") : t("assessments.result.failed")}
                          </Badge>
                        )}
                      </Group>
                    ) : (
                      t("assessments.assigned.notTaken")
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {d.self && (
                        <Button size="xs" component={Link} to={`/dashboard/courses/quiz/${q.quizId}`}>
                          {t("assessments.assigned.take")}
                        </Button>
                      )}
                      {d.list.canAssign && (
                        <Form method="post">
                          <input type="hidden" name="intent" value="unassign" />
                          <input type="hidden" name="quizId" value={q.quizId} />
                          <Button size="xs" variant="subtle" color="red" type="submit">
                            {t("assessments.assigned.unassign")}
                          </Button>
                        </Form>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
