import { Badge } from "@mantine/core";
import { Link, redirect } from "react-router";
import type { ListColumn } from "../../../components/list-kit";
import { MarketingItemList } from "../../../components/marketing/item-list";
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
  return (
    <MarketingItemList
      group="forms"
      basePath="/dashboard/manage/marketing/forms"
      createLabel={t("forms.newForm")}
      items={d.forms}
      columns={columns}
      minWidth={640}
      locked={d.locked}
    />
  );
}
