import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form, Link, redirect, useNavigation } from "react-router";
import { DataTable, type ListColumn } from "../../../components/list-kit";
import { EmailTabs } from "../../../components/marketing/email-tabs";
import { PlanRefusal } from "../../../components/plan-refusal";
import { useFocusWhenNew } from "../../../hooks/use-focus-when-new";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { planLock } from "../../../lib/plan-limit";
import type { Route } from "./+types/emails";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** The owner's e-mail campaigns (spec §2): each with its status and how it did. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.can("manage_options")) throw notFound();
  // Quick-create's "contact" (spec §2: …/marketing/emails) opens the contacts tab's create form.
  if (new URL(request.url).searchParams.get("new") === "contact")
    throw redirect("/dashboard/manage/marketing/emails/contacts?new=1");
  const title = pageTitle(translatorFor(context, request), "campaigns.title", context.site.settings.sitetitle);
  const locked = planLock(context.site.settings.plan, "emails");
  if (locked) return { title, locked, items: [] };
  const items = await context.services.campaigns.list().catch(asPageError);
  return { title, locked: null, items };
}

export async function action({ context, request }: Route.ActionArgs) {
  if (!context.can("manage_options")) throw notFound();
  const form = await request.formData();
  if (form.get("intent") !== "create") return unknownIntent();
  const t = translatorFor(context, request);
  const result = await runAction(() => context.services.campaigns.create({ name: t("campaigns.untitled") }));
  if (result instanceof Response || !("ok" in result) || !result.ok) return result;
  throw redirect(`/dashboard/manage/marketing/emails/campaigns/${result.value.id}`);
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

const STATUS_COLOR: Record<string, string> = {
  draft: "gray",
  scheduled: "blue",
  sending: "yellow",
  paused: "orange",
  sent: "green",
  failed: "red",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status] ?? "gray"} variant="light" data-testid="campaign-status">
      {t(`campaigns.status.${status}`)}
    </Badge>
  );
}

const pct = (r: number) => `${Math.round(r * 1000) / 10}%`;

export default function Campaigns({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  // Quick-create opens this screen with ?new=1: the keyboard lands on the create button.
  const createButton = useFocusWhenNew<HTMLButtonElement>();
  const busy = useNavigation().state !== "idle";
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }) : "—";
  const columns: ListColumn<Item>[] = [
    {
      id: "name",
      header: t("campaigns.columns.name"),
      cell: ({ row }) => (
        <Anchor component={Link} to={`/dashboard/manage/marketing/emails/campaigns/${row.original.id}`} fw={600}>
          {row.original.name}
        </Anchor>
      ),
    },
    {
      id: "status",
      header: t("campaigns.columns.status"),
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    { id: "sent", header: t("campaigns.columns.sent"), cell: ({ row }) => row.original.stats.sent },
    {
      id: "opened",
      header: t("campaigns.columns.opened"),
      cell: ({ row }) => pct(row.original.stats.openRate),
      meta: { visibleFrom: "sm" },
    },
    {
      id: "clicked",
      header: t("campaigns.columns.clicked"),
      cell: ({ row }) => pct(row.original.stats.clickRate),
      meta: { visibleFrom: "sm" },
    },
    {
      id: "when",
      header: t("campaigns.columns.when"),
      cell: ({ row }) => when(row.original.finishedAt ?? row.original.startedAt ?? row.original.scheduledAt),
      meta: { visibleFrom: "md" },
    },
  ];
  return (
    <div className="page">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{t("campaigns.title")}</Title>
          {d.locked ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="create" />
              <Button ref={createButton} type="submit" loading={busy}>
                {t("campaigns.new")}
              </Button>
            </Form>
          )}
        </Group>
        <EmailTabs active="campaigns" />
        {d.locked ? <PlanRefusal result={d.locked} /> : null}
        {d.locked ? null : d.items.length === 0 ? (
          <div className="empty-state" data-testid="campaigns-empty">
            <Text fw={600}>{t("campaigns.empty.title")}</Text>
            <Text c="dimmed">{t("campaigns.empty.body")}</Text>
          </div>
        ) : (
          <DataTable
            data={d.items}
            columns={columns}
            getRowId={(r) => r.id}
            label={t("campaigns.title")}
            sortMode="client"
            testId="campaigns-table"
            rowAttributes={(r) => ({ "data-campaign": r.id })}
          />
        )}
      </Stack>
    </div>
  );
}
