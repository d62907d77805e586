import { Badge, Button, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Link } from "react-router";
import { type ListColumn, ListScreen, parseListParams } from "../../../components/list-kit";
import { PriceText } from "../../../components/shop/price-text";
import { ShopTabs } from "../../../components/shop/shop-tabs";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { notFound } from "../../../lib/instructor.server";
import type { Route } from "./+types/products";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 10;
// Sortable columns; without ?sort= the newest come first.
const LIST = { sorts: ["title", "price"] } as const;

/** The site's products for the owner (manage_options): search, sort and pages as the §7 list. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.services.shop;
  if (!shop.canManage) throw notFound();
  const { q, page, sort } = parseListParams(new URL(request.url).searchParams, LIST);
  const result = await shop.products.list({
    search: q,
    sort: (sort?.by as "title" | "price" | undefined) ?? "created_at",
    ascending: sort?.dir === "asc",
    page,
    perPage: PER_PAGE,
  });
  return {
    title: pageTitle(translatorFor(context, request), "shop.productsTitle", context.site.settings.sitetitle),
    products: result.products,
    count: result.count,
    page,
    pages: Math.max(1, Math.ceil(result.count / PER_PAGE)),
    filters: { q },
    currency: shop.currency,
  };
}

type Row = Route.ComponentProps["loaderData"]["products"][number];

export default function Products({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const typeOf = (p: Row) => {
    const amount = p.metadata.price?.amount ?? 0;
    return amount > 0 && p.metadata.price ? p.metadata.price.type : "none";
  };
  const columns: ListColumn<Row>[] = [
    {
      id: "title",
      header: t("shop.columns.title"),
      enableSorting: true,
      cell: ({ row: { original: p } }) => (
        <>
          <Link to={`/dashboard/manage/ecommerce/product/${p.id}`}>{p.title}</Link>
          <Text size="xs" c="dimmed">
            /product/{p.slug}
          </Text>
        </>
      ),
    },
    {
      id: "price",
      header: t("shop.columns.price"),
      enableSorting: true,
      cell: ({ row }) => <PriceText metadata={row.original.metadata} currency={d.currency} size="sm" />,
    },
    { id: "type", header: t("shop.columns.type"), cell: ({ row }) => t(`shop.types.${typeOf(row.original)}`) },
    {
      id: "status",
      header: t("shop.columns.status"),
      cell: ({ row: { original: p } }) => (
        <Badge color={p.status === "published" ? "green" : "gray"} variant="light">
          {t(`shop.statuses.${p.status}`)}
        </Badge>
      ),
    },
    {
      id: "featured",
      header: t("shop.columns.featured"),
      cell: ({ row }) => (row.original.metadata.featured ? t("shop.yes") : t("shop.no")),
    },
  ];
  return (
    <ListScreen
      title={t("shop.productsTitle")}
      create={
        <Button
          component={Link}
          to="/dashboard/manage/ecommerce/product/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t("shop.newProduct")}
        </Button>
      }
      before={<ShopTabs active="products" />}
      toolbar={{
        label: t("shop.filter"),
        submitLabel: t("shop.filter"),
        search: { label: t("shop.search"), value: d.filters.q },
      }}
      table={{
        data: d.products,
        columns,
        getRowId: (p) => p.id,
        label: t("shop.productsTitle"),
        minWidth: 640,
      }}
      empty={t("shop.noProducts")}
      filtered={Boolean(d.filters.q)}
      noMatch={t("shop.noMatch")}
      pager={{ page: d.page, pages: d.pages }}
    />
  );
}
