// A funnel's analytics: per step in topological order, the sessions that reached it, how many of
// them went on to a next step, the drop-off and the revenue of orders reached on it; for the
// sessions started in a date range and, optionally, on one type of device.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  dropOff,
  type FunnelStats,
  type StepStats,
  topologicalOrder,
  ZFunnelStatsQuery,
} from "../../../core/funnel-graph";
import type { Db } from "../../db/client";
import { funnelSessionEvents, funnelSessions, orders } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { validationError } from "../../errors";
import { funnels } from "./service";

const DAY = 86_400_000;

export const ZStatsQuery = ZFunnelStatsQuery;
export type StatsQuery = z.infer<typeof ZStatsQuery>;

export type { FunnelStats, StepStats };

export function parseStatsQuery(query: Record<string, string | undefined>): StatsQuery {
  const r = ZStatsQuery.safeParse(Object.fromEntries(Object.entries(query).filter(([, v]) => v)));
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/** The range the figures cover: `to` inclusive, the last 30 days by default. */
function range(q: StatsQuery, now = new Date()) {
  const to = q.to ?? now.toISOString().slice(0, 10);
  const from = q.from ?? new Date(Date.parse(to) - 29 * DAY).toISOString().slice(0, 10);
  return { from, to, start: new Date(`${from}T00:00:00Z`), end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY) };
}

export async function funnelStats(db: Db, accountId: string, id: string, q: StatsQuery): Promise<FunnelStats> {
  const funnel = await funnels.get(db, accountId, id);
  const r = range(q);
  const where = and(
    eq(funnelSessions.accountId, accountId),
    eq(funnelSessions.funnelId, funnel.id),
    gte(funnelSessions.startedAt, r.start),
    lt(funnelSessions.startedAt, r.end),
    q.device ? sql`${funnelSessions.deviceInfo}->>'deviceType' = ${q.device}` : undefined,
  );
  const rows = await withTenant(db, accountId, (tx) =>
    tx
      .select({
        sessionId: funnelSessionEvents.sessionId,
        nodeId: funnelSessionEvents.nodeId,
        // An order's paid total as it stands now: paid later counts, refunded no longer does.
        revenue: sql<number | null>`case when ${orders.status} = 'paid' then ${orders.totalAmount} end`,
      })
      .from(funnelSessionEvents)
      .innerJoin(
        funnelSessions,
        and(
          eq(funnelSessions.accountId, funnelSessionEvents.accountId),
          eq(funnelSessions.id, funnelSessionEvents.sessionId),
        ),
      )
      .leftJoin(
        orders,
        and(eq(orders.accountId, funnelSessionEvents.accountId), eq(orders.orderId, funnelSessionEvents.orderId)),
      )
      .where(where),
  );
  const reached = new Map<string, Set<string>>();
  const revenue = new Map<string, number>();
  for (const e of rows) {
    reached.set(e.nodeId, (reached.get(e.nodeId) ?? new Set()).add(e.sessionId));
    if (e.revenue) revenue.set(e.nodeId, (revenue.get(e.nodeId) ?? 0) + Number(e.revenue));
  }
  const sessions = new Set(rows.map((e) => e.sessionId)).size;
  const order = topologicalOrder(funnel.graph) ?? funnel.graph.nodes.map((n) => ({ id: n.id, parentIds: [] }));
  const steps = order.flatMap(({ id: nodeId, parentIds }) => {
    const node = funnel.graph.nodes.find((n) => n.id === nodeId);
    if (!node) return [];
    const here = reached.get(nodeId) ?? new Set<string>();
    const children = funnel.graph.edges.filter((e) => e.source === nodeId).map((e) => e.target);
    const onward = [...here].filter((s) => children.some((c) => reached.get(c)?.has(s))).length;
    return [
      {
        id: nodeId,
        label: node.data.label,
        type: node.data.type,
        parentIds,
        visitors: here.size,
        conversions: onward,
        dropOff: children.length ? dropOff(here.size, onward) : 0,
        revenue: revenue.get(nodeId) ?? 0,
      },
    ];
  });
  const total = [...revenue.values()].reduce((a, b) => a + b, 0);
  return { from: r.from, to: r.to, device: q.device ?? null, sessions, revenue: total, steps };
}
