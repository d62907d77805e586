// The owner's side of commerce (spec §9): every order of the site with its buyer, what it granted and
// its subscription, confirming an offline payment, refunding (which takes the access back),
// cancelling, and stopping a subscription from renewing. Payment settings: payment-settings.ts.
import { and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { listOrder } from "../../db/list-order";
import type { Db, Tx } from "../../db/client";
import { courses, members, type OrderStatus, orders, type SubscriptionStatus, subscriptions } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import { cancelOrder, type OrderRow, pageOfOrders } from "./orders";
import { markOrderPaid, refundOrder } from "./fulfilment";
import { cancelSiteSubscription } from "./subscriptions";
import { containing } from "../../db/like";

export const ORDER_STATUSES: readonly OrderStatus[] = ["pending", "paid", "refunded", "cancelled", "failed"];

export type AdminOrder = {
  orderId: string;
  number: string;
  buyer: { userId: string; name: string; email: string };
  items: OrderRow["items"];
  coupon: string | null;
  subtotal: number;
  discount: number;
  totalAmount: number;
  currency: string;
  status: OrderStatus;
  provider: string;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  grants: {
    courses: { id: string; title: string }[];
    memberships: string[];
    errors: { courseId: string; title: string; code: string }[];
  };
  /** The subscription this order started, as it stands now. */
  subscription: {
    id: string;
    status: SubscriptionStatus;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
  } | null;
};

/** The short order number buyers and owners quote: the first 8 characters of its id, upper-case. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function present(tx: Tx, accountId: string, rows: OrderRow[]): Promise<AdminOrder[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const buyers = await tx
    .select({ userId: members.userId, name: members.name, email: members.email })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(members.userId, userIds)));
  const byUser = new Map(buyers.map((b) => [b.userId, b]));
  const courseIds = [
    ...new Set(rows.flatMap((r) => [...r.grants.courses, ...(r.grants.errors ?? []).map((e) => e.courseId)])),
  ];
  const titles = new Map<string, string>();
  if (courseIds.length) {
    const cs = await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(and(eq(courses.accountId, accountId), inArray(courses.id, courseIds)));
    for (const c of cs) titles.set(c.id, c.title);
  }
  const subscriptionIds = rows.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : []));
  const subs = subscriptionIds.length
    ? await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, accountId), inArray(subscriptions.id, subscriptionIds)))
    : [];
  const subById = new Map(subs.map((x) => [x.id, x]));
  return rows.map((r) => ({
    orderId: r.orderId,
    number: orderNumber(r.orderId),
    buyer: byUser.get(r.userId) ?? { userId: r.userId, name: "", email: "" },
    items: r.items,
    coupon: r.coupon,
    subtotal: r.subtotal,
    discount: r.discount,
    totalAmount: r.totalAmount,
    currency: r.currency,
    status: r.status,
    provider: r.provider,
    createdAt: r.createdAt.toISOString(),
    paidAt: iso(r.paidAt),
    refundedAt: iso(r.refundedAt),
    grants: {
      courses: r.grants.courses.map((id) => ({ id, title: titles.get(id) ?? "" })),
      memberships: r.grants.memberships,
      errors: (r.grants.errors ?? []).map((e) => ({ ...e, title: titles.get(e.courseId) ?? "" })),
    },
    subscription: (() => {
      const x = r.subscriptionId ? subById.get(r.subscriptionId) : undefined;
      return x
        ? {
            id: x.id,
            status: x.status,
            currentPeriodEnd: x.currentPeriodEnd.toISOString(),
            cancelAtPeriodEnd: x.cancelAtPeriodEnd,
          }
        : null;
    })(),
  }));
}

/**
 * The columns the owner's order list sorts by: when it was placed, its total, or its status in the
 * order an order goes through them (ORDER_STATUSES), not alphabetically.
 */
export type OrderSort = { by: "date" | "total" | "status"; dir: "asc" | "desc" };

export type OrderListQuery = {
  status?: OrderStatus | null;
  search?: string | null;
  /** Only the orders of the member with exactly this e-mail (a contact's page). */
  buyerEmail?: string | null;
  page?: number;
  perPage?: number;
  /** Newest first without it. */
  sort?: OrderSort | null;
};

/** A status's place in ORDER_STATUSES (the statuses are constants, so they are written into the SQL). */
const statusRank = sql`case ${orders.status} ${sql.raw(
  ORDER_STATUSES.map((s, i) => `when '${s}' then ${i}`).join(" "),
)} else ${sql.raw(String(ORDER_STATUSES.length))} end`;

const orderSort = (sort: OrderSort | null | undefined): SQL[] =>
  listOrder(sort, { date: orders.createdAt, total: orders.totalAmount, status: statusRank }, []);

/**
 * A page of the site's orders, newest first unless `sort` names a column; search matches the
 * buyer's e-mail or name, or an order number prefix.
 */
export async function listOrders(db: Db, accountId: string, q: OrderListQuery = {}) {
  const page = Math.max(1, q.page ?? 1);
  const perPage = Math.min(100, Math.max(1, q.perPage ?? 20));
  const term = q.search?.trim() ?? "";
  return withTenant(db, accountId, async (tx) => {
    const conds = [eq(orders.accountId, accountId)];
    if (q.status) conds.push(eq(orders.status, q.status));
    if (q.buyerEmail) {
      const buyer = tx
        .select({ userId: members.userId })
        .from(members)
        .where(
          and(eq(members.accountId, accountId), sql`lower(${members.email}) = ${q.buyerEmail.trim().toLowerCase()}`),
        );
      conds.push(inArray(orders.userId, buyer));
    }
    if (term) {
      const like = containing(term);
      const buyers = tx
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.accountId, accountId), or(ilike(members.email, like), ilike(members.name, like))));
      const prefix = term.toLowerCase().replace(/[^0-9a-f-]/g, "");
      const match = [inArray(orders.userId, buyers)];
      if (prefix && prefix === term.toLowerCase()) match.push(sql`${orders.orderId}::text like ${`${prefix}%`}`);
      const any = or(...match);
      if (any) conds.push(any);
    }
    const where = and(...conds);
    const { rows, count } = await pageOfOrders(tx, where, page, perPage, orderSort(q.sort));
    return { orders: await present(tx, accountId, rows), count, page, perPage };
  });
}

