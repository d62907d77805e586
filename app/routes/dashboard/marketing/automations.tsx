import { Badge, Button, Group, Switch, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Form, Link, useFetcher } from "react-router";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { type ListColumn, ListScreen } from "../../../components/list-kit";
import { PlanRefusal } from "../../../components/plan-refusal";
import { useFocusWhenNew } from "../../../hooks/use-focus-when-new";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/automations";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const BASE = "/dashboard/manage/marketing/automations";

/** The site's automations for its managers (marketing plan feature `forms`): list, toggle, duplicate, delete. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  const title = pageTitle(translatorFor(context, request), "automations.title", context.site.settings.sitetitle);
  const locked = planLock(context.site.settings.plan, "forms");
  if (locked) return { title, locked, items: [] };
  const items = await context.services.automations.list().catch(asPageError);
  return { title, locked: null, items };
}

export async function action({ context, request }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const a = context.services.automations;
  switch (form.get("intent")) {
    case "delete":
      return runAction(() => a.remove(id));
    case "duplicate":
      return runAction(() => a.duplicate(id));
    case "status":
      return runAction(() => a.update(id, { status: form.get("status") === "active" ? "active" : "paused" }));
    default:
      return unknownIntent();
  }
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

function StatusToggle({ row }: { row: Row }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("status");
  const active = pending ? pending === "active" : row.status === "active";
  return (
    <Switch
      checked={active}
      label={t(`automations.status.${active ? "active" : "paused"}`)}
      aria-label={t("automations.list.toggle", { name: row.name })}
      onChange={(e) =>
        fetcher.submit(
          { intent: "status", id: row.id, status: e.currentTarget.checked ? "active" : "paused" },
          { method: "post" },
        )
      }
    />
  );
}

export default function Automations({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const createButton = useFocusWhenNew<HTMLAnchorElement>();
  if (d.locked)
    return (
      <div className="page">
        <h1>{t("automations.title")}</h1>
        <PlanRefusal result={d.locked} />
      </div>
    );
  const columns: ListColumn<Row>[] = [
    {
      id: "name",
      header: t("automations.list.name"),
      meta: { cell: { fw: 600 } },
      cell: ({ row: { original: a } }) => <Link to={`${BASE}/${a.id}`}>{a.name}</Link>,
    },
    {
      id: "trigger",
      header: t("automations.list.trigger"),
      cell: ({ row }) => t(`automations.triggers.${row.original.trigger}`),
    },
    { id: "status", header: t("automations.list.status"), cell: ({ row }) => <StatusToggle row={row.original} /> },
    {
      id: "runs",
      header: t("automations.list.runs"),
      cell: ({ row: { original: a } }) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{a.stats.runs30d}</Text>
          <Badge color="green" variant="light" title={t("automations.runStatus.succeeded")}>
            {t("automations.list.succeeded", { count: a.stats.succeeded })}
          </Badge>
          <Badge color="red" variant="light">
            {t("automations.list.failed", { count: a.stats.failed })}
          </Badge>
          <Badge color="yellow" variant="light">
            {t("automations.list.skipped", { count: a.stats.skipped })}
          </Badge>
        </Group>
      ),
    },
    {
      id: "lastRun",
      header: t("automations.list.lastRun"),
      cell: ({ row: { original: a } }) =>
        a.stats.lastRunAt
          ? new Date(a.stats.lastRunAt).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" })
          : t("automations.list.never"),
    },
  ];
  const create = (label: string) => (
    <Button ref={createButton} component={Link} to={`${BASE}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
      {label}
    </Button>
  );
  return (
    <ListScreen
      title={t("automations.title")}
      create={d.items.length ? create(t("automations.list.new")) : create(t("automations.list.createFirst"))}
      table={{
        data: d.items,
        columns,
        getRowId: (a) => a.id,
        label: t("automations.title"),
        minWidth: 820,
        rowActions: (a) => (
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="duplicate" />
              <input type="hidden" name="id" value={a.id} />
              <Button
                type="submit"
                size="compact-sm"
                variant="default"
                aria-label={t("automations.list.duplicateNamed", { name: a.name })}
              >
                {t("automations.list.duplicate")}
              </Button>
            </Form>
            <ConfirmDeleteButton
              id={a.id}
              label={t("automations.list.delete")}
              ariaLabel={t("automations.list.deleteNamed", { name: a.name })}
              dialogTitle={t("automations.list.confirmDeleteTitle")}
              message={t("automations.list.confirmDelete", { name: a.name })}
              cancelLabel={t("common.cancel")}
            />
          </>
        ),
      }}
      empty={
        <Text c="dimmed" maw={560} mx="auto">
          {t("automations.list.empty")}
        </Text>
      }
    />
  );
}
