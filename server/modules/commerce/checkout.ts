// The buyer's side of commerce: checking a coupon against the cart, what /checkout offers (currency,
// payment methods, offline instructions), the buyer's own orders, the return from a provider's page,
// and the server copy of a known member's cart (for cart_abandoned).
import { and, eq, inArray } from "drizzle-orm";
import { defaultProvider, type PaymentProviderName, providersFor } from "../../../core/currency";
import { productCharge } from "./sale-price";
import type { Db } from "../../db/client";
import { courses, memberCarts, type OrderItem, orders, products } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound } from "../../errors";
import { providerFor } from "../../payments";
import { type OrderRow, pageOfOrders, previewCoupon, siteCurrency } from "./orders";
import { markOrderPaid } from "./fulfilment";
import { enabledProviders, providerSettings } from "./settings";

/** The order number people read and quote: the first 8 characters of its id, upper-cased. */
export const orderNumberOf = (orderId: string) => orderId.slice(0, 8).toUpperCase();

export type CouponCheck = { valid: true; key: string; name: string; discount: number; total: number };

/**
 * Spec §5 coupon apply against the cart: the total is the products' prices now when ids are given
 * (another site's or unpublished ids are not found), else the caller's total. No use is counted.
 */
export async function checkCartCoupon(
  db: Db,
  accountId: string,
  input: { name: string; total?: number; productIds?: string[]; userId: string | null },
): Promise<CouponCheck> {
  return withTenant(db, accountId, async (tx) => {
    let total = input.total ?? 0;
    const ids = [...new Set(input.productIds ?? [])];
    if (ids.length) {
      const rows = await tx
        .select({
          id: products.id,
          metadata: products.metadata,
          salePrice: products.salePrice,
          saleStartsAt: products.saleStartsAt,
          saleEndsAt: products.saleEndsAt,
        })
        .from(products)
        .where(and(eq(products.accountId, accountId), inArray(products.id, ids), eq(products.status, "published")));
      if (rows.length !== ids.length) throw notFound("Product");
      total = rows.reduce((s, p) => s + (productCharge(p) ?? 0), 0);
    }
    const { coupon, key, discount } = await previewCoupon(tx, accountId, input.name, input.userId, total);
    return { valid: true as const, key, name: coupon.name, discount, total: total - discount };
  });
}

export type CheckoutOptions = {
  currency: string;
  /** The site's enabled providers; the page narrows them to a subscription's with providersFor. */
  enabled: PaymentProviderName[];
  providers: PaymentProviderName[];
  defaultProvider: PaymentProviderName | null;
  /** The owner's offline payment instructions (bank details), shown when offline is chosen. */
  offlineInstructions: string;
};

export async function checkoutOptions(db: Db, accountId: string): Promise<CheckoutOptions> {
  return withTenant(db, accountId, async (tx) => {
    const currency = await siteCurrency(tx, accountId);
    const enabled = await enabledProviders(tx, accountId);
    const offline = await providerSettings(tx, accountId, "offline");
    return {
      currency,
      enabled,
      providers: providersFor(currency, enabled),
      defaultProvider: defaultProvider(currency, enabled),
      offlineInstructions: offline.config.instructions ?? "",
    };
  });
}

/** What the buyer does after placing an order. */
export type NextStep = { kind: "redirect"; url: string } | { kind: "pending" } | { kind: "paid" };

export function nextStep(order: Pick<OrderRow, "status" | "checkoutUrl">): NextStep {
  if (order.status === "paid") return { kind: "paid" };
  if (order.checkoutUrl) return { kind: "redirect", url: order.checkoutUrl };
  return { kind: "pending" };
}

export type OrderView = {
  id: string;
  number: string;
  status: OrderRow["status"];
  items: OrderItem[];
  coupon: string | null;
  subtotal: number;
  discount: number;
  total: number;
  currency: string;
  provider: string;
  createdAt: string;
  paidAt: string | null;
};

export const orderView = (o: OrderRow): OrderView => ({
  id: o.orderId,
  number: orderNumberOf(o.orderId),
  status: o.status,
  items: o.items,
  coupon: o.coupon,
  subtotal: o.subtotal,
  discount: o.discount,
  total: o.totalAmount,
  currency: o.currency,
  provider: o.provider,
  createdAt: o.createdAt.toISOString(),
  paidAt: o.paidAt?.toISOString() ?? null,
});

