import { Badge, Text } from "@mantine/core";
import { Link, redirect, useActionData } from "react-router";
import type { ListColumn } from "../../../components/list-kit";
import { MarketingItemList } from "../../../components/marketing/item-list";
import { PlanRefusal } from "../../../components/plan-refusal";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/funnels";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** The site's funnels with their campaign and traffic, for its managers. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const title = pageTitle(translatorFor(context, request), "funnels.title", context.site.settings.sitetitle);
  const funnels = await context.services.funnels.list().catch(asPageError);
  return { title, funnels };
}

export async function action({ context, request }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const form = await request.formData();
  switch (form.get("intent")) {
    case "create": {
      const t = translatorFor(context, request);
      let id = "";
      const made = await runAction(async () => {
        const created = await context.services.funnels.create({
          name: t("funnels.defaultName"),
          utm_source: "newsletter",
          utm_medium: "email",
          utm_campaign: `funnel-${crypto.randomUUID().slice(0, 8)}`,
        });
        id = created.id;
      });
      if (id) throw redirect(`/dashboard/manage/marketing/funnels/${id}`);
      return made;
    }
    case "delete":
      return runAction(() => context.services.funnels.remove(String(form.get("id") ?? "")));
    default:
      return unknownIntent();
  }
}

type Row = Route.ComponentProps["loaderData"]["funnels"][number];

export default function Funnels({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const columns: ListColumn<Row>[] = [
    {
      id: "name",
      header: t("funnels.name"),
      meta: { cell: { fw: 600 } },
      cell: ({ row: { original: f } }) => <Link to={`/dashboard/manage/marketing/funnels/${f.id}`}>{f.name}</Link>,
    },
    {
      id: "status",
      header: t("funnels.status"),
      cell: ({ row: { original: f } }) => (
        <Badge color={f.status === "live" ? "green" : "gray"} variant="light">
          {t(`funnels.statuses.${f.status}`)}
        </Badge>
      ),
    },
    {
      id: "utm",
      header: t("funnels.campaign"),
      cell: ({ row: { original: f } }) => (
        <Text size="sm" ff="monospace">
          {f.utm_source} / {f.utm_medium} / {f.utm_campaign}
        </Text>
      ),
    },
    { id: "sessions", header: t("funnels.sessions"), cell: ({ row }) => row.original.sessions },
    {
      id: "conversion",
      header: t("funnels.conversion"),
      cell: ({ row }) => `${row.original.conversionRate} %`,
    },
  ];
  return (
    <>
      {result ? (
        <div className="page" style={{ paddingBottom: 0 }}>
          <PlanRefusal result={result} mb="0" />
        </div>
      ) : null}
      <MarketingItemList
        group="funnels"
        basePath="/dashboard/manage/marketing/funnels"
        createLabel={t("funnels.newFunnel")}
        items={d.funnels}
        columns={columns}
        minWidth={760}
        locked={null}
      />
    </>
  );
}
