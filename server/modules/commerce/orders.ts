// Orders (spec §3 orders; ARCHITECTURE.md money rules): placing one re-checks the coupon and counts
// its use under the coupon's row lock, so two buyers racing for the last use cannot both get it;
// paying grants the products' courses and memberships in the same transaction as the status change,
// so a crash leaves either nothing or everything; paying twice changes nothing the second time.
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { checkCoupon, couponDiscount, renewalsDiscounted } from "../../../core/coupon";
import { currencyOf, type PaymentProviderName, providersFor } from "../../../core/currency";
import { periodSeconds, priceOf } from "../../../core/product";
import { productCharge } from "./sale-price";
import type { Db, Tx } from "../../db/client";
import { accounts, coupons, members, type OrderItem, orders, products } from "../../db/schema";
import { commitWith, refusalOf, withTenant } from "../../db/tenant";
import { AppError, fieldError } from "../../errors";
import { type ProviderSettings, providerFor, type SubscriptionCheckout } from "../../payments";
import { events } from "../events";
import { fulfil } from "./fulfilment";
import { planStore } from "./payment-plans";
import { paymentSetup } from "./settings";

export type OrderRow = typeof orders.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

/** The site's currency (account settings, default USD). */
export async function siteCurrency(tx: Tx, accountId: string): Promise<string> {
  const [row] = await tx
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.accountId, accountId));
  return currencyOf((row?.settings as { currency?: string } | undefined)?.currency).code;
}

/**
 * One page of orders matching `where`, newest first (after `orderBy`, when given: ties keep the
 * newest-first order, then the id), with the exact count.
 */
export async function pageOfOrders(tx: Tx, where: SQL | undefined, page: number, perPage: number, orderBy: SQL[] = []) {
  const [{ n }] = await tx.select({ n: count() }).from(orders).where(where);
  const rows = await tx
    .select()
    .from(orders)
    .where(where)
    .orderBy(...orderBy, desc(orders.createdAt), desc(orders.orderId))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, count: Number(n) };
}

/** A coupon by name (case-insensitive, trimmed) on this site. */
export async function findCoupon(tx: Tx, accountId: string, name: string) {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.accountId, accountId), sql`lower(${coupons.name}) = lower(${name.trim()})`));
  return row ?? null;
}

/** How many of this member's orders used the coupon (pending ones hold a use; cancelled ones gave it back). */
export async function couponUsesBy(tx: Tx, accountId: string, couponId: string, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.couponId, couponId),
        eq(orders.userId, userId),
        inArray(orders.status, ["pending", "paid"]),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Spec §5 coupon apply, for the cart's "Apply" (no use is counted): throws coupon_rejected with the
 * §8 key, or answers the coupon and the discount on `total`.
 */
export async function previewCoupon(
  tx: Tx,
  accountId: string,
  name: string,
  userId: string | null,
  total: number,
  now = new Date(),
) {
  const coupon = name.trim() ? await findCoupon(tx, accountId, name) : null;
  const pastUses = coupon && userId ? await couponUsesBy(tx, accountId, coupon.id, userId) : 0;
  const result = checkCoupon(coupon, now, { signedIn: Boolean(userId), pastUses });
  if (!result.ok || !coupon) throw couponRejected(result.key);
  return { coupon, key: result.key, discount: couponDiscount(coupon.discountType, coupon.couponAmount, total) };
}

const couponRejected = (key: string) =>
  new AppError("coupon_rejected", `This coupon cannot be used (${key})`, [{ field: "coupon", message: key }]);

export type PlaceOrderInput = {
  userId: string;
  productIds: string[];
  coupon?: string | null;
  provider?: string | null;
  idempotencyKey?: string | null;
  /** https://site.example — the buyer comes back to {origin}/checkout/return?order=… */
  origin: string;
  /** An offer follows the payment (a funnel's upsell step): the card is kept where the provider can. */
  offerFollows?: boolean;
  now?: Date;
};

export type PlacedOrder = { order: OrderRow; created: boolean };

/**
 * Creates a pending order from products (their prices now, not the cart's), with the coupon counted
 * atomically; a zero total is paid at once. An Idempotency-Key already used by this member returns
 * that order. Then asks the provider where the buyer pays.
 */
