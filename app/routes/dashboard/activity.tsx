import { Anchor, Stack, Text } from "@mantine/core";
import { type ListColumn, ListScreen } from "../../components/list-kit";
import { useTranslation } from "../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/activity";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

const KINDS = ["enrolled", "completed", "passed", "reviewed", "posted", "points"] as const;
type Kind = (typeof KINDS)[number];

/** The member's own activities and the site's public ones (names only), newest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const kindParam = url.searchParams.get("kind") ?? "";
  const kind = (KINDS as readonly string[]).includes(kindParam) ? (kindParam as Kind) : null;
  const scope = url.searchParams.get("scope") === "mine" ? "mine" : "everyone";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const feed = await context.services.activity.feed({ scope, kind, page });
  return {
    title: pageTitle(translatorFor(context, request), "activity.title", context.site.settings.sitetitle),
    feed,
    kind,
    scope,
  };
}

export { RouteError as ErrorBoundary } from "../../components/route-error";

type Row = Route.ComponentProps["loaderData"]["feed"]["items"][number];

export default function Activity({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "what",
      header: t("activity.what"),
      cell: ({ row: { original: a } }) =>
        t(`activity.kinds.${a.kind}`, {
          name: a.isMine ? t("activity.you") : (a.name ?? t("activity.formerMember")),
          course: a.course ?? t("activity.aCourse"),
          count: a.points ?? 0,
        }),
    },
    {
      id: "at",
      header: t("activity.when"),
      cell: ({ row }) =>
        new Date(row.original.at).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }),
    },
  ];
  const pages = Math.max(1, Math.ceil(d.feed.total / d.feed.per_page));
  return (
    <ListScreen
      title={t("activity.title")}
      toolbar={{
        label: t("activity.filters"),
        submitLabel: t("activity.apply"),
        keep: [],
        filters: [
          {
            name: "scope",
            label: t("activity.whose"),
            value: d.scope,
            options: [
              { value: "everyone", label: t("activity.everyone") },
              { value: "mine", label: t("activity.mine") },
            ],
          },
          {
            name: "kind",
            label: t("activity.kind"),
            value: d.kind ?? "",
            options: [
              { value: "", label: t("activity.allKinds") },
              ...KINDS.map((k) => ({ value: k, label: t(`activity.kindNames.${k}`) })),
            ],
          },
        ],
      }}
      filtered={Boolean(d.kind) || d.scope === "mine"}
      table={{ data: d.feed.items, columns, getRowId: (a) => a.id, label: t("activity.title") }}
      pager={pages > 1 ? { page: d.feed.page, pages } : undefined}
      empty={
        <Stack align="center" gap="xs" py="xl">
          <Text>{t("activity.empty")}</Text>
          <Anchor href="/dashboard/courses">{t("activity.browse")}</Anchor>
        </Stack>
      }
    />
  );
}