export type OrderDetail = OrderView & {
  /** The courses this order granted, to link to. */
  courses: { id: string; title: string; slug: string }[];
  /** Offline instructions while the order waits for a transfer. */
  instructions: string | null;
};

/** The buyer's orders, newest first. */
export async function myOrders(
  db: Db,
  accountId: string,
  userId: string,
  opts: { page?: number; perPage?: number } = {},
) {
  const page = Math.max(1, opts.page ?? 1);
  const perPage = Math.min(100, Math.max(1, opts.perPage ?? 20));
  return withTenant(db, accountId, async (tx) => {
    const where = and(eq(orders.accountId, accountId), eq(orders.userId, userId));
    const { rows, count } = await pageOfOrders(tx, where, page, perPage);
    return { items: rows.map(orderView), total: count, page, perPage };
  });
}

/** One order of the buyer's (or any order for a site manager); anyone else's is not found. */
export async function orderRow(db: Db, accountId: string, viewer: { userId: string; manager?: boolean }, id: string) {
  const row = await withTenant(db, accountId, async (tx) => {
    const [o] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.accountId, accountId),
          eq(orders.orderId, id),
          viewer.manager ? undefined : eq(orders.userId, viewer.userId),
        ),
      );
    return o ?? null;
  });
  if (!row) throw notFound("Order");
  return row;
}

export async function myOrder(
  db: Db,
  accountId: string,
  viewer: { userId: string; manager?: boolean },
  id: string,
): Promise<OrderDetail> {
  const o = await orderRow(db, accountId, viewer, id);
  return withTenant(db, accountId, async (tx) => {
    const granted = o.grants.courses.length
      ? await tx
          .select({ id: courses.id, title: courses.title, slug: courses.slug })
          .from(courses)
          .where(and(eq(courses.accountId, accountId), inArray(courses.id, o.grants.courses)))
      : [];
    const instructions =
      o.status === "pending" && o.provider === "offline"
        ? (await providerSettings(tx, accountId, "offline")).config.instructions || ""
        : null;
    return { ...orderView(o), courses: granted, instructions };
  });
}

/**
 * The buyer is back from the provider's page: a pending order is confirmed with the provider (the
 * webhook may not have arrived yet) and, when paid, fulfilled here. Safe to repeat.
 */
export async function confirmReturn(db: Db, accountId: string, userId: string, id: string): Promise<OrderDetail> {
  const o = await orderRow(db, accountId, { userId }, id);
  const provider = providerFor(o.provider);
  if (o.status === "pending" && o.providerRef && provider && o.provider !== "offline") {
    try {
      const settings = await withTenant(db, accountId, (tx) => providerSettings(tx, accountId, o.provider));
      const status = await provider.paymentStatus(settings, o.providerRef);
      if (status.paid) {
        await markOrderPaid(db, accountId, o.orderId, {
          source: "return",
          providerRef: status.providerRef ?? o.providerRef,
          subscriptionRef: status.subscriptionRef ?? null,
          periodEnd: status.periodEnd ?? null,
        });
      }
    } catch (err) {
      // The webhook or the reconcile sweep completes it later; the page says "still processing".
      console.error(`[checkout] return check of ${o.orderId} failed:`, (err as Error).message);
    }
  }
  return myOrder(db, accountId, { userId }, id);
}

export type CartLineInput = {
  id: string;
  title: string;
  amount: number;
  quantity: number;
  type: "oneTime" | "subscription";
  frequency?: { value: number; parameter: number } | null;
};

/** Mirrors a signed-in member's cart; an empty cart removes the copy. */
export async function saveMemberCart(db: Db, accountId: string, userId: string, items: CartLineInput[]) {
  await withTenant(db, accountId, async (tx) => {
    if (items.length === 0) {
      await tx.delete(memberCarts).where(and(eq(memberCarts.accountId, accountId), eq(memberCarts.userId, userId)));
      return;
    }
    const rows: OrderItem[] = items.map((i) => ({
      productId: i.id,
      title: i.title,
      amount: i.amount,
      quantity: i.quantity,
      type: i.type,
      frequency: i.frequency ?? null,
    }));
    const now = new Date();
    await tx
      .insert(memberCarts)
      .values({ accountId, userId, items: rows, updatedAt: now, abandonedAt: null })
      .onConflictDoUpdate({
        target: [memberCarts.accountId, memberCarts.userId],
        set: { items: rows, updatedAt: now, abandonedAt: null },
      });
  });
}
