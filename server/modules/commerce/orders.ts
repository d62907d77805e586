// Orders (spec §3 orders; ARCHITECTURE.md money rules): placing one re-checks the coupon and counts
// its use under the coupon's row lock, so two buyers racing for the last use cannot both get it;
// paying grants the products' courses and memberships in the same transaction as the status change,
// so a crash leaves either nothing or everything; paying twice changes nothing the second time.
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { checkCoupon, couponDiscount, renewalsDiscounted } from "../../../core/coupon";
import { currencyOf, type PaymentProviderName, providersFor } from "../../../core/currency";
import { periodEnd, periodSeconds, priceOf } from "../../../core/product";
import type { Db, Tx } from "../../db/client";
import {
  accounts,
  coupons,
  memberCarts,
  memberMemberships,
  members,
  memberships,
  type OrderGrants,
  type OrderItem,
  orders,
  products,
  subscriptions,
} from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import { providerFor } from "../../payments";
import { enrolStudent, unenrolStudent } from "../enrolment";
import { type Emitted, events } from "../events";
import { enabledProviders, providerSettings } from "./settings";

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

/** One page of orders matching `where`, newest first, with the exact count. */
export async function pageOfOrders(tx: Tx, where: SQL | undefined, page: number, perPage: number) {
  const [{ n }] = await tx.select({ n: count() }).from(orders).where(where);
  const rows = await tx
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, count: Number(n) };
}

/** A coupon by name (case-insensitive, trimmed) on this site. */
export async function findCoupon(tx: Tx, accountId: string, name: string, lock = false) {
  const q = tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.accountId, accountId), sql`lower(${coupons.name}) = lower(${name.trim()})`));
  const [row] = lock ? await q.for("update") : await q;
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
  const enabled = await withTenant(db, accountId, (tx) => enabledProviders(tx, accountId));

  let order: OrderRow;
  try {
    order = await events.transaction(db, accountId, async (tx, out) => {
      const currency = await siteCurrency(tx, accountId);
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
          amount: price.amount,
          quantity: 1,
          type: price.type === "subscription" ? "subscription" : "oneTime",
          frequency: price.type === "subscription" ? (price.duration ?? null) : null,
        });
      }
      if (items.some((i) => i.type === "subscription") && items.length > 1) {
        throw fieldError("validation_failed", "productIds", "A subscription is bought on its own");
      }
      const subscription = items.some((i) => i.type === "subscription");
      const choices = providersFor(currency, enabled, { subscription });
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
        // The row lock serialises buyers of one coupon: the count below is the truth when we add ours.
        coupon = await findCoupon(tx, accountId, input.coupon, true);
        const pastUses = coupon ? await couponUsesBy(tx, accountId, coupon.id, input.userId) : 0;
        const result = checkCoupon(coupon, now, { signedIn: true, pastUses });
        if (!result.ok || !coupon) throw couponRejected(result.key);
        await tx
          .update(coupons)
          .set({ usageCount: sql`${coupons.usageCount} + 1` })
          .where(and(eq(coupons.accountId, accountId), eq(coupons.id, coupon.id)));
        discount = couponDiscount(coupon.discountType, coupon.couponAmount, subtotal);
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
      if (row.totalAmount === 0) return (await fulfil(tx, accountId, row, { source: "free", now }, out)) ?? row;
      return row;
    });
  } catch (err) {
    // Two requests with one key: the second one's insert loses; it answers the first one's order.
    if (key && /orders_idempotency_idx|duplicate key/.test(String((err as Error).message))) {
      const existing = await withTenant(db, accountId, (tx) => orderByKey(tx, accountId, input.userId, key));
      if (existing) return { order: existing, created: false };
    }
    throw err;
  }
  if (order.status !== "pending") return { order, created: true };
  return { order: await startPayment(db, accountId, order, input.origin), created: true };
}

async function orderByKey(tx: Tx, accountId: string, userId: string, key: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/** Asks the order's provider where to pay; a provider that fails cancels the order and frees the coupon. */
async function startPayment(db: Db, accountId: string, order: OrderRow, origin: string): Promise<OrderRow> {
  const provider = providerFor(order.provider);
  if (!provider) throw fieldError("validation_failed", "provider", "Unknown payment method");
  const settings = await withTenant(db, accountId, (tx) => providerSettings(tx, accountId, order.provider));
  const buyer = await withTenant(db, accountId, async (tx) => {
    const [m] = await tx
      .select({ name: members.name, email: members.email })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.userId, order.userId)));
    return m ?? { name: "", email: "" };
  });
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
      subscription: sub
        ? {
            amount: sub.amount,
            firstAmount: order.totalAmount,
            periodSeconds: periodSeconds(sub.frequency),
            productTitle: sub.title,
          }
        : null,
      buyer: { userId: order.userId, ...buyer },
      successUrl: `${origin}/checkout/return?order=${order.orderId}`,
      cancelUrl: `${origin}/checkout?cancelled=${order.orderId}`,
      idempotencyKey: `order-${order.orderId}`,
    });
    return await withTenant(db, accountId, async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ providerRef: start.providerRef, checkoutUrl: start.kind === "redirect" ? start.url : null })
        .where(and(eq(orders.accountId, accountId), eq(orders.orderId, order.orderId)))
        .returning();
      return row;
    });
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

