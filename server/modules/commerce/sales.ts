// course_on_sale (spec §9): when a published product's sale window opens, a scheduled job announces
// it once for each course the product sells. The window announced is recorded on the product in the
// transaction of its events (an atomic claim), so a rerun, or two workers at once, announce nothing
// more, while a new window set later is announced again.
import { and, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { events } from "../events";

const windowOpen = (now: Date) =>
  and(
    eq(products.status, "published"),
    isNotNull(products.salePrice),
    lte(products.saleStartsAt, now),
    gt(products.saleEndsAt, now),
    sql`${products.saleAnnouncedFor} is distinct from ${products.saleStartsAt}`,
  );

/** Announces every sale window open at `now` and not announced yet; answers how many products. */
export async function announceSales(db: Db, now = new Date()): Promise<number> {
  const due = await withPlatform(db, (tx) =>
    tx.select({ accountId: products.accountId, id: products.id }).from(products).where(windowOpen(now)),
  );
  let announced = 0;
  for (const p of due) {
    const done = await events.transaction(db, p.accountId, async (tx, out) => {
      const [claimed] = await tx
        .update(products)
        .set({ saleAnnouncedFor: sql`${products.saleStartsAt}` })
        .where(and(eq(products.accountId, p.accountId), eq(products.id, p.id), windowOpen(now)))
        .returning();
      if (!claimed) return false;
      out.push(
        ...(await events.emitAll(
          tx,
          p.accountId,
          claimed.courseIds.map((courseId) => ({
            type: "course_on_sale",
            payload: {
              productId: claimed.id,
              courseId,
              salePrice: claimed.salePrice,
              startsAt: claimed.saleStartsAt?.toISOString() ?? null,
              endsAt: claimed.saleEndsAt?.toISOString() ?? null,
            },
          })),
        )),
      );
      return true;
    });
    if (done) announced++;
  }
  return announced;
}

const SALES = "commerce.sales";
jobs.define(SALES, async (db) => void (await announceSales(db)), { retryLimit: 0 });
jobs.schedule(SALES, "* * * * *");
