import { Badge, Button, Group, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Link } from "react-router";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import {
  BulkDeleteButton,
  bulkIds,
  isFiltered,
  type ListColumn,
  ListScreen,
  parseListParams,
} from "../../../components/list-kit";
import { formatPostDate } from "../../../components/post-meta";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { removeEach, unknownIntent } from "../../../lib/action-result";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/home";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;
const STATUSES = ["all", "draft", "published"] as const;
// Sortable columns; without ?sort= the newest change comes first.
const LIST = { filters: { status: STATUSES }, sorts: ["title", "students", "updated"] } as const;
const SHORTCUTS: { to: string; label: string; managers?: boolean }[] = [
  { to: "/dashboard/instructor/quizzes", label: "instructor.quizzes" },
  { to: "/dashboard/instructor/submissions/quizzes", label: "assessments.queue.quizTitle" },
  { to: "/dashboard/instructor/submissions/assignments", label: "assessments.queue.assignmentTitle" },
  { to: "/dashboard/instructor/stats", label: "instructor.stats" },
  { to: "/dashboard/manage/elearning/caetgory", label: "instructor.categories", managers: true },
];

/** The instructor's courses (every course for managers), /dashboard/instructor and /dashboard/course. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse) throw notFound();
  const params = parseListParams(new URL(request.url).searchParams, LIST);
  const { q, page, sort } = params;
  const status = params.filters.status as (typeof STATUSES)[number];
  const result = await ins.courses
    .list({
      q: q || undefined,
      status,
      page,
      perPage: PER_PAGE,
      sort: sort ? { by: sort.by as "title" | "students" | "updated", dir: sort.dir } : undefined,
    })
    .catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "instructor.myCourses", context.site.settings.sitetitle),
    items: result.items,
    page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
    filters: { q, status },
    filtered: isFiltered(params, LIST),
    isManager: ins.isManager,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "bulk-delete") {
    const courses = context.services.instructor.courses;
    return runAction(() => removeEach(bulkIds(form), (id) => courses.remove(id)));
  }
  if (form.get("intent") !== "delete") return unknownIntent();
  return runAction(() => context.services.instructor.courses.remove(String(form.get("id") ?? "")));
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function InstructorHome({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "title",
      header: t("instructor.columns.title"),
      enableSorting: true,
      cell: ({ row: { original: c } }) => (
        <>
          <Link to={`/dashboard/instructor/course/${c.id}`}>{c.title}</Link>
          <Text size="xs" c="dimmed">
            /course/{c.slug}
          </Text>
        </>
      ),
    },
    {
      id: "status",
      header: t("instructor.columns.status"),
      cell: ({ row: { original: c } }) => (
        <Badge variant="light" color={c.status === "published" ? "green" : "gray"}>
          {t(`instructor.statuses.${c.status}`)}
        </Badge>
      ),
    },
    {
      id: "students",
      header: t("instructor.columns.students"),
      enableSorting: true,
      cell: ({ row }) => row.original.studentCount,
    },
    {
      id: "updated",
      header: t("instructor.columns.updated"),
      enableSorting: true,
      cell: ({ row }) => formatPostDate(row.original.updatedAt, i18n.language),
    },
  ];
  return (
    <ListScreen
      title={t("instructor.myCourses")}
      create={
        <Button component={Link} to="/dashboard/instructor/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t("instructor.newCourse")}
        </Button>
      }
      before={
        <Group gap="sm" mb="md" wrap="wrap">
          {SHORTCUTS.filter((s) => d.isManager || !s.managers).map((s) => (
            <Button key={s.to} component={Link} to={s.to} variant="light" size="compact-md">
              {t(s.label)}
            </Button>
          ))}
        </Group>
      }
      toolbar={{
        label: t("instructor.filter"),
        submitLabel: t("instructor.filter"),
        search: { label: t("instructor.search"), value: d.filters.q },
        filters: [
          {
            name: "status",
            label: t("instructor.statusFilter"),
            value: d.filters.status,
            options: STATUSES.map((s) => ({ value: s, label: t(`instructor.statuses.${s}`) })),
          },
        ],
      }}
      table={{
        data: d.items,
        columns,
        getRowId: (c) => c.id,
        label: t("instructor.myCourses"),
        minWidth: 620,
        rowActions: (c) => (
          <>
            <Button component={Link} to={`/dashboard/instructor/course/${c.id}`} size="compact-sm" variant="default">
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
          </>
        ),
        selection: { rowLabel: (c) => c.title, actions: (ids) => <BulkDeleteButton ids={ids} /> },
      }}
      empty={t("instructor.empty")}
      filtered={d.filtered}
      noMatch={t("instructor.noMatch")}
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}
