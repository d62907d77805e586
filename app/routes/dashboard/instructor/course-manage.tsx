import { Alert, Anchor, Avatar, Badge, Button, Group, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconSearch, IconUserPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link } from "react-router";
import { ConfirmAction } from "../../../components/learning/confirm-action";
import { isOpenEnded } from "../../../components/learning/course-progress-card";
import { ExtendExpiry } from "../../../components/learning/extend-expiry";
import { StudentDetail } from "../../../components/learning/student-detail";
import { StudentStatusSelect } from "../../../components/learning/student-status-select";
import { asRefusal, refused } from "../../../lib/action-result";
import { translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/course-manage";
import { Pager } from "../../../components/pager";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

type AppErrorLike = { code?: string; message?: string };
const PER_PAGE = 20;
const notFound = () => new Response("Not found", { status: 404 });
const rethrow = (e: AppErrorLike) => {
  if (e?.code === "not_found") throw notFound();
  if (e?.code === "forbidden") throw new Response("Forbidden", { status: 403 });
  throw e;
};

/** An instructor's students of one course (spec §2 /dashboard/instructor/course/{id}/manage). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const learning = context.services.learning;
  if (!learning.canManageStudents) throw notFound();
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const studentId = url.searchParams.get("student");
  const [list, detail] = await Promise.all([
    learning.students.list(params.courseId, { q: q || undefined, page, perPage: PER_PAGE }).catch(rethrow),
    studentId ? learning.students.detail(params.courseId, studentId).catch(() => null) : Promise.resolve(null),
  ]);
  const t = translatorFor(context, request);
  return {
    title: `${t("learning.manage.title")} · ${list.course.title}`,
    ...list,
    q,
    pages: Math.max(1, Math.ceil(list.total / PER_PAGE)),
    detail,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const studentId = String(form.get("studentId") ?? "");
  const s = context.services.learning.students;
  try {
    if (intent === "status") await s.setStatus(params.courseId, studentId, Number(form.get("status")));
    else if (intent === "extend") {
      await s.extend(params.courseId, studentId, {
        value: Math.floor(Number(form.get("value"))),
        parameter: Math.floor(Number(form.get("parameter"))),
      });
    } else if (intent === "marks") await s.setMarks(params.courseId, studentId, Number(form.get("marks")));
    else if (intent === "reset") await s.reset(params.courseId, studentId);
    else if (intent === "remove") await s.remove(params.courseId, studentId);
    else if (intent === "add") await s.add(params.courseId, String(form.get("email") ?? "").trim());
    else
      return refused(
        { code: "bad_request", message: "Unknown or missing intent", status: 400 },
        { ok: false, intent, message: null },
      );
    return { ok: true, intent, message: null };
  } catch (err) {
    return asRefusal(err, { ok: false, intent, message: (err as AppErrorLike)?.message ?? null });
  }
}

export default function CourseManage({ loaderData: d, actionData, params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const base = `/dashboard/instructor/course/${params.courseId}/manage`;
  const query = (page: number) => `?${new URLSearchParams({ ...(d.q ? { q: d.q } : {}), page: String(page) })}`;
  return (
    <div className="page">
      <div className="page-heading">
        <div>
          <Text size="sm">
            <Link to={`/dashboard/instructor/course/${params.courseId}`}>{d.course.title}</Link>
          </Text>
          <h1>{t("learning.manage.title")}</h1>
        </div>
      </div>
      {d.detail ? <StudentDetail courseId={params.courseId} detail={d.detail} /> : null}
      <Group align="flex-end" gap="md" wrap="wrap" mb="md">
        <Form method="get" role="search" aria-label={t("learning.manage.search")} style={{ flex: "1 1 14rem" }}>
          <Group align="flex-end" gap="xs">
            <TextInput
              name="q"
              type="search"
              label={t("learning.manage.search")}
              defaultValue={d.q}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default">
              {t("learning.manage.searchButton")}
            </Button>
          </Group>
        </Form>
        <Form method="post" style={{ flex: "1 1 16rem" }}>
          <input type="hidden" name="intent" value="add" />
          <Group align="flex-end" gap="xs">
            <TextInput name="email" type="email" required label={t("learning.manage.addByEmail")} style={{ flex: 1 }} />
            <Button type="submit" leftSection={<IconUserPlus size={16} aria-hidden />}>
              {t("learning.manage.add")}
            </Button>
          </Group>
        </Form>
      </Group>
      {actionData && !actionData.ok && actionData.message && actionData.intent !== "status" ? (
        <Alert color="red" mb="md" role="alert">
          {actionData.message}
        </Alert>
      ) : null}
      {d.items.length === 0 ? (
        <p className="muted empty-state">{d.q ? t("learning.manage.noMatch") : t("learning.manage.empty")}</p>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("learning.manage.student")}</Table.Th>
                <Table.Th>{t("learning.manage.status")}</Table.Th>
                <Table.Th>{t("learning.manage.progress")}</Table.Th>
                <Table.Th>{t("learning.manage.expiry")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("learning.manage.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((s) => (
                <Table.Tr key={s.studentId}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={s.avatar} alt="" size="sm" radius="xl" />
                      <div>
                        <Anchor component={Link} to={`${base}?student=${encodeURIComponent(s.studentId)}`}>
                          {s.name || s.email}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {s.email}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <StudentStatusSelect studentId={s.studentId} name={s.name} status={s.status} />
                  </Table.Td>
                  <Table.Td>{t("learning.percentComplete", { progress: s.progress })}</Table.Td>
                  <Table.Td>
                    {s.expired ? (
                      <Badge color="red" variant="light">
                        {t("learning.expired")}
                      </Badge>
                    ) : isOpenEnded(s.expiry) ? (
                      t("learning.noExpiry")
                    ) : (
                      new Date(s.expiry).toLocaleDateString(i18n.language)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ExtendExpiry studentId={s.studentId} name={s.name} />
                      <ConfirmAction
                        intent="reset"
                        fields={{ studentId: s.studentId }}
                        label={t("learning.manage.reset")}
                        title={t("learning.manage.resetTitle")}
                        message={t("learning.manage.resetConfirm", { name: s.name })}
                        cancelLabel={t("common.cancel")}
                        color="orange"
                      />
                      <ConfirmAction
                        intent="remove"
                        fields={{ studentId: s.studentId }}
                        label={t("learning.manage.remove")}
                        title={t("learning.manage.removeTitle")}
                        message={t("learning.manage.removeConfirm", { name: s.name })}
                        cancelLabel={t("common.cancel")}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={d.page} pages={d.pages} to={query} />
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";