export type PaidBy = {
  /** Who confirmed it: the owner (offline), a provider message, the return page or the reconcile sweep. */
  source: "owner" | "provider" | "return" | "reconcile" | "free";
  providerRef?: string | null;
  subscriptionRef?: string | null;
  actorId?: string | null;
  now?: Date;
};

/**
 * Marks a pending order paid and grants what it bought, in one transaction. Returns the order and
 * whether this call changed it: a second call (a replayed webhook, the return page after the webhook)
 * finds it paid and changes nothing.
 */
export async function markOrderPaid(db: Db, accountId: string, orderId: string, by: PaidBy) {
  return events.transaction(db, accountId, (tx, out) => markOrderPaidIn(tx, accountId, orderId, by, out));
}

/** markOrderPaid inside the caller's transaction (webhooks record the provider event in the same one). */
export async function markOrderPaidIn(tx: Tx, accountId: string, orderId: string, by: PaidBy, out: Emitted) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.orderId, orderId)))
    .for("update");
  if (!order) throw notFound("Order");
  if (order.status !== "pending" && order.status !== "failed") return { order, changed: false };
  const paid = await fulfil(tx, accountId, order, by, out);
  return { order: paid ?? order, changed: true };
}

/** Grants the order's courses and memberships, starts its subscription, emits the events. */
async function fulfil(tx: Tx, accountId: string, order: OrderRow, by: PaidBy, out: Emitted): Promise<OrderRow | null> {
  const now = by.now ?? new Date();
  const grants: OrderGrants = { courses: [], memberships: [], errors: [] };
  const productIds = order.items.map((i) => i.productId);
  const rows = productIds.length
    ? await tx
        .select()
        .from(products)
        .where(and(eq(products.accountId, accountId), inArray(products.id, productIds)))
    : [];
  const sub = order.items.find((i) => i.type === "subscription");
  let subscriptionId: string | null = null;
  let accessEnds: Date | null = null;
  if (sub) {
    accessEnds = periodEnd(now, sub.frequency);
    const coupon = order.couponId
      ? (
          await tx
            .select()
            .from(coupons)
            .where(and(eq(coupons.accountId, accountId), eq(coupons.id, order.couponId)))
        )[0]
      : null;
    const [s] = await tx
      .insert(subscriptions)
      .values({
        accountId,
        userId: order.userId,
        productId: sub.productId,
        orderId: order.orderId,
        provider: order.provider,
        providerRef: by.subscriptionRef ?? null,
        amount: sub.amount,
        currency: order.currency,
        frequency: sub.frequency ?? { value: 30, parameter: 86400 },
        couponId: coupon?.id ?? null,
        couponPaymentsLeft: coupon ? renewalsDiscounted(coupon.scope, coupon.payments) : null,
        currentPeriodEnd: accessEnds,
        createdAt: now,
      })
      .returning({ id: subscriptions.id });
    subscriptionId = s.id;
    out.push(
      await events.emit(
        tx,
        accountId,
        "subscription_started",
        {
          subscriptionId,
          orderId: order.orderId,
          productId: sub.productId,
          userId: order.userId,
        },
        order.userId,
      ),
    );
  }
  const courseIds = new Set<string>();
  for (const p of rows) for (const c of p.courseIds) courseIds.add(c);
  const membershipIds = [...new Set(rows.flatMap((p) => p.membershipIds))];
  if (membershipIds.length) {
    const ms = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, membershipIds)));
    for (const m of ms) {
      for (const c of m.courseIds) courseIds.add(c);
      await tx
        .insert(memberMemberships)
        .values({
          accountId,
          membershipId: m.id,
          userId: order.userId,
          status: "active",
          orderId: order.orderId,
          subscriptionId,
          startsAt: now,
          endsAt: accessEnds,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [memberMemberships.accountId, memberMemberships.membershipId, memberMemberships.userId],
          set: { status: "active", orderId: order.orderId, subscriptionId, endsAt: accessEnds, updatedAt: now },
        });
      grants.memberships.push(m.id);
      out.push(
        await events.emit(
          tx,
          accountId,
          "membership_subscribed",
          {
            membershipId: m.id,
            orderId: order.orderId,
            userId: order.userId,
          },
          order.userId,
        ),
      );
    }
  }
  for (const courseId of courseIds) {
    try {
      // A savepoint: a course that cannot take the student (full, deleted) does not undo the payment.
      const result = await tx.transaction((sp) =>
        enrolStudent(sp, accountId, { courseId, studentId: order.userId, by: "system", now }, out),
      );
      if (result.created) grants.courses.push(courseId);
    } catch (err) {
      const code = err instanceof AppError ? err.code : "internal";
      grants.errors?.push({ courseId, code });
      console.error(`[orders] ${order.orderId}: course ${courseId} not granted (${code})`);
    }
  }
  if (!grants.errors?.length) delete grants.errors;
  const [paid] = await tx
    .update(orders)
    .set({
      status: "paid",
      paidAt: now,
      grants,
      subscriptionId,
      providerRef: by.providerRef ?? order.providerRef,
    })
    .where(and(eq(orders.accountId, accountId), eq(orders.orderId, order.orderId)))
    .returning();
  await tx.delete(memberCarts).where(and(eq(memberCarts.accountId, accountId), eq(memberCarts.userId, order.userId)));
  out.push(
    await events.emit(
      tx,
      accountId,
      "payment_success",
      {
        orderId: order.orderId,
        userId: order.userId,
        totalAmount: order.totalAmount,
        currency: order.currency,
        productIds,
        source: by.source,
      },
      by.actorId ?? order.userId,
    ),
  );
  return paid ?? null;
}

