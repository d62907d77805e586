// The reconcile sweep: an order paid at the provider whose webhook never arrived (the server went
// down between the payment and the message, or the message was lost) is completed by asking the
// provider. markOrderPaid is idempotent, so the sweep, the return page and a late webhook can all
// arrive for one order and it is fulfilled once.
import { and, gt, inArray, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { providerFor } from "../../payments";
import { markOrderPaid } from "./fulfilment";
import { providerSettings } from "./settings";

const RECONCILE = "payments.reconcile";
const ONLINE = ["stripe", "paypal", "razorpay"];
const DAY_MS = 86_400_000;

export type ReconcileResult = { checked: number; paid: number; failed: number };

/**
 * Asks the provider about pending online orders older than `olderThanMs` (default one minute, so a
 * buyer still on the provider's page is left alone) and younger than `maxAgeMs` (default three days).
 */
export async function reconcilePayments(
  db: Db,
  opts: { olderThanMs?: number; maxAgeMs?: number; now?: Date } = {},
): Promise<ReconcileResult> {
  const now = opts.now ?? new Date();
  const newest = new Date(now.getTime() - (opts.olderThanMs ?? 60_000));
  const oldest = new Date(now.getTime() - (opts.maxAgeMs ?? 3 * DAY_MS));
  const pending = await withPlatform(db, (tx) =>
    tx
      .select({
        accountId: orders.accountId,
        orderId: orders.orderId,
        provider: orders.provider,
        providerRef: orders.providerRef,
      })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ["pending"]),
          inArray(orders.provider, ONLINE),
          isNotNull(orders.providerRef),
          lt(orders.createdAt, newest),
          gt(orders.createdAt, oldest),
        ),
      )
      .limit(500),
  );
  const result: ReconcileResult = { checked: 0, paid: 0, failed: 0 };
  for (const o of pending) {
    const provider = providerFor(o.provider);
    if (!provider || !o.providerRef) continue;
    result.checked++;
    try {
      const settings = await withTenant(db, o.accountId, (tx) => providerSettings(tx, o.accountId, o.provider));
      if (!provider.configured(settings)) continue;
      const status = await provider.paymentStatus(settings, o.providerRef);
      if (!status.paid) continue;
      const done = await markOrderPaid(db, o.accountId, o.orderId, {
        source: "reconcile",
        providerRef: status.providerRef ?? o.providerRef,
        subscriptionRef: status.subscriptionRef ?? null,
        periodEnd: status.periodEnd ?? null,
      });
      if (done.changed) {
        result.paid++;
        console.info(`[payments] reconciled ${o.provider} order ${o.orderId}`);
      }
    } catch (err) {
      result.failed++;
      console.error(`[payments] reconcile of ${o.orderId} failed:`, (err as Error).message);
    }
  }
  return result;
}

jobs.define(
  RECONCILE,
  async (db) => {
    await reconcilePayments(db);
  },
  { retryLimit: 0 },
);
jobs.schedule(RECONCILE, "*/5 * * * *");
