import { sql } from "drizzle-orm";
import { PLANS } from "../../../core/plans";
import type { Db } from "../../db/client";
import { plans } from "../../db/schema";
import { withPlatform } from "../../db/tenant";

export const billing = {
  /** Writes the catalogue into the plans table (idempotent), so SQL reports can join on it. */
  async syncPlans(db: Db) {
    await withPlatform(db, async (tx) => {
      for (const p of PLANS) {
        const row = {
          id: p.id,
          slug: p.slug,
          label: p.label,
          description: p.description,
          kind: p.kind,
          features: [...p.features],
          addons: [...p.addons],
          limits: p.limits as Record<string, unknown>,
          pricing: p.pricing as unknown as Record<string, unknown>,
          trialDays: p.trialDays,
          concurrentUsers: p.concurrentUsers,
        };
        await tx
          .insert(plans)
          .values(row)
          .onConflictDoUpdate({ target: plans.id, set: { ...row, updatedAt: sql`now()` } });
      }
    });
  },
};