async function orderRow(tx: Tx, accountId: string, orderId: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.orderId, orderId)));
  if (!row) throw notFound("Order");
  return row;
}

/** One order of the site (another site's id is not found). */
export async function getOrder(db: Db, accountId: string, orderId: string): Promise<AdminOrder> {
  return withTenant(
    db,
    accountId,
    async (tx) => (await present(tx, accountId, [await orderRow(tx, accountId, orderId)]))[0],
  );
}

/** The owner confirms an offline payment arrived: the order is paid and grants its access (once). */
export async function ownerMarkPaid(db: Db, accountId: string, orderId: string, actorId: string) {
  const row = await withTenant(db, accountId, (tx) => orderRow(tx, accountId, orderId));
  if (row.status === "paid") return getOrder(db, accountId, orderId);
  if (row.status !== "pending" || row.provider !== "offline") {
    throw new AppError("conflict", "Only a pending offline order can be marked as paid");
  }
  await markOrderPaid(db, accountId, orderId, { source: "owner", actorId });
  return getOrder(db, accountId, orderId);
}

/** Refunds a paid order and takes back what it granted. */
export async function ownerRefund(db: Db, accountId: string, orderId: string, actorId: string) {
  await withTenant(db, accountId, (tx) => orderRow(tx, accountId, orderId));
  await refundOrder(db, accountId, orderId, actorId);
  return getOrder(db, accountId, orderId);
}

/** Cancels a pending order; its coupon use is given back. */
export async function ownerCancel(db: Db, accountId: string, orderId: string) {
  const row = await withTenant(db, accountId, (tx) => orderRow(tx, accountId, orderId));
  if (row.status === "cancelled") return getOrder(db, accountId, orderId);
  if (row.status !== "pending") throw new AppError("conflict", "Only a pending order can be cancelled");
  await cancelOrder(db, accountId, orderId);
  return getOrder(db, accountId, orderId);
}

/** Stops the subscription an order started from renewing; the member keeps the paid period. */
export async function ownerCancelSubscription(db: Db, accountId: string, orderId: string) {
  const row = await withTenant(db, accountId, (tx) => orderRow(tx, accountId, orderId));
  if (!row.subscriptionId) throw new AppError("conflict", "This order started no subscription");
  await cancelSiteSubscription(db, accountId, row.subscriptionId);
  return getOrder(db, accountId, orderId);
}
