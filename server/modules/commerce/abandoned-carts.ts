// Abandoned carts: a known member's cart left untouched for the site's wait (option
// cart_abandon_minutes, default 60) raises cart_abandoned once. Touching the cart again clears
// abandonedAt, so a cart left a second time raises it again.
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberCarts, options } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { events } from "../events";

export const CART_ABANDON_OPTION = "cart_abandon_minutes";
export const DEFAULT_CART_ABANDON_MINUTES = 60;

/** The site's wait in minutes: a positive number in the option, else the default. */
export function abandonMinutes(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : DEFAULT_CART_ABANDON_MINUTES;
}

/** Marks every cart past its site's wait as abandoned and emits cart_abandoned for it; answers how many. */
export async function markAbandonedCarts(db: Db, now = new Date()): Promise<number> {
  // Candidates are carts older than the shortest possible wait; each site's own wait is applied below.
  const candidates = await withPlatform(db, (tx) =>
    tx
      .select({ accountId: memberCarts.accountId, userId: memberCarts.userId, updatedAt: memberCarts.updatedAt })
      .from(memberCarts)
      .where(
        and(
          isNull(memberCarts.abandonedAt),
          lt(memberCarts.updatedAt, now),
          sql`jsonb_array_length(${memberCarts.items}) > 0`,
        ),
      )
      // Oldest first: the carts most overdue are handled even when a run has more than it takes.
      .orderBy(asc(memberCarts.updatedAt))
      .limit(1000),
  );
  if (!candidates.length) return 0;
  const accountIds = [...new Set(candidates.map((c) => c.accountId))];
  const waits = await withPlatform(db, (tx) =>
    tx
      .select({ accountId: options.accountId, value: options.value })
      .from(options)
      .where(and(inArray(options.accountId, accountIds), eq(options.key, CART_ABANDON_OPTION))),
  );
  const waitOf = new Map(waits.map((w) => [w.accountId, abandonMinutes(w.value)]));
  let marked = 0;
  for (const c of candidates) {
    const minutes = waitOf.get(c.accountId) ?? DEFAULT_CART_ABANDON_MINUTES;
    const cutoff = new Date(now.getTime() - minutes * 60_000);
    if (c.updatedAt.getTime() >= cutoff.getTime()) continue;
    const done = await events.transaction(db, c.accountId, async (tx, out) => {
      // Re-checked under the update: a cart touched meanwhile is newer than the cutoff and stays.
      const [row] = await tx
        .update(memberCarts)
        .set({ abandonedAt: now })
        .where(
          and(
            eq(memberCarts.accountId, c.accountId),
            eq(memberCarts.userId, c.userId),
            isNull(memberCarts.abandonedAt),
            lt(memberCarts.updatedAt, cutoff),
          ),
        )
        .returning();
      if (!row || row.items.length === 0) return false;
      const total = row.items.reduce((s, i) => s + i.amount * (i.quantity ?? 1), 0);
      out.push(
        await events.emit(
          tx,
          c.accountId,
          "cart_abandoned",
          { userId: row.userId, items: row.items, total },
          row.userId,
        ),
      );
      return true;
    });
    if (done) marked++;
  }
  return marked;
}

const ABANDONED = "carts.abandoned";
jobs.define(ABANDONED, async (db) => {
  await markAbandonedCarts(db);
});
jobs.schedule(ABANDONED, "*/5 * * * *");
