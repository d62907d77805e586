import { Alert, Button, Group, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, redirect, useNavigation } from "react-router";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { formatPostDate } from "../../../components/post-meta";
import { useFocusWhenNew } from "../../../hooks/use-focus-when-new";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
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
  const result = await runAction(() => ins.quizzes.create({ title: String(form.get("title") ?? "") }));
  if ("ok" in result && result.ok && result.value) return redirect(`/dashboard/instructor/quiz/${result.value.id}`);
  return result;
}

export default function Quizzes({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const failed = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  const titleField = useFocusWhenNew<HTMLInputElement>();
  return (
    <div className="page">
      <Link to="/dashboard/instructor">← {t("instructor.backToCourses")}</Link>
      <h1>{t("instructor.quiz.listTitle")}</h1>
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
      {failed && !failed.fields.title ? (
        <Alert color="red" mb="md">
          {failed.message}
        </Alert>
      ) : null}
      {d.items.length === 0 ? (
        <p className="muted empty-state">{t("instructor.quiz.empty")}</p>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("instructor.columns.title")}</Table.Th>
                <Table.Th>{t("instructor.quiz.questions")}</Table.Th>
                <Table.Th>{t("instructor.columns.updated")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("instructor.columns.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((q) => (
                <Table.Tr key={q.id}>
                  <Table.Td>
                    <Link to={`/dashboard/instructor/quiz/${q.id}`}>{q.title}</Link>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{q.questions}</Text>
                  </Table.Td>
                  <Table.Td>{formatPostDate(q.updatedAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end" wrap="nowrap">
                      <ConfirmDeleteButton
                        id={q.id}
                        label={t("instructor.delete")}
                        dialogTitle={t("instructor.item.deleteTitle")}
                        message={t("instructor.item.deleteMessage", { title: q.title })}
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
    </div>
  );
}
