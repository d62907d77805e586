import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { IconLifebuoy, IconPlus } from "@tabler/icons-react";
import { Link, redirect } from "react-router";
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketStatus } from "../../../core/support-tickets";
import { isFiltered, type ListColumn, ListScreen, parseListParams } from "../../components/list-kit";
import { TicketForm, ticketFieldErrors } from "../../components/support/ticket-form";
import { TicketStatusBadge } from "../../components/support/ticket-status-badge";
import { useTranslation } from "../../i18n/use-translation";
import { unknownIntent } from "../../lib/action-result";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../lib/instructor.server";
import type { Route } from "./+types/tickets";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;
const LIST_SPEC = {
  searchParam: "site",
  filters: { status: ["all", ...TICKET_STATUSES], category: ["all", ...TICKET_CATEGORIES] },
};
const chosen = <T extends string>(value: string) => (value === "all" ? null : (value as T));

/**
 * A site's tickets for its owner and managers (on the platform: the tickets of every site the
 * owner has), or every site's tickets for staff; with the "New ticket" form on the owner's side.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const service = context.services.tickets;
  if (!service.mode) throw notFound();
  const url = new URL(request.url);
  const params = parseListParams(url.searchParams, LIST_SPEC);
  const staff = service.mode === "staff";
  const [result, sites] = await Promise.all([
    service.list({
      page: params.page,
      perPage: PER_PAGE,
      status: chosen<TicketStatus>(params.filters.status),
      category: staff ? chosen<(typeof TICKET_CATEGORIES)[number]>(params.filters.category) : null,
      siteSearch: staff ? params.q || null : null,
    }),
    staff ? Promise.resolve([]) : service.sites(),
  ]).catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "tickets.title", context.site.settings.sitetitle),
    staff,
    items: result.items,
    page: params.page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
    status: params.filters.status,
    category: params.filters.category,
    site: params.q,
    filtered: isFiltered(params, staff ? LIST_SPEC : { filters: { status: LIST_SPEC.filters.status } }),
    sites,
    canAttach: !context.site.isPlatform,
    showForm: url.searchParams.get("new") === "1",
  };
}

/** Opens a ticket and goes to it; invalid fields come back named, for the form to show. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "open") return unknownIntent();
  const site = String(form.get("site") ?? "");
  const result = await runAction(() =>
    context.services.tickets.open(
      {
        category: String(form.get("category") ?? ""),
        subject: String(form.get("subject") ?? ""),
        message: String(form.get("message") ?? ""),
        attachments: form.getAll("attachments").map(String),
      },
      site || undefined,
    ),
  );
  if ("ok" in result && result.ok) return redirect(`/dashboard/tickets/${result.value.id}?opened=1`);
  return result;
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function Tickets({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const failed = actionData as { ok: false; fields: Record<string, string>; error?: { code: string } } | undefined;
  const fieldErrors = ticketFieldErrors(failed?.fields);
  if (failed?.error?.code === "not_found") fieldErrors.site = "tickets.errors.site";
  const showSite = d.staff || d.sites.length > 1;
  const noSites = !d.staff && d.sites.length === 0;
  const columns: ListColumn<Row>[] = [
    {
      id: "subject",
      header: t("tickets.subject"),
      cell: ({ row: { original: r } }) => (
        <Anchor component={Link} to={`/dashboard/tickets/${r.id}`} data-testid="ticket-link">
          {r.subject}
        </Anchor>
      ),
    },
    ...(showSite
      ? [{ id: "site", header: t("tickets.site"), cell: ({ row }) => row.original.site.title } as ListColumn<Row>]
      : []),
    {
      id: "category",
      header: t("tickets.category"),
      cell: ({ row }) => t(`feedback.subjects.${row.original.category}`),
    },
    {
      id: "status",
      header: t("tickets.statusLabel"),
      cell: ({ row }) => <TicketStatusBadge status={row.original.status} />,
    },
    {
      id: "lastReplyAt",
      header: t("tickets.lastActivity"),
      cell: ({ row }) =>
        new Date(row.original.lastReplyAt).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }),
    },
  ];
  const create =
    d.staff || noSites || d.showForm ? null : (
      <Button component={Link} to="?new=1" leftSection={<IconPlus size={16} aria-hidden />}>
        {t("tickets.newTicket")}
      </Button>
    );
  const statusOptions = ["all", ...TICKET_STATUSES].map((s) => ({
    value: s,
    label: s === "all" ? t("tickets.allStatuses") : t(`tickets.status.${s}`),
  }));
  return (
    <ListScreen
      title={t("tickets.title")}
      create={create}
      before={
        <>
          {noSites ? (
            <Alert color="blue" mb="md">
              {t("tickets.noSites")}{" "}
              <Anchor component={Link} to="/dashboard/setup">
                {t("tickets.createSite")}
              </Anchor>
            </Alert>
          ) : null}
          {!d.staff && !noSites && (d.showForm || failed) ? (
            <TicketForm sites={d.sites} canAttach={d.canAttach} errors={fieldErrors} failed={Boolean(failed)} />
          ) : null}
        </>
      }
      toolbar={{
        label: t("tickets.filters"),
        submitLabel: t("tickets.filter"),
        keep: [],
        search: d.staff ? { label: t("tickets.siteSearch"), name: "site", value: d.site } : undefined,
        filters: [
          { name: "status", label: t("tickets.statusLabel"), value: d.status, options: statusOptions },
          ...(d.staff
            ? [
                {
                  name: "category",
                  label: t("tickets.category"),
                  value: d.category,
                  options: ["all", ...TICKET_CATEGORIES].map((c) => ({
                    value: c,
                    label: c === "all" ? t("tickets.allCategories") : t(`feedback.subjects.${c}`),
                  })),
                },
              ]
            : []),
        ],
      }}
      table={{ data: d.items, columns, getRowId: (r) => r.id, label: t("tickets.title") }}
      filtered={d.filtered}
      noMatch={t("tickets.noMatch")}
      empty={
        <Stack align="center" gap="xs" py="xl">
          <IconLifebuoy size={36} aria-hidden className="muted" />
          <Text>{d.staff ? t("tickets.emptyStaff") : t("tickets.empty")}</Text>
        </Stack>
      }
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
