// A verified provider message, handled once: its id is recorded in payment_events in the same
// transaction as what it changes, so a replay (or two deliveries racing) finds the id and changes
// nothing. Subscription renewals and endings run after that transaction (they are idempotent too).
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { orders, paymentEvents } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { ProviderEvent } from "../../payments";
import { events } from "../events";
import { markOrderPaidIn } from "./fulfilment";
import { renewSubscription, stopSubscription } from "./subscriptions";

export type HandledEvent = { duplicate: boolean; orderId: string | null; changed: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a message is about: our id when it echoes one, else the provider's reference. */
async function findOrder(tx: Tx, accountId: string, provider: string, event: ProviderEvent) {
  if (event.orderId && UUID.test(event.orderId)) {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.orderId, event.orderId), eq(orders.provider, provider)));
    if (row) return row;
  }
  if (event.providerRef) {
    const [row] = await tx
      .select()
      .from(orders)
      .where(
        and(eq(orders.accountId, accountId), eq(orders.provider, provider), eq(orders.providerRef, event.providerRef)),
      );
    if (row) return row;
  }
  return null;
}

/** A subscription order starts only from a message that names the provider's subscription. */
const isSubscriptionOrder = (order: { items: { type: string }[] }) =>
  order.items.some((i) => i.type === "subscription");

export async function handleProviderEvent(
  db: Db,
  accountId: string,
  provider: string,
  event: ProviderEvent,
): Promise<HandledEvent> {
  const pays = event.type === "payment_succeeded" || event.type === "subscription_renewed";
  const result = await events.transaction(db, accountId, async (tx, out): Promise<HandledEvent> => {
    const order = pays ? await findOrder(tx, accountId, provider, event) : null;
    const inserted = await tx
      .insert(paymentEvents)
      .values({ accountId, provider, eventId: event.id, type: event.type, orderId: order?.orderId ?? null })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (inserted.length === 0) return { duplicate: true, orderId: order?.orderId ?? null, changed: false };
    if (!pays) return { duplicate: false, orderId: null, changed: false };
    if (!order) {
      // Another site's order, or one we never made (a renewal names no order): nothing to pay here.
      if (event.type === "payment_succeeded") {
        console.warn(
          `[webhooks] ${provider} ${event.id}: no order on this site for ${event.orderId ?? event.providerRef}`,
        );
      }
      return { duplicate: false, orderId: null, changed: false };
    }
    if (isSubscriptionOrder(order) && !event.subscriptionRef) {
      // A bare payment message would start the subscription without the provider's reference, and
      // its renewals could never be matched: the subscription's own messages pay this order.
      return { duplicate: false, orderId: order.orderId, changed: false };
    }
    // A renewal may arrive before any message about the first payment did: that payment was made.
    const paid = await markOrderPaidIn(
      tx,
      accountId,
      order.orderId,
      {
        source: "provider",
        providerRef: event.providerRef ?? null,
        subscriptionRef: event.subscriptionRef ?? null,
        periodEnd: event.type === "payment_succeeded" ? (event.periodEnd ?? null) : null,
      },
      out,
    );
    return { duplicate: false, orderId: order.orderId, changed: paid.changed };
  });
  if (result.duplicate) return result;
  try {
    const change = await subscriptionChange(db, accountId, provider, event);
    return { ...result, changed: result.changed || Boolean(change.changed) };
  } catch (err) {
    // Not applied: forget the message so the provider's next delivery tries again.
    await withTenant(db, accountId, (tx) =>
      tx
        .delete(paymentEvents)
        .where(
          and(
            eq(paymentEvents.accountId, accountId),
            eq(paymentEvents.provider, provider),
            eq(paymentEvents.eventId, event.id),
          ),
        ),
    );
    throw err;
  }
}

/** Renewals and endings (their own transactions, idempotent on their own). */
async function subscriptionChange(db: Db, accountId: string, provider: string, event: ProviderEvent) {
  if (!event.subscriptionRef) return {};
  const ref = { provider, providerRef: event.subscriptionRef };
  if (event.type === "subscription_renewed") {
    const r = await renewSubscription(db, accountId, ref, {
      periodEnd: event.periodEnd ?? null,
      amount: event.amount ?? null,
      eventId: event.id,
      payments: event.payments ?? null,
    });
    return { changed: r.changed };
  }
  if (event.type === "subscription_ended" || event.type === "payment_failed") {
    const r = await stopSubscription(db, accountId, ref, event.type === "payment_failed" ? "past_due" : "cancelled");
    return { changed: r.changed };
  }
  return {};
}
