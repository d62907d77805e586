import { Badge, Button, Group, NativeSelect, Table, Text, TextInput } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link } from "react-router";
import { Pager } from "../../../components/pager";
import { PriceText } from "../../../components/shop/price-text";
import { ShopTabs } from "../../../components/shop/shop-tabs";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { notFound } from "../../../lib/instructor.server";
import type { Route } from "./+types/products";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 10;
const SORTS = ["created_at", "title", "updated_at", "price"] as const;
type Sort = (typeof SORTS)[number];

/** The site's products for the owner (manage_options): search, sort and pages as the §7 list. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.services.shop;
  if (!shop.canManage) throw notFound();
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const search = url.searchParams.get("search")?.trim() ?? "";
  const rawSort = url.searchParams.get("sort") ?? "created_at";
  const sort: Sort = (SORTS as readonly string[]).includes(rawSort) ? (rawSort as Sort) : "created_at";
  const ascending = url.searchParams.get("ascending") === "true";
  const result = await shop.products.list({ search, sort, ascending, page, perPage: PER_PAGE });
  return {
    title: pageTitle(translatorFor(context, request), "shop.productsTitle", context.site.settings.sitetitle),
    products: result.products,
    count: result.count,
    page,
    pages: Math.max(1, Math.ceil(result.count / PER_PAGE)),
    filters: { search, sort, ascending },
    currency: shop.currency,
  };
}

export default function Products({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const query = (page: number) =>
    `?${new URLSearchParams({
      ...(d.filters.search ? { search: d.filters.search } : {}),
      sort: d.filters.sort,
      ascending: String(d.filters.ascending),
      page: String(page),
    })}`;
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("shop.productsTitle")}</h1>
        <Button
          component={Link}
          to="/dashboard/manage/ecommerce/product/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t("shop.newProduct")}
        </Button>
      </div>
      <ShopTabs active="products" />
      <Form method="get" role="search" aria-label={t("shop.filter")}>
        <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
          <TextInput
            name="search"
            type="search"
            label={t("shop.search")}
            defaultValue={d.filters.search}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: "1 1 14rem" }}
          />
          <NativeSelect
            name="sort"
            label={t("shop.sortBy")}
            defaultValue={d.filters.sort}
            data={SORTS.map((s) => ({ value: s, label: t(`shop.sorts.${s}`) }))}
          />
          <NativeSelect
            name="ascending"
            label={t("shop.direction")}
            defaultValue={String(d.filters.ascending)}
            data={[
              { value: "false", label: t("shop.descending") },
              { value: "true", label: t("shop.ascending") },
            ]}
          />
          <Button type="submit" variant="default">
            {t("shop.filter")}
          </Button>
        </Group>
      </Form>
      {d.products.length === 0 ? (
        <p className="muted empty-state">{d.filters.search ? t("shop.noMatch") : t("shop.noProducts")}</p>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("shop.columns.title")}</Table.Th>
                <Table.Th>{t("shop.columns.price")}</Table.Th>
                <Table.Th>{t("shop.columns.type")}</Table.Th>
                <Table.Th>{t("shop.columns.status")}</Table.Th>
                <Table.Th>{t("shop.columns.featured")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.products.map((p) => {
                const amount = p.metadata.price?.amount ?? 0;
                const type = amount > 0 && p.metadata.price ? p.metadata.price.type : "none";
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Link to={`/dashboard/manage/ecommerce/product/${p.id}`}>{p.title}</Link>
                      <Text size="xs" c="dimmed">
                        /product/{p.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <PriceText metadata={p.metadata} currency={d.currency} size="sm" />
                    </Table.Td>
                    <Table.Td>{t(`shop.types.${type}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={p.status === "published" ? "green" : "gray"} variant="light">
                        {t(`shop.statuses.${p.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{p.metadata.featured ? t("shop.yes") : t("shop.no")}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={d.page} pages={d.pages} to={query} />
    </div>
  );
}