export async function placeOrder(db: Db, accountId: string, input: PlaceOrderInput): Promise<PlacedOrder> {
  const now = input.now ?? new Date();
  const key = input.idempotencyKey?.trim() || null;
  if (key) {
    const existing = await withTenant(db, accountId, (tx) => orderByKey(tx, accountId, input.userId, key));
    if (existing) return { order: existing, created: false };
  }
  const ids = [...new Set(input.productIds)];
  if (ids.length === 0) throw fieldError("validation_failed", "productIds", "The cart is empty");

  let placed: { order: OrderRow; payment: PaymentStart };
  try {
    placed = await events.transaction(db, accountId, async (tx, out) => {
      const currency = await siteCurrency(tx, accountId);
      const setup = await paymentSetup(tx, accountId);
      const enabled = setup.enabled;
      const rows = await tx
        .select()
        .from(products)
        .where(and(eq(products.accountId, accountId), inArray(products.id, ids), eq(products.status, "published")));
      if (rows.length !== ids.length)
        throw fieldError("validation_failed", "productIds", "A product is no longer for sale");
      const items: OrderItem[] = [];
      for (const p of rows) {
        const price = priceOf(p.metadata);
        if (!price) throw fieldError("validation_failed", "productIds", `“${p.title}” has no price`);
        items.push({
          productId: p.id,
          title: p.title,
          // The sale price inside its window, read again here: what the buyer saw earlier is no promise.
          amount: productCharge(p) ?? price.amount,
          quantity: 1,
          type: price.type === "subscription" ? "subscription" : "oneTime",
          frequency: price.type === "subscription" ? (price.duration ?? null) : null,
        });
      }
      if (items.some((i) => i.type === "subscription") && items.length > 1) {
        throw fieldError("validation_failed", "productIds", "A subscription is bought on its own");
      }
      const subscriptionItem = items.find((i) => i.type === "subscription");
      const subscription = Boolean(subscriptionItem);
      const choices = providersFor(currency, enabled, {
        subscription: subscriptionItem ? (subscriptionItem.frequency ?? true) : false,
      });
      const provider = (input.provider ?? choices[0] ?? "") as PaymentProviderName;
      if (!choices.includes(provider)) {
        throw fieldError(
          "validation_failed",
          "provider",
          subscription
            ? "Choose a payment method that takes subscriptions"
            : `Choose a payment method that takes ${currency}`,
        );
      }
      const subtotal = items.reduce((s, i) => s + i.amount * i.quantity, 0);
      let coupon: CouponRow | null = null;
      let discount = 0;
      if (input.coupon?.trim()) {
        // A first check without the lock, so that a refused coupon costs nobody a wait; the use is
        // counted, and the limits checked again, at the end (claimCoupon).
        coupon = await findCoupon(tx, accountId, input.coupon);
        // A coupon limited per member: this member's checkouts with it take turns (a lock of the
        // pair, nobody else's), so each counts the uses the one before it committed.
        if (coupon?.perUserLimit) await lockMemberCoupon(tx, coupon.id, input.userId);
        const pastUses = coupon?.perUserLimit ? await couponUsesBy(tx, accountId, coupon.id, input.userId) : 0;
        const result = checkCoupon(coupon, now, { signedIn: true, pastUses });
        if (!result.ok || !coupon) throw couponRejected(result.key);
        discount = couponDiscount(coupon.discountType, coupon.couponAmount, subtotal);
      }
      if (subscription && provider === "razorpay" && discount > 0) {
        // Razorpay's offers are made in its own dashboard; its API cannot lower a subscription's payment.
        throw fieldError(
          "validation_failed",
          "provider",
          "Razorpay cannot apply a coupon to a subscription; choose another payment method",
        );
      }
      const [row] = await tx
        .insert(orders)
        .values({
          accountId,
          userId: input.userId,
          coupon: coupon?.name ?? null,
          couponId: coupon?.id ?? null,
          items,
          subtotal,
          discount,
          totalAmount: subtotal - discount,
          currency,
          provider,
          idempotencyKey: key,
          createdAt: now,
        })
        .returning();
      const order =
        row.totalAmount === 0 ? ((await fulfil(tx, accountId, row, { source: "free", now }, out)) ?? row) : row;
      // What the provider is asked with, read here rather than in transactions of their own.
      const payment: PaymentStart = {
        settings: setup.settingsOf(provider),
        buyer: order.status === "pending" ? await buyerOf(tx, accountId, input.userId) : { name: "", email: "" },
        coupon,
        saveForLater: Boolean(input.offerFollows) || rows.some((p) => p.upsellProductId),
      };
      if (coupon) await claimCoupon(tx, accountId, coupon.id);
      return { order, payment };
    });
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal) throw couponRejected(refusal);
    // Two requests with one key: the second one's insert loses; it answers the first one's order.
    if (key && /orders_idempotency_idx|duplicate key/.test(String((err as Error).message))) {
      const existing = await withTenant(db, accountId, (tx) => orderByKey(tx, accountId, input.userId, key));
      if (existing) return { order: existing, created: false };
    }
    throw err;
  }
  const { order, payment } = placed;
  if (order.status !== "pending") return { order, created: true };
  return { order: await startPayment(db, accountId, order, input.origin, payment), created: true };
}

/**
 * Counts the order's use of its coupon and commits, in one message to the database: the update
 * takes the coupon's row lock, so buyers of one coupon wait for each other only while the database
 * runs it and writes the commit. The overall limit is checked on the row as it is once locked; a
 * coupon used up meanwhile refuses (cart.couponLimit) and rolls the whole order back. The per-member
 * limit was counted under the member's own lock (lockMemberCoupon).
 */
