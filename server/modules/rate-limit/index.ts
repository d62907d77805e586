// A fixed-window limit per key, counted in the database so that every web process shares it. One
// atomic statement per request: two requests at once both count, and the window restarts once it
// has passed.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { requestLimits } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { AppError } from "../../errors";
import { jobs } from "../../jobs/queue";

export type Limit = { max: number; windowSeconds: number };

/** Counts one request for `key`; past `max` in the window, 429 `rate_limited` with `retryAfter` seconds. */
export async function hitLimit(db: Db, key: string, limit: Limit, message: string): Promise<void> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const expired = sql`${requestLimits.windowStart} <= now() - ${window}`;
  const [row] = await withPlatform(db, (tx) =>
    tx
      .insert(requestLimits)
      .values({ key })
      .onConflictDoUpdate({
        target: requestLimits.key,
        set: {
          windowStart: sql`case when ${expired} then now() else ${requestLimits.windowStart} end`,
          hits: sql`case when ${expired} then 1 else ${requestLimits.hits} + 1 end`,
        },
      })
      .returning({
        hits: requestLimits.hits,
        retryAfter: sql<number>`ceil(extract(epoch from (${requestLimits.windowStart} + ${window} - now())))`.mapWith(
          Number,
        ),
      }),
  );
  if (row && row.hits > limit.max)
    throw new AppError("rate_limited", message, { retryAfter: Math.max(1, row.retryAfter) });
}

/** Forgets windows that ended long ago (run from the periodic clean-up). */
export async function pruneLimits(db: Db, olderThanSeconds = 86_400): Promise<number> {
  const rows = await withPlatform(db, (tx) =>
    tx
      .delete(requestLimits)
      .where(sql`${requestLimits.windowStart} < now() - make_interval(secs => ${olderThanSeconds})`)
      .returning({ key: requestLimits.key }),
  );
  return rows.length;
}

const PRUNE = "limits.prune";
jobs.define(PRUNE, async (db) => void (await pruneLimits(db)), { retryLimit: 0 });
jobs.schedule(PRUNE, "41 * * * *");
