// Subscriptions: renewals extend access from the end of the paid period; a cancelled or failed
// renewal ends access when the paid period runs out. A provider may repeat a renewal message: a
// renewal already applied (same provider event, the provider's count of payments already reached,
// or a period end that is not later) changes nothing. Stopping one from renewing, by the member or
// the owner, tells the provider first.
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { renewalAmount } from "../../../core/coupon";
import { periodEnd } from "../../../core/product";
import type { Db, Tx } from "../../db/client";
import { coupons, eventOutbox, memberMemberships, orders, subscriptions } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import { jobs } from "../../jobs/queue";
import { providerFor } from "../../payments";
import { events } from "../events";
import { revokeGrants } from "./fulfilment";
import { providerSettings } from "./settings";

export type SubscriptionRef = { subscriptionId?: string | null; provider?: string | null; providerRef?: string | null };
export type SubscriptionRow = typeof subscriptions.$inferSelect;

async function findSubscription(tx: Tx, accountId: string, ref: SubscriptionRef) {
  const where = ref.subscriptionId
    ? eq(subscriptions.id, ref.subscriptionId)
    : ref.provider && ref.providerRef
      ? and(eq(subscriptions.provider, ref.provider), eq(subscriptions.providerRef, ref.providerRef))
      : null;
  if (!where) return null;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), where))
    .for("update");
  return row ?? null;
}

