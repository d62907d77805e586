import { Button, Group, Table, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useNavigate } from "react-router";
import { formatMoney } from "../../../../core/currency";
import { OrderDrawer } from "../../../components/owner-orders/order-drawer";
import { OrderStatusBadge } from "../../../components/owner-orders/order-status-badge";
import { Toast } from "../../../components/owner-orders/toast";
import { Pager } from "../../../components/pager";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { unknownIntent } from "../../../lib/action-result";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/orders";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 20;
const FILTERS = ["all", "pending", "paid", "refunded", "cancelled"] as const;
type Filter = (typeof FILTERS)[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The site's orders for its managers (/dashboard/manage/ecommerce/orders); ?order= opens one. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const svc = context.services.ordersAdmin;
  if (!svc.canManage) throw notFound();
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const raw = url.searchParams.get("status") ?? "all";
  const status: Filter = (FILTERS as readonly string[]).includes(raw) ? (raw as Filter) : "all";
  const open = url.searchParams.get("order") ?? "";
  const [result, detail] = await Promise.all([
    svc.list({ status: status === "all" ? null : status, search: q || null, page, perPage: PER_PAGE }),
    UUID.test(open) ? svc.get(open).catch(() => null) : Promise.resolve(null),
  ]).catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "payments.orders.title", context.site.settings.sitetitle),
    orders: result.orders,
    count: result.count,
    page,
    pages: Math.max(1, Math.ceil(result.count / PER_PAGE)),
    filters: { q, status },
    detail,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const svc = context.services.ordersAdmin;
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  const run =
    intent === "markPaid"
      ? () => svc.markPaid(id)
      : intent === "refund"
        ? () => svc.refund(id)
        : intent === "cancel"
          ? () => svc.cancel(id)
          : intent === "cancelSubscription"
            ? () => svc.cancelSubscription(id)
            : null;
  if (!run) return unknownIntent();
  const result = await runAction(run);
  return "ok" in result ? { ...result, intent, at: Date.now() } : result;
}

export default function OwnerOrders({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({
      ...(d.filters.q ? { q: d.filters.q } : {}),
      ...(d.filters.status !== "all" ? { status: d.filters.status } : {}),
      ...extra,
    })}`;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  const result = actionData as
    | { ok: true; intent: string; at: number; message: null }
    | { ok: false; message: string; intent?: string; at?: number }
    | undefined;
  const toast = result
    ? result.ok
      ? t(`payments.orders.done.${result.intent}`)
      : result.message || t("payments.orders.failed")
    : null;
  return (
    <div className="page">
      <h1>{t("payments.orders.heading")}</h1>
      <Group gap="xs" mb="sm" wrap="wrap" role="navigation" aria-label={t("payments.orders.statusFilter")}>
        {FILTERS.map((s) => (
          <Button
            key={s}
            component={Link}
            to={`?${new URLSearchParams({ ...(d.filters.q ? { q: d.filters.q } : {}), ...(s !== "all" ? { status: s } : {}) })}`}
            size="compact-sm"
            radius="xl"
            variant={d.filters.status === s ? "filled" : "default"}
            aria-current={d.filters.status === s ? "page" : undefined}
          >
            {t(`payments.orders.filters.${s}`)}
          </Button>
        ))}
      </Group>
      <Form method="get" role="search" aria-label={t("payments.orders.search")}>
        {d.filters.status !== "all" ? <input type="hidden" name="status" value={d.filters.status} /> : null}
        <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            name="q"
            type="search"
            label={t("payments.orders.search")}
            placeholder={t("payments.orders.searchHint")}
            defaultValue={d.filters.q}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: "1 1 14rem" }}
          />
          <Button type="submit" variant="default">
            {t("payments.orders.searchButton")}
          </Button>
        </Group>
      </Form>
      {d.orders.length === 0 ? (
        <p className="muted empty-state">
          {d.filters.q || d.filters.status !== "all" ? t("payments.orders.noMatch") : t("payments.orders.empty")}
        </p>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("payments.orders.columns.number")}</Table.Th>
                <Table.Th>{t("payments.orders.columns.buyer")}</Table.Th>
                <Table.Th>{t("payments.orders.columns.total")}</Table.Th>
                <Table.Th>{t("payments.orders.columns.status")}</Table.Th>
                <Table.Th>{t("payments.orders.columns.date")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.orders.map((o) => (
                <Table.Tr key={o.orderId} data-order={o.orderId}>
                  <Table.Td>
                    <Link to={query({ page: String(d.page), order: o.orderId })} preventScrollReset>
                      <span dir="ltr">#{o.number}</span>
                    </Link>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{o.buyer.name}</Text>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {o.buyer.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatMoney(o.totalAmount, o.currency, i18n.language, { decimals: true })}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={o.status} />
                  </Table.Td>
                  <Table.Td>{date(o.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={d.page} pages={d.pages} to={(p) => query({ page: String(p) })} />
      <OrderDrawer
        order={d.detail}
        onClose={() => navigate(query({ page: String(d.page) }), { preventScrollReset: true })}
      />
      <Toast message={toast} color={result?.ok ? "green" : "red"} stamp={result} />
    </div>
  );
}
