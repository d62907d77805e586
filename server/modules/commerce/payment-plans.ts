// The plans a site has with its providers (payment_plans): a provider makes one the first time
// someone subscribes at a price and finds it here afterwards. Two first buyers at once may both
// ask the provider; the first row stays, and the provider's idempotency key makes the plans one.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentPlans } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { PlanStore } from "../../payments";

export function planStore(db: Db, accountId: string): PlanStore {
  return {
    get: (provider, key) =>
      withTenant(db, accountId, async (tx) => {
        const [row] = await tx
          .select({ planRef: paymentPlans.planRef })
          .from(paymentPlans)
          .where(
            and(
              eq(paymentPlans.accountId, accountId),
              eq(paymentPlans.provider, provider),
              eq(paymentPlans.planKey, key),
            ),
          );
        return row?.planRef ?? null;
      }),
    put: (provider, key, planRef, productId) =>
      withTenant(db, accountId, async (tx) => {
        await tx
          .insert(paymentPlans)
          .values({ accountId, provider, planKey: key, planRef, productId })
          .onConflictDoNothing();
      }),
  };
}