async function claimCoupon(tx: Tx, accountId: string, couponId: string) {
  await commitWith(tx, [
    sql`with claimed as (
          update ${coupons} set usage_count = usage_count + 1
          where account_id = ${accountId} and id = ${couponId} and (usage_limit = 0 or usage_count < usage_limit)
          returning 1)
        select atrium_refuse('cart.couponLimit') where not exists (select 1 from claimed)`,
  ]);
}

/** Until the transaction ends, one member's checkouts with one coupon wait for each other. */
async function lockMemberCoupon(tx: Tx, couponId: string, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`coupon:${couponId}:${userId}`}, 0))`);
}

async function orderByKey(tx: Tx, accountId: string, userId: string, key: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/** What a provider needs to bill a subscription item: its price, period and the coupon's discounted payments. */
function subscriptionCheckout(sub: OrderItem, firstAmount: number, coupon: CouponRow | null): SubscriptionCheckout {
  const duration = sub.frequency ?? { value: 30, parameter: 86400 };
  const discounted = coupon
    ? sub.amount - couponDiscount(coupon.discountType, coupon.couponAmount, sub.amount)
    : sub.amount;
  const later = coupon ? renewalsDiscounted(coupon.scope, coupon.payments) : 0;
  return {
    productId: sub.productId,
    productTitle: sub.title,
    amount: sub.amount,
    firstAmount,
    periodSeconds: periodSeconds(duration),
    duration,
    discount: discounted < sub.amount ? { amount: discounted, payments: later === null ? null : later + 1 } : null,
  };
}

/** What starting a payment needs, read in the order's transaction. */
type PaymentStart = {
  settings: ProviderSettings;
  buyer: { name: string; email: string };
  coupon: CouponRow | null;
  saveForLater?: boolean;
};

/** Asks a pending order's provider where the buyer pays it (an order made other than by placeOrder). */
export async function beginPayment(db: Db, accountId: string, order: OrderRow, origin: string): Promise<OrderRow> {
  const payment = await withTenant(db, accountId, async (tx) => ({
    settings: (await paymentSetup(tx, accountId)).settingsOf(order.provider as PaymentProviderName),
    buyer: await buyerOf(tx, accountId, order.userId),
    coupon: null,
  }));
  return startPayment(db, accountId, order, origin, payment);
}

async function buyerOf(tx: Tx, accountId: string, userId: string) {
  const [m] = await tx
    .select({ name: members.name, email: members.email })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
  return m ?? { name: "", email: "" };
}

/** Asks the order's provider where to pay; a provider that fails cancels the order and frees the coupon. */
async function startPayment(
  db: Db,
  accountId: string,
  order: OrderRow,
  origin: string,
  { settings, buyer, coupon, saveForLater }: PaymentStart,
): Promise<OrderRow> {
  const provider = providerFor(order.provider);
  if (!provider) throw fieldError("validation_failed", "provider", "Unknown payment method");
  const sub = order.items.find((i) => i.type === "subscription");
  try {
    const start = await provider.startCheckout(settings, {
      accountId,
      orderId: order.orderId,
      currency: order.currency,
      totalAmount: order.totalAmount,
      items: order.items.map((i) => ({
        productId: i.productId,
        title: i.title,
        amount: i.amount,
        quantity: i.quantity,
      })),
      subscription: sub ? subscriptionCheckout(sub, order.totalAmount, coupon) : null,
      plans: planStore(db, accountId),
      buyer: { userId: order.userId, ...buyer },
      successUrl: `${origin}/checkout/return?order=${order.orderId}`,
      cancelUrl: `${origin}/checkout?cancelled=${order.orderId}`,
      idempotencyKey: `order-${order.orderId}`,
      saveForLater,
    });
    const started = { providerRef: start.providerRef, checkoutUrl: start.kind === "redirect" ? start.url : null };
    // A provider with nothing to record (offline: the buyer pays outside) leaves the order as it is.
    if (started.providerRef === order.providerRef && started.checkoutUrl === order.checkoutUrl) return order;
    await withTenant(db, accountId, (tx) =>
      commitWith(tx, [
        tx
          .update(orders)
          .set(started)
          .where(and(eq(orders.accountId, accountId), eq(orders.orderId, order.orderId))),
      ]),
    );
    return { ...order, ...started };
  } catch (err) {
    console.error(`[payments] ${order.provider} checkout for ${order.orderId} failed:`, (err as Error).message);
    await cancelOrder(db, accountId, order.orderId, "failed");
    throw new AppError("payment_failed", "The payment could not be started. Try again or choose another method.");
  }
}

/** A pending order that will not be paid: cancelled (or failed), and its coupon use given back. */
export async function cancelOrder(
  db: Db,
  accountId: string,
  orderId: string,
  status: "cancelled" | "failed" = "cancelled",
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status })
      .where(and(eq(orders.accountId, accountId), eq(orders.orderId, orderId), eq(orders.status, "pending")))
      .returning();
    if (row?.couponId) {
      await tx
        .update(coupons)
        .set({ usageCount: sql`greatest(${coupons.usageCount} - 1, 0)` })
        .where(and(eq(coupons.accountId, accountId), eq(coupons.id, row.couponId)));
    }
    return row ?? null;
  });
}
