// Subscriptions: renewals extend access from the end of the paid period; a cancelled or failed
// renewal ends access when the paid period runs out.
import type { Db } from "../../db/client";

export type SubscriptionRef = { subscriptionId?: string | null; provider?: string | null; providerRef?: string | null };

/** A renewal was paid: the period moves on from the current end (or to `periodEnd` when the provider says). */
export async function renewSubscription(
  _db: Db,
  _accountId: string,
  _ref: SubscriptionRef,
  _opts: { periodEnd?: Date | null; amount?: number | null; eventId?: string | null } = {},
): Promise<{ changed: boolean }> {
  throw new Error("Subscription renewals are not available yet");
}

/** The provider ended the subscription, or a renewal failed: access lasts to the end of the paid period. */
export async function stopSubscription(
  _db: Db,
  _accountId: string,
  _ref: SubscriptionRef,
  _reason: "cancelled" | "past_due",
): Promise<{ changed: boolean }> {
  throw new Error("Subscription endings are not available yet");
}
