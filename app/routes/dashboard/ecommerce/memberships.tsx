import { Button, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Link } from "react-router";
import { type ListColumn, ListScreen, parseListParams } from "../../../components/list-kit";
import { ShopTabs } from "../../../components/shop/shop-tabs";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { notFound } from "../../../lib/instructor.server";
import type { Route } from "./+types/memberships";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;

/** The site's memberships for the owner (manage_options). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.services.shop;
  if (!shop.canManage) throw notFound();
  const { page } = parseListParams(new URL(request.url).searchParams);
  const result = await shop.memberships.list({ page, perPage: PER_PAGE });
  return {
    title: pageTitle(translatorFor(context, request), "shop.membershipsTitle", context.site.settings.sitetitle),
    memberships: result.memberships,
    page,
    pages: Math.max(1, Math.ceil(result.count / PER_PAGE)),
  };
}

type Row = Route.ComponentProps["loaderData"]["memberships"][number];

export default function Memberships({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "title",
      header: t("shop.columns.title"),
      cell: ({ row: { original: m } }) => (
        <>
          <Link to={`/dashboard/manage/ecommerce/membership/${m.id}`}>{m.title}</Link>
          {m.description ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {m.description}
            </Text>
          ) : null}
        </>
      ),
    },
    { id: "courses", header: t("shop.columns.courses"), cell: ({ row }) => row.original.courseIds.length },
    { id: "pages", header: t("shop.columns.pages"), cell: ({ row }) => row.original.pageIds.length },
  ];
  return (
    <ListScreen
      title={t("shop.membershipsTitle")}
      create={
        <Button
          component={Link}
          to="/dashboard/manage/ecommerce/membership/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t("shop.newMembership")}
        </Button>
      }
      before={<ShopTabs active="memberships" />}
      table={{
        data: d.memberships,
        columns,
        getRowId: (m) => m.id,
        label: t("shop.membershipsTitle"),
        minWidth: 480,
      }}
      empty={t("shop.noMemberships")}
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}
