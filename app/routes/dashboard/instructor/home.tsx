import { Badge, Button, Group, NativeSelect, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link } from "react-router";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { formatPostDate } from "../../../components/post-meta";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { unknownIntent } from "../../../lib/action-result";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/home";
import { Pager } from "../../../components/pager";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;
const STATUSES = ["all", "draft", "published"] as const;

/** The instructor's courses (every course for managers), /dashboard/instructor and /dashboard/course. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse) throw notFound();
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const raw = url.searchParams.get("status") ?? "all";
  const status = (STATUSES as readonly string[]).includes(raw) ? (raw as (typeof STATUSES)[number]) : "all";
  const result = await ins.courses.list({ q: q || undefined, status, page, perPage: PER_PAGE }).catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "instructor.myCourses", context.site.settings.sitetitle),
    items: result.items,
    page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
    filters: { q, status },
    isManager: ins.isManager,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "delete") return unknownIntent();
  return runAction(() => context.services.instructor.courses.remove(String(form.get("id") ?? "")));
}

export default function InstructorHome({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const filtered = Boolean(d.filters.q || d.filters.status !== "all");
  const query = (page: number) =>
    `?${new URLSearchParams({ ...(d.filters.q ? { q: d.filters.q } : {}), ...(d.filters.status !== "all" ? { status: d.filters.status } : {}), page: String(page) })}`;
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("instructor.myCourses")}</h1>
        <Button component={Link} to="/dashboard/instructor/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t("instructor.newCourse")}
        </Button>
      </div>
      <Group gap="sm" mb="md" wrap="wrap">
        <Button component={Link} to="/dashboard/instructor/quizzes" variant="light" size="compact-md">
          {t("instructor.quizzes")}
        </Button>
        <Button component={Link} to="/dashboard/instructor/submissions/quizzes" variant="light" size="compact-md">
          {t("assessments.queue.quizTitle")}
        </Button>
        <Button component={Link} to="/dashboard/instructor/submissions/assignments" variant="light" size="compact-md">
          {t("assessments.queue.assignmentTitle")}
        </Button>
        <Button component={Link} to="/dashboard/instructor/stats" variant="light" size="compact-md">
          {t("instructor.stats")}
        </Button>
        {d.isManager ? (
          <Button component={Link} to="/dashboard/manage/elearning/caetgory" variant="light" size="compact-md">
            {t("instructor.categories")}
          </Button>
        ) : null}
      </Group>
      <Form method="get" role="search" aria-label={t("instructor.filter")}>
        <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
          <TextInput
            name="q"
            type="search"
            label={t("instructor.search")}
            defaultValue={d.filters.q}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: "1 1 14rem" }}
          />
          <NativeSelect
            name="status"
            label={t("instructor.statusFilter")}
            defaultValue={d.filters.status}
            data={STATUSES.map((s) => ({ value: s, label: t(`instructor.statuses.${s}`) }))}
          />
          <Button type="submit" variant="default">
            {t("instructor.filter")}
          </Button>
        </Group>
      </Form>
      {d.items.length === 0 ? (
        <p className="muted empty-state">{filtered ? t("instructor.noMatch") : t("instructor.empty")}</p>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("instructor.columns.title")}</Table.Th>
                <Table.Th>{t("instructor.columns.status")}</Table.Th>
                <Table.Th>{t("instructor.columns.students")}</Table.Th>
                <Table.Th>{t("instructor.columns.updated")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("instructor.columns.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Link to={`/dashboard/instructor/course/${c.id}`}>{c.title}</Link>
                    <Text size="xs" c="dimmed">
                      /course/{c.slug}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={c.status === "published" ? "green" : "gray"}>
                      {t(`instructor.statuses.${c.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{c.studentCount}</Table.Td>
                  <Table.Td>{formatPostDate(c.updatedAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        component={Link}
                        to={`/dashboard/instructor/course/${c.id}`}
                        size="compact-sm"
                        variant="default"
                      >
                        {t("instructor.edit")}
                      </Button>
                      <Button
                        component={Link}
                        to={`/dashboard/instructor/course/${c.id}/manage`}
                        size="compact-sm"
                        variant="subtle"
                      >
                        {t("instructor.students")}
                      </Button>
                      <Button component="a" href={`/course/${c.slug}`} size="compact-sm" variant="subtle">
                        {t("instructor.view")}
                      </Button>
                      <ConfirmDeleteButton
                        id={c.id}
                        label={t("instructor.delete")}
                        dialogTitle={t("instructor.confirmDeleteTitle")}
                        message={t("instructor.confirmDelete", { title: c.title })}
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
