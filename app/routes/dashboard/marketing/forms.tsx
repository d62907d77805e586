import { Badge, Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Form, Link, redirect } from "react-router";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { type ListColumn, ListScreen } from "../../../components/list-kit";
import { PlanRefusal } from "../../../components/plan-refusal";
import { useFocusWhenNew } from "../../../hooks/use-focus-when-new";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/forms";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** The site's forms for its managers (plan feature `forms`): list, create, delete. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const title = pageTitle(translatorFor(context, request), "forms.title", context.site.settings.sitetitle);
  const locked = planLock(context.site.settings.plan, "forms");
  if (locked) return { title, locked, forms: [] };
  const forms = await context.services.forms.list().catch(asPageError);
  return { title, locked: null, forms };
}

export async function action({ context, request }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const form = await request.formData();
  switch (form.get("intent")) {
    case "create": {
      const t = translatorFor(context, request);
      let id = "";
      const made = await runAction(async () => {
        const created = await context.services.forms.create({
          name: t("forms.defaultName"),
          fields: [
            { type: "text", name: "name", label: t("forms.name"), required: false },
            { type: "email", name: "email", label: t("forms.types.email"), required: true },
          ],
        });
        id = created.id;
      });
      if (id) throw redirect(`/dashboard/manage/marketing/forms/${id}`);
      return made;
    }
    case "delete":
      return runAction(() => context.services.forms.remove(String(form.get("id") ?? "")));
    default:
      return unknownIntent();
  }
}

type Row = Route.ComponentProps["loaderData"]["forms"][number];

export default function Forms({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  // Quick-create opens this screen with ?new=1: the keyboard lands on the create button.
  const createButton = useFocusWhenNew<HTMLButtonElement>();
  const columns: ListColumn<Row>[] = [
    {
      id: "name",
      header: t("forms.name"),
      meta: { cell: { fw: 600 } },
      cell: ({ row: { original: f } }) => <Link to={`/dashboard/manage/marketing/forms/${f.id}`}>{f.name}</Link>,
    },
    { id: "submissions", header: t("forms.submissions"), cell: ({ row }) => row.original.submissions },
    {
      id: "status",
      header: t("forms.status"),
      cell: ({ row: { original: f } }) => (
        <Badge color={f.status === "active" ? "green" : "gray"} variant="light">
          {t(`forms.statuses.${f.status}`)}
        </Badge>
      ),
    },
    {
      id: "created",
      header: t("forms.created"),
      cell: ({ row }) => new Date(row.original.createdAt).toLocaleDateString(i18n.language, { dateStyle: "medium" }),
    },
  ];
  if (d.locked)
    return (
      <div className="page">
        <h1>{t("forms.title")}</h1>
        <PlanRefusal result={d.locked} />
      </div>
    );
  return (
    <ListScreen
      title={t("forms.title")}
      create={
        <Form method="post">
          <input type="hidden" name="intent" value="create" />
          <Button ref={createButton} type="submit" leftSection={<IconPlus size={16} aria-hidden />}>
            {t("forms.newForm")}
          </Button>
        </Form>
      }
      table={{
        data: d.forms,
        columns,
        getRowId: (f) => f.id,
        label: t("forms.title"),
        minWidth: 640,
        rowActions: (f) => (
          <>
            <Button
              component={Link}
              to={`/dashboard/manage/marketing/forms/${f.id}`}
              size="compact-sm"
              variant="default"
              aria-label={t("forms.editNamed", { name: f.name })}
            >
              {t("forms.edit")}
            </Button>
            <ConfirmDeleteButton
              id={f.id}
              label={t("forms.delete")}
              ariaLabel={t("forms.deleteNamed", { name: f.name })}
              dialogTitle={t("forms.confirmDeleteTitle")}
              message={t("forms.confirmDelete", { name: f.name })}
              cancelLabel={t("common.cancel")}
            />
          </>
        ),
      }}
      empty={t("forms.empty")}
    />
  );
}
