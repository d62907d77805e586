import { Badge } from "@mantine/core";
import { Link, redirect } from "react-router";
import type { ListColumn } from "../../../components/list-kit";
import { MarketingItemList } from "../../../components/marketing/item-list";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/popups";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** The site's popups with their counters, for its managers (plan feature `forms`). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const title = pageTitle(translatorFor(context, request), "popups.title", context.site.settings.sitetitle);
  const locked = planLock(context.site.settings.plan, "forms");
  if (locked) return { title, locked, popups: [] };
  const popups = await context.services.popups.list().catch(asPageError);
  return { title, locked: null, popups };
}

export async function action({ context, request }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const form = await request.formData();
  switch (form.get("intent")) {
    case "create": {
      const t = translatorFor(context, request);
      let id = "";
      const made = await runAction(async () => {
        const created = await context.services.popups.create({
          name: t("popups.defaultName"),
          content: t("popups.defaultContent"),
          status: "inactive",
        });
        id = created.id;
      });
      if (id) throw redirect(`/dashboard/manage/marketing/popups/${id}`);
      return made;
    }
    case "delete":
      return runAction(() => context.services.popups.remove(String(form.get("id") ?? "")));
    default:
      return unknownIntent();
  }
}

type Row = Route.ComponentProps["loaderData"]["popups"][number];

export default function Popups({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "name",
      header: t("popups.name"),
      meta: { cell: { fw: 600 } },
      cell: ({ row: { original: p } }) => <Link to={`/dashboard/manage/marketing/popups/${p.id}`}>{p.name}</Link>,
    },
    {
      id: "trigger",
      header: t("popups.trigger"),
      cell: ({ row }) => t(`popups.triggers.${row.original.trigger.type}`),
    },
    {
      id: "status",
      header: t("popups.status"),
      cell: ({ row: { original: p } }) => (
        <Badge color={p.status === "active" ? "green" : "gray"} variant="light">
          {t(`popups.statuses.${p.status}`)}
        </Badge>
      ),
    },
    { id: "impressions", header: t("popups.impressions"), cell: ({ row }) => row.original.impressions },
    { id: "closes", header: t("popups.closes"), cell: ({ row }) => row.original.closes },
    { id: "conversions", header: t("popups.conversions"), cell: ({ row }) => row.original.conversions },
  ];
  return (
    <MarketingItemList
      group="popups"
      basePath="/dashboard/manage/marketing/popups"
      createLabel={t("popups.newPopup")}
      items={d.popups}
      columns={columns}
      minWidth={720}
      locked={d.locked}
    />
  );
}