async function renewalAlreadyApplied(tx: Tx, accountId: string, subscriptionId: string, eventId: string) {
  const [row] = await tx
    .select({ id: eventOutbox.id })
    .from(eventOutbox)
    .where(
      and(
        eq(eventOutbox.accountId, accountId),
        eq(eventOutbox.type, "payment_success"),
        sql`${eventOutbox.payload}->>'subscriptionId' = ${subscriptionId}`,
        sql`${eventOutbox.payload}->>'eventId' = ${eventId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A renewal was paid: the period moves on from the current end (or to `periodEnd` when the provider says). */
export async function renewSubscription(
  db: Db,
  accountId: string,
  ref: SubscriptionRef,
  opts: {
    periodEnd?: Date | null;
    amount?: number | null;
    eventId?: string | null;
    /** The provider's count of payments including this one: a count already recorded changes nothing. */
    payments?: number | null;
    actorId?: string | null;
    now?: Date;
  } = {},
): Promise<{ changed: boolean; subscription?: SubscriptionRow }> {
  return events.transaction(db, accountId, async (tx, out) => {
    const sub = await findSubscription(tx, accountId, ref);
    if (!sub || sub.status === "ended") return { changed: false };
    if (opts.payments != null && opts.payments <= sub.payments) return { changed: false };
    if (opts.eventId && (await renewalAlreadyApplied(tx, accountId, sub.id, opts.eventId))) return { changed: false };
    if (opts.periodEnd && opts.periodEnd.getTime() <= sub.currentPeriodEnd.getTime()) return { changed: false };
    const now = opts.now ?? new Date();
    // From the current end, so paying early never loses days; a late payment starts now.
    const from = sub.currentPeriodEnd.getTime() > now.getTime() ? sub.currentPeriodEnd : now;
    const newEnd = opts.periodEnd ?? periodEnd(from, sub.frequency);
    const coupon = sub.couponId
      ? ((
          await tx
            .select()
            .from(coupons)
            .where(and(eq(coupons.accountId, accountId), eq(coupons.id, sub.couponId)))
        )[0] ?? null)
      : null;
    const price = renewalAmount(sub.amount, coupon, sub.couponPaymentsLeft);
    const [updated] = await tx
      .update(subscriptions)
      .set({
        status: "active",
        currentPeriodEnd: newEnd,
        payments: opts.payments ?? sql`${subscriptions.payments} + 1`,
        couponPaymentsLeft: coupon ? price.left : sub.couponPaymentsLeft,
        cancelAtPeriodEnd: false,
      })
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, sub.id)))
      .returning();
    const [order] = await tx
      .select({ grants: orders.grants })
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.orderId, sub.orderId)));
    const granted = order?.grants.memberships ?? [];
    if (granted.length) {
      await tx
        .update(memberMemberships)
        .set({ endsAt: newEnd, status: "active", updatedAt: now })
        .where(
          and(
            eq(memberMemberships.accountId, accountId),
            eq(memberMemberships.userId, sub.userId),
            eq(memberMemberships.orderId, sub.orderId),
            inArray(memberMemberships.membershipId, granted),
          ),
        );
    }
    out.push(
      await events.emit(
        tx,
        accountId,
        "payment_success",
        {
          subscriptionId: sub.id,
          orderId: sub.orderId,
          userId: sub.userId,
          renewal: true,
          amount: opts.amount ?? price.amount,
          currency: sub.currency,
          eventId: opts.eventId ?? null,
        },
        opts.actorId ?? sub.userId,
      ),
    );
    return { changed: true, subscription: updated };
  });
}

/** The provider ended the subscription, or a renewal failed: access lasts to the end of the paid period. */
export async function stopSubscription(
  db: Db,
  accountId: string,
  ref: SubscriptionRef,
  reason: "cancelled" | "past_due",
): Promise<{ changed: boolean }> {
  return withTenant(db, accountId, async (tx) => {
    const sub = await findSubscription(tx, accountId, ref);
    if (!sub || sub.status === "ended" || sub.status === reason) return { changed: false };
    // A subscription already cancelled stays cancelled when its last renewal also fails.
    if (sub.status === "cancelled" && reason === "past_due") return { changed: false };
    await tx
      .update(subscriptions)
      .set({ status: reason, cancelAtPeriodEnd: reason === "cancelled" ? true : sub.cancelAtPeriodEnd })
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, sub.id)));
    return { changed: true };
  });
}

/**
 * Ends the subscriptions whose paid period is over and that will not renew: cancelled or past due,
 * and offline ones nobody recorded a renewal for. What their order granted is taken back; the order
 * itself stays paid (it was paid for that period).
 */
export async function expireSubscriptions(db: Db, now = new Date()): Promise<number> {
  const due = await withPlatform(db, (tx) =>
    tx
      .select({ id: subscriptions.id, accountId: subscriptions.accountId })
      .from(subscriptions)
      .where(
        and(
          lt(subscriptions.currentPeriodEnd, now),
          or(
            inArray(subscriptions.status, ["cancelled", "past_due"]),
            and(eq(subscriptions.status, "active"), eq(subscriptions.provider, "offline")),
          ),
        ),
      )
      .limit(500),
  );
  let ended = 0;
  for (const d of due) {
    const done = await events.transaction(db, d.accountId, async (tx, out) => {
      const sub = await findSubscription(tx, d.accountId, { subscriptionId: d.id });
      if (!sub || sub.status === "ended" || sub.currentPeriodEnd.getTime() >= now.getTime()) return false;
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, d.accountId), eq(orders.orderId, sub.orderId)));
      if (order) await revokeGrants(tx, d.accountId, { ...order, subscriptionId: sub.id }, out, null);
      const [still] = await tx
        .update(subscriptions)
        .set({ status: "ended", endedAt: now })
        .where(
          and(
            eq(subscriptions.accountId, d.accountId),
            eq(subscriptions.id, sub.id),
            inArray(subscriptions.status, ["active", "past_due", "cancelled"]),
          ),
        )
        .returning({ id: subscriptions.id });
      if (still) {
        out.push(
          await events.emit(
            tx,
            d.accountId,
            "subscription_ended",
            { subscriptionId: sub.id, userId: sub.userId, orderId: sub.orderId },
            null,
          ),
        );
      }
      return true;
    });
    if (done) ended++;
  }
  return ended;
}

const EXPIRE = "subscriptions.expire";
jobs.define(EXPIRE, async (db) => {
  await expireSubscriptions(db);
});
jobs.schedule(EXPIRE, "*/5 * * * *");

/**
 * Stops renewing: the provider is told first (an online subscription would otherwise go on
 * charging), then access lasts until the end of the paid period.
 */
async function stopRenewing(db: Db, accountId: string, sub: SubscriptionRow): Promise<SubscriptionRow> {
  if (sub.status === "ended") throw new AppError("conflict", "This subscription has already ended");
  if (sub.status === "cancelled") return sub;
  const provider = providerFor(sub.provider);
  if (provider && sub.provider !== "offline" && sub.providerRef) {
    const settings = await withTenant(db, accountId, (tx) => providerSettings(tx, accountId, sub.provider));
    try {
      await provider.cancelSubscription(settings, sub.providerRef);
    } catch (err) {
      console.error(`[payments] cancelling subscription ${sub.id} failed:`, (err as Error).message);
      throw new AppError("payment_failed", "The payment provider did not accept the cancellation; try again.");
    }
  }
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ status: "cancelled", cancelAtPeriodEnd: true })
      .where(
        and(
          eq(subscriptions.accountId, accountId),
          eq(subscriptions.id, sub.id),
          inArray(subscriptions.status, ["active", "past_due"]),
        ),
      )
      .returning();
    return row ?? sub;
  });
}

async function subscriptionRow(db: Db, accountId: string, id: string, userId: string | null) {
  const row = await withTenant(db, accountId, async (tx) => {
    const [found] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.accountId, accountId),
          eq(subscriptions.id, id),
          userId ? eq(subscriptions.userId, userId) : undefined,
        ),
      );
    return found ?? null;
  });
  if (!row) throw notFound("Subscription");
  return row;
}

/** The buyer stops renewing their own subscription; anyone else's is not found. */
export async function cancelMySubscription(db: Db, accountId: string, userId: string, id: string) {
  return stopRenewing(db, accountId, await subscriptionRow(db, accountId, id, userId));
}

/** The site's owner stops a member's subscription renewing (the member keeps the paid period). */
export async function cancelSiteSubscription(db: Db, accountId: string, id: string) {
  return stopRenewing(db, accountId, await subscriptionRow(db, accountId, id, null));
}

/** The owner records an offline renewal payment: the period moves on exactly as a provider renewal. */
export async function recordOfflineRenewal(db: Db, accountId: string, id: string, actorId: string | null) {
  const sub = await withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, id)));
    return row ?? null;
  });
  if (!sub) throw notFound("Subscription");
  if (sub.provider !== "offline") {
    throw new AppError("conflict", "Renewals of online subscriptions are recorded by their payment provider");
  }
  if (sub.status === "ended") throw new AppError("conflict", "This subscription has already ended");
  const result = await renewSubscription(db, accountId, { subscriptionId: id }, { actorId });
  return result.subscription ?? sub;
}
