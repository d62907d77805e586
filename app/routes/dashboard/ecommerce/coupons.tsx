import { Badge, Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { formatMoney } from "../../../../core/currency";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { BulkDeleteButton, bulkIds, type ListColumn, ListScreen, parseListParams } from "../../../components/list-kit";
import { CouponModal, type CouponValue } from "../../../components/shop/coupon-modal";
import { COUPON_STATE_COLOR, couponState } from "../../../components/shop/coupon-state";
import { ShopTabs } from "../../../components/shop/shop-tabs";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { removeEach, unknownIntent } from "../../../lib/action-result";
import { notFound, readIntent, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/coupons";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;

/** The site's coupons for the owner (manage_options): list, create and change in a dialog, delete. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.services.shop;
  if (!shop.canManage) throw notFound();
  const { page } = parseListParams(new URL(request.url).searchParams);
  const result = await shop.coupons.list({ page, perPage: PER_PAGE });
  return {
    title: pageTitle(translatorFor(context, request), "shop.couponsTitle", context.site.settings.sitetitle),
    coupons: result.coupons,
    page,
    pages: Math.max(1, Math.ceil(result.count / PER_PAGE)),
    currency: shop.currency,
    now: new Date().toISOString(),
  };
}

const int = (v: unknown) => (typeof v === "number" ? v : Number.NaN);
const text = (v: unknown) => (typeof v === "string" && v ? v : null);

export async function action({ context, request }: Route.ActionArgs) {
  const coupons = context.services.shop.coupons;
  if (request.headers.get("content-type")?.includes("application/x-www-form-urlencoded")) {
    const form = await request.formData();
    if (form.get("intent") === "bulk-delete") {
      return runAction(() => removeEach(bulkIds(form), (id) => coupons.remove(id)));
    }
    if (form.get("intent") !== "delete") return unknownIntent();
    return runAction(() => coupons.remove(String(form.get("id") ?? "")));
  }
  const { payload: p } = await readIntent(request);
  const input = {
    name: typeof p.name === "string" ? p.name : "",
    discount_type: p.discount_type === "flat" ? ("flat" as const) : ("percentage" as const),
    coupon_amount: int(p.coupon_amount),
    usage_limit: int(p.usage_limit),
    per_user_limit: int(p.per_user_limit),
    date_start: text(p.date_start),
    date_end: text(p.date_end),
    scope: p.scope === "count" ? ("count" as const) : p.scope === "forever" ? ("forever" as const) : ("first" as const),
    payments: typeof p.payments === "number" ? p.payments : null,
  };
  const id = text(p.id);
  return runAction(() => (id ? coupons.update(id, input) : coupons.create(input)));
}

type Row = Route.ComponentProps["loaderData"]["coupons"][number];

export default function Coupons({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<CouponValue | null>(null);
  const [opened, setOpened] = useState(false);
  const [session, setSession] = useState(0);
  const open = (c: CouponValue | null) => {
    setEditing(c);
    setSession((n) => n + 1);
    setOpened(true);
  };
  const close = useCallback(() => setOpened(false), []);
  const now = new Date(d.now);
  const dateText = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium" }) : "—";
  const columns: ListColumn<Row>[] = [
    { id: "name", header: t("shop.coupon.name"), meta: { cell: { fw: 600 } }, cell: ({ row }) => row.original.name },
    {
      id: "discount",
      header: t("shop.coupon.discount"),
      cell: ({ row: { original: c } }) =>
        c.discount_type === "percentage"
          ? `${c.coupon_amount} %`
          : formatMoney(c.coupon_amount, d.currency, i18n.language, { decimals: true }),
    },
    {
      id: "uses",
      header: t("shop.coupon.uses"),
      cell: ({ row: { original: c } }) =>
        c.usage_limit > 0 ? `${c.usage_count} / ${c.usage_limit}` : `${c.usage_count} / ∞`,
    },
    {
      id: "perUser",
      header: t("shop.coupon.perUser"),
      cell: ({ row: { original: c } }) => (c.per_user_limit > 0 ? c.per_user_limit : "∞"),
    },
    {
      id: "dates",
      header: t("shop.coupon.dates"),
      cell: ({ row: { original: c } }) =>
        c.date_start || c.date_end ? `${dateText(c.date_start)} – ${dateText(c.date_end)}` : "—",
    },
    {
      id: "state",
      header: t("shop.coupon.state"),
      cell: ({ row: { original: c } }) => {
        const state = couponState(c, now);
        return (
          <Badge color={COUPON_STATE_COLOR[state]} variant="light">
            {t(`shop.coupon.states.${state}`)}
          </Badge>
        );
      },
    },
  ];
  return (
    <ListScreen
      title={t("shop.couponsTitle")}
      create={
        <Button onClick={() => open(null)} leftSection={<IconPlus size={16} aria-hidden />}>
          {t("shop.newCoupon")}
        </Button>
      }
      before={<ShopTabs active="coupons" />}
      table={{
        data: d.coupons,
        columns,
        getRowId: (c) => c.id,
        label: t("shop.couponsTitle"),
        minWidth: 760,
        rowActions: (c) => (
          <>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => open(c)}
              aria-label={t("shop.editNamed", { name: c.name })}
            >
              {t("shop.edit")}
            </Button>
            <ConfirmDeleteButton
              id={c.id}
              label={t("shop.delete")}
              ariaLabel={t("shop.deleteNamed", { name: c.name })}
              dialogTitle={t("shop.confirmDeleteTitle")}
              message={t("shop.confirmDeleteCoupon", { name: c.name })}
              cancelLabel={t("common.cancel")}
            />
          </>
        ),
        selection: { rowLabel: (c) => c.name, actions: (ids) => <BulkDeleteButton ids={ids} /> },
      }}
      empty={t("shop.noCoupons")}
      pager={{ page: d.page, pages: d.pages }}
      after={<CouponModal opened={opened} session={session} coupon={editing} currency={d.currency} onClose={close} />}
    />
  );
}
