import { Button, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Link } from "react-router";
import { Pager } from "../../../components/pager";
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
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1);
  const result = await shop.memberships.list({ page, perPage: PER_PAGE });
  return {
    title: pageTitle(translatorFor(context, request), "shop.membershipsTitle", context.site.settings.sitetitle),
    memberships: result.memberships,
    page,
    pages: Math.max(1, Math.ceil(result.count / PER_PAGE)),
  };
}

export default function Memberships({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("shop.membershipsTitle")}</h1>
        <Button
          component={Link}
          to="/dashboard/manage/ecommerce/membership/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t("shop.newMembership")}
        </Button>
      </div>
      <ShopTabs active="memberships" />
      {d.memberships.length === 0 ? (
        <p className="muted empty-state">{t("shop.noMemberships")}</p>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("shop.columns.title")}</Table.Th>
                <Table.Th>{t("shop.columns.courses")}</Table.Th>
                <Table.Th>{t("shop.columns.pages")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.memberships.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Link to={`/dashboard/manage/ecommerce/membership/${m.id}`}>{m.title}</Link>
                    {m.description ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {m.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{m.courseIds.length}</Table.Td>
                  <Table.Td>{m.pageIds.length}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={d.page} pages={d.pages} to={(p) => `?page=${p}`} />
    </div>
  );
}
