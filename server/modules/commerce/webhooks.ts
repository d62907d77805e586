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

export async function handleProviderEvent(
  db: Db,
  accountId: string,
  provider: string,
  event: ProviderEvent,
): Promise<HandledEvent> {
  const result = await events.transaction(db, accountId, async (tx, out): Promise<HandledEvent> => {
    const order = event.type === "payment_succeeded" ? await findOrder(tx, accountId, provider, event) : null;
    const inserted = await tx
      .insert(paymentEvents)
      .values({ accountId, provider, eventId: event.id, type: event.type, orderId: order?.orderId ?? null })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (inserted.length === 0) return { duplicate: true, orderId: order?.orderId ?? null, changed: false };
    if (event.type !== "payment_succeeded") return { duplicate: false, orderId: null, changed: false };
    if (!order) {
      // Another site's order, or one we never made: nothing to change here.
      console.warn(
        `[webhooks] ${provider} ${event.id}: no order on this site for ${event.orderId ?? event.providerRef}`,
      );
      return { duplicate: false, orderId: null, changed: false };
    }
    const paid = await markOrderPaidIn(
      tx,
      accountId,
      order.orderId,
      {
        source: "provider",
        providerRef: event.providerRef ?? null,
        subscriptionRef: event.subscriptionRef ?? null,
      },
      out,
    );
    return { duplicate: false, orderId: order.orderId, changed: paid.changed };
  });
  if (result.duplicate) return result;
  try {
    return { ...result, ...(await subscriptionChange(db, accountId, provider, event)) };
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
    });
    return { changed: r.changed };
  }
  if (event.type === "subscription_ended" || event.type === "payment_failed") {
    const r = await stopSubscription(db, accountId, ref, event.type === "payment_failed" ? "past_due" : "cancelled");
    return { changed: r.changed };
  }
  return {};
}
