// Paying an order and taking it back: marking it paid grants the products' courses and
// memberships and starts its subscription in the same transaction as the status change, so a crash
// leaves either nothing or everything; a refund takes back exactly what the order granted.
import { and, eq, inArray } from "drizzle-orm";
import { renewalsDiscounted } from "../../../core/coupon";
import { periodEnd } from "../../../core/product";
import type { Db, Tx } from "../../db/client";
import {
  coupons,
  memberCarts,
  memberMemberships,
  memberships,
  type OrderGrants,
  orders,
  products,
  subscriptions,
} from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import { providerFor } from "../../payments";
import { enrolStudent, unenrolStudent } from "../enrolment";
import { type Emitted, events } from "../events";
import type { OrderRow } from "./orders";
import { siteProviderSettings } from "./settings";

export type PaidBy = {
  /** Who confirmed it: the owner (offline), a provider message, the return page or the reconcile sweep. */
  source: "owner" | "provider" | "return" | "reconcile" | "free";
  providerRef?: string | null;
  subscriptionRef?: string | null;
  /** The end of the period the first payment paid for, when the provider says (else one period from now). */
  periodEnd?: Date | null;
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
export async function fulfil(
  tx: Tx,
  accountId: string,
  order: OrderRow,
  by: PaidBy,
  out: Emitted,
): Promise<OrderRow | null> {
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
    accessEnds = by.periodEnd && by.periodEnd.getTime() > now.getTime() ? by.periodEnd : periodEnd(now, sub.frequency);
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
    const settings = await siteProviderSettings(db, accountId, order.provider);
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
