// The safety net under retries: a failed attempt whose next attempt is overdue and was never made
// (its job lost between the log row and the queue) gets the job again. The job id is derived from
// the attempt, so an attempt still waiting in a backlog is not queued twice.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries as d, webhookEndpoints as e } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { attemptJobId, DELIVER } from "./deliver";

const SWEEP = "webhooks.sweep";
const PAGE = 500;

/** Queues the overdue next attempts nobody made; returns how many. */
export async function sweepLostAttempts(db: Db): Promise<number> {
  const lost = await withPlatform(db, (tx) =>
    tx
      .select({ accountId: d.accountId, endpointId: d.endpointId, eventId: d.eventId, attempt: d.attempt })
      .from(d)
      .innerJoin(e, and(eq(e.accountId, d.accountId), eq(e.id, d.endpointId), eq(e.enabled, true)))
      .where(
        and(
          lt(d.nextRetryAt, sql`now() - interval '5 minutes'`),
          gt(d.nextRetryAt, sql`now() - interval '2 days'`),
          sql`not exists (select 1 from ${d} n where n.account_id = ${d.accountId}
                and n.endpoint_id = ${d.endpointId} and n.event_id = ${d.eventId} and n.attempt = ${d.attempt} + 1)`,
        ),
      )
      .limit(PAGE),
  );
  if (lost.length === 0) return 0;
  const items = lost.map((a) => {
    const data = { ...a, attempt: a.attempt + 1 };
    return { id: attemptJobId(data), data, retryLimit: 0 };
  });
  return (await jobs.sendMany(db, DELIVER, items)) ? items.length : 0;
}

jobs.define(SWEEP, async (db) => void (await sweepLostAttempts(db)), { retryLimit: 0 });
jobs.schedule(SWEEP, "*/5 * * * *");
