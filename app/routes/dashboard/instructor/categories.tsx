import { Alert, Button, Group, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, useFetcher, useNavigation } from "react-router";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/categories";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** Course categories (/dashboard/manage/elearning/caetgory, spelt as the spec has it), for managers. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse || !ins.isManager) throw notFound();
  const items = await ins.categories.list().catch(asPageError);
  return {
    title: pageTitle(
      translatorFor(context, request),
      "instructor.categoriesPage.title",
      context.site.settings.sitetitle,
    ),
    items,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const cats = context.services.instructor.categories;
  const id = String(form.get("id") ?? "");
  const name = String(form.get("name") ?? "");
  switch (form.get("intent")) {
    case "delete":
      return runAction(() => cats.remove(id));
    case "rename":
      return runAction(() => cats.update(id, { name }));
    default:
      return runAction(() => cats.create({ name }));
  }
}

function RenameForm({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const failed = fetcher.data && "ok" in fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={id} />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          name="name"
          defaultValue={name}
          aria-label={t("instructor.categoriesPage.name")}
          required
          error={failed?.message}
          size="sm"
        />
        <Button type="submit" size="sm" variant="default" loading={fetcher.state !== "idle"}>
          {t("instructor.categoriesPage.rename")}
        </Button>
      </Group>
    </fetcher.Form>
  );
}

export default function CourseCategories({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const failed = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  return (
    <div className="page">
      <h1>{t("instructor.categoriesPage.title")}</h1>
      <Form method="post">
        <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            name="name"
            label={t("instructor.categoriesPage.name")}
            required
            maxLength={80}
            error={failed?.fields.name ?? failed?.fields.slug}
            style={{ flex: "1 1 14rem" }}
          />
          <Button type="submit" loading={busy} leftSection={<IconPlus size={16} aria-hidden />}>
            {t("instructor.categoriesPage.add")}
          </Button>
        </Group>
      </Form>
      {failed && !failed.fields.name && !failed.fields.slug ? (
        <Alert color="red" mb="md">
          {failed.message}
        </Alert>
      ) : null}
      {d.items.length === 0 ? (
        <p className="muted empty-state">{t("instructor.categoriesPage.empty")}</p>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("instructor.categoriesPage.name")}</Table.Th>
                <Table.Th>{t("instructor.myCourses")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("instructor.columns.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <RenameForm id={c.id} name={c.name} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t("instructor.categoriesPage.courses", { count: c.courses })}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ConfirmDeleteButton
                      id={c.id}
                      label={t("instructor.delete")}
                      dialogTitle={t("instructor.categoriesPage.confirmDeleteTitle")}
                      message={t("instructor.categoriesPage.confirmDelete", { name: c.name })}
                      cancelLabel={t("common.cancel")}
                    />
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
