// Suspending a site (decision 0031): staff take a site off the air with a reason, and restore it.
// The suspension is a row of the platform table site_suspensions, out of the site's own reach; host
// resolution reads it with the site, and every process drops its cached copy at once, so the next
// request of the site already answers the suspended page, and the first after a restore its content.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, siteSuspensions } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import { accounts as sites } from "../accounts";
import { type Actor, recordAudit } from "./subscriptions";

export type SiteSuspensionRow = typeof siteSuspensions.$inferSelect;

function checkReason(reason: unknown): string {
  const text = typeof reason === "string" ? reason.trim() : "";
  if (!text || text.length > 500)
    throw fieldError("validation_failed", "reason", "Give a reason (at most 500 characters)");
  return text;
}

export const siteSuspension = {
  async of(db: Db, siteId: string): Promise<SiteSuspensionRow | null> {
    const [row] = await withPlatform(db, (tx) =>
      tx.select().from(siteSuspensions).where(eq(siteSuspensions.siteId, siteId)),
    );
    return row ?? null;
  },

  /** Staff: suspends a site with a reason; audited. The platform's own site cannot be suspended. */
  async suspend(db: Db, siteId: string, input: { reason: unknown }, actor: Actor): Promise<SiteSuspensionRow> {
    const reason = checkReason(input.reason);
    const row = await withPlatform(db, async (tx) => {
      const [site] = await tx
        .select({ isPlatform: accounts.isPlatform })
        .from(accounts)
        .where(eq(accounts.accountId, siteId))
        .for("update");
      if (!site) throw notFound("Site");
      if (site.isPlatform) throw new AppError("conflict", "The platform's own site cannot be suspended");
      const [saved] = await tx
        .insert(siteSuspensions)
        .values({ siteId, reason, suspendedByEmail: actor.email })
        .onConflictDoNothing()
        .returning();
      if (!saved) throw new AppError("conflict", "The site is suspended already");
      await recordAudit(tx, actor, "site.suspend", siteId, { reason });
      return saved;
    });
    await sites.invalidate(siteId);
    return row;
  },

  /** Staff: lifts a suspension, with a reason; audited. The site answers again at once. */
  async restore(db: Db, siteId: string, input: { reason: unknown }, actor: Actor): Promise<void> {
    const reason = checkReason(input.reason);
    await withPlatform(db, async (tx) => {
      const [removed] = await tx.delete(siteSuspensions).where(eq(siteSuspensions.siteId, siteId)).returning();
      if (!removed) {
        const [site] = await tx.select({ id: accounts.accountId }).from(accounts).where(eq(accounts.accountId, siteId));
        if (!site) throw notFound("Site");
        throw new AppError("conflict", "The site is not suspended");
      }
      await recordAudit(tx, actor, "site.restore", siteId, {
        reason,
        suspendedAt: removed.suspendedAt.toISOString(),
        suspendedReason: removed.reason,
      });
    });
    await sites.invalidate(siteId);
  },
};
