import { Button, Group, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, redirect, useNavigation } from "react-router";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { BulkDeleteButton, bulkIds, type ListColumn, ListScreen } from "../../../components/list-kit";
import { formatPostDate } from "../../../components/post-meta";
import { useFocusWhenNew } from "../../../hooks/use-focus-when-new";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { removeEach } from "../../../lib/action-result";
import type { Route } from "./+types/quizzes";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** Every quiz of the site the member may edit, with "New quiz". */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse) throw notFound();
  const items = await ins.quizzes.list().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "instructor.quiz.listTitle", context.site.settings.sitetitle),
    items: items.map((q) => ({ id: q.id, title: q.title, questions: q.questions.length, updatedAt: q.updatedAt })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const ins = context.services.instructor;
  if (form.get("intent") === "delete") return runAction(() => ins.quizzes.remove(String(form.get("id") ?? "")));
  if (form.get("intent") === "bulk-delete") {
    return runAction(() => removeEach(bulkIds(form), (id) => ins.quizzes.remove(id)));
  }
  const result = await runAction(() => ins.quizzes.create({ title: String(form.get("title") ?? "") }));
  if ("ok" in result && result.ok && result.value) return redirect(`/dashboard/instructor/quiz/${result.value.id}`);
  return result;
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function Quizzes({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const failed = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  const titleField = useFocusWhenNew<HTMLInputElement>();
  const columns: ListColumn<Row>[] = [
    {
      id: "title",
      accessorFn: (q) => q.title.toLowerCase(),
      header: t("instructor.columns.title"),
      enableSorting: true,
      cell: ({ row: { original: q } }) => <Link to={`/dashboard/instructor/quiz/${q.id}`}>{q.title}</Link>,
    },
    { id: "questions", header: t("instructor.quiz.questions"), cell: ({ row }) => row.original.questions },
    {
      id: "updated",
      accessorFn: (q) => q.updatedAt,
      header: t("instructor.columns.updated"),
      enableSorting: true,
      cell: ({ row }) => formatPostDate(row.original.updatedAt, i18n.language),
    },
  ];
  return (
    <ListScreen
      above={<Link to="/dashboard/instructor">← {t("instructor.backToCourses")}</Link>}
      title={t("instructor.quiz.listTitle")}
      before={
        <Form method="post">
          <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
            <TextInput
              ref={titleField}
              name="title"
              label={t("instructor.quiz.newQuizTitle")}
              required
              maxLength={200}
              error={failed?.fields.title}
              style={{ flex: "1 1 14rem" }}
            />
            <Button type="submit" loading={busy} leftSection={<IconPlus size={16} aria-hidden />}>
              {t("instructor.quiz.newQuiz")}
            </Button>
          </Group>
        </Form>
      }
      error={failed && !failed.fields.title ? failed.message : null}
      table={{
        data: d.items,
        columns,
        getRowId: (q) => q.id,
        label: t("instructor.quiz.listTitle"),
        minWidth: 480,
        sortMode: "client",
        rowActions: (q) => (
          <ConfirmDeleteButton
            id={q.id}
            label={t("instructor.delete")}
            dialogTitle={t("instructor.item.deleteTitle")}
            message={t("instructor.item.deleteMessage", { title: q.title })}
            cancelLabel={t("common.cancel")}
          />
        ),
        selection: { rowLabel: (q) => q.title, actions: (ids) => <BulkDeleteButton ids={ids} /> },
      }}
      empty={t("instructor.quiz.empty")}
    />
  );
}