/**
 * Refunds a paid order: the provider returns the money first, then in one transaction the order is
 * refunded and exactly what it granted is taken back (enrolments it created, its memberships, its
 * subscription).
 */
export async function refundOrder(db: Db, accountId: string, orderId: string, actorId: string | null) {
  const order = await withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.orderId, orderId)));
    return row ?? null;
  });
  if (!order) throw notFound("Order");
  if (order.status !== "paid") throw new AppError("conflict", "Only a paid order can be refunded");
  const provider = providerFor(order.provider);
  if (provider && order.providerRef && order.totalAmount > 0) {
    const settings = await withTenant(db, accountId, (tx) => providerSettings(tx, accountId, order.provider));
    try {
      await provider.refund(settings, order.providerRef, order.totalAmount);
    } catch (err) {
      console.error(`[payments] refund of ${orderId} failed:`, (err as Error).message);
      throw new AppError("payment_failed", "The provider did not accept the refund; nothing was changed.");
    }
  }
  return events.transaction(db, accountId, async (tx, out) => {
    const [row] = await tx
      .update(orders)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(and(eq(orders.accountId, accountId), eq(orders.orderId, orderId), eq(orders.status, "paid")))
      .returning();
    if (!row) return order;
    await revokeGrants(tx, accountId, row, out, actorId);
    return row;
  });
}

/** Takes back what an order granted (refund, or a subscription that ended). */
export async function revokeGrants(tx: Tx, accountId: string, order: OrderRow, out: Emitted, actorId: string | null) {
  for (const courseId of order.grants.courses) await unenrolStudent(tx, accountId, courseId, order.userId);
  if (order.grants.memberships.length) {
    const ended = await tx
      .update(memberMemberships)
      .set({ status: "revoked", endsAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(memberMemberships.accountId, accountId),
          eq(memberMemberships.userId, order.userId),
          inArray(memberMemberships.membershipId, order.grants.memberships),
          eq(memberMemberships.orderId, order.orderId),
        ),
      )
      .returning({ membershipId: memberMemberships.membershipId });
    for (const m of ended) {
      out.push(
        await events.emit(
          tx,
          accountId,
          "membership_ended",
          { membershipId: m.membershipId, userId: order.userId, orderId: order.orderId },
          actorId,
        ),
      );
    }
  }
  if (order.subscriptionId) {
    const [s] = await tx
      .update(subscriptions)
      .set({ status: "ended", endedAt: new Date() })
      .where(
        and(
          eq(subscriptions.accountId, accountId),
          eq(subscriptions.id, order.subscriptionId),
          inArray(subscriptions.status, ["active", "past_due", "cancelled"]),
        ),
      )
      .returning({ id: subscriptions.id });
    if (s) {
      out.push(
        await events.emit(
          tx,
          accountId,
          "subscription_ended",
          { subscriptionId: s.id, userId: order.userId, orderId: order.orderId },
          actorId,
        ),
      );
    }
  }
}
