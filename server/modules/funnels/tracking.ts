// Funnel sessions (spec §4, §7 /api/funnel/start and /api/funnel/event): a campaign visit starts a
// session on the live funnel with its campaign triple; each page view or tracked action moves it
// along an edge of the graph, is refused when it does not fit, and finishes it on a last step. An
// order reached on the confirmation step records the order's paid total.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type FunnelGraph, moveSession, startNode } from "../../../core/funnel-graph";
import { isUuid } from "../../../core/uuid";
import type { Db, Tx } from "../../db/client";
import { funnelSessionEvents, funnelSessions, funnels, orders } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { validationError } from "../../errors";
import { stepTargets } from "./objects";

const text = (max: number) => z.string().max(max);
export const ZDeviceInfo = z.object({
  browser: text(120).default(""),
  platform: text(120).default(""),
  screenWidth: z.number().int().min(0).max(100_000).default(0),
  screenHeight: z.number().int().min(0).max(100_000).default(0),
  deviceType: z.enum(["desktop", "tablet", "mobile"]).default("desktop"),
});
export const ZFunnelStart = z.object({
  utm_source: text(120).trim().min(1),
  utm_medium: text(120).trim().min(1),
  utm_campaign: text(120).trim().min(1),
  initial_page: text(2000).default("/"),
  account_id: z.string(),
  deviceInfo: ZDeviceInfo.default({
    browser: "",
    platform: "",
    screenWidth: 0,
    screenHeight: 0,
    deviceType: "desktop",
  }),
});
export const ZFunnelEvent = z.object({
  account_id: z.string(),
  session_id: z.string(),
  metadata: z.object({
    account: z.string().optional(),
    path: text(2000),
    query: text(2000).default(""),
    deviceInfo: ZDeviceInfo.optional(),
  }),
});
export type FunnelStart = z.infer<typeof ZFunnelStart>;
export type FunnelEvent = z.infer<typeof ZFunnelEvent>;

export function parseStart(body: unknown): FunnelStart {
  const r = ZFunnelStart.safeParse(body);
  if (!r.success) throw validationError(r.error);
  return r.data;
}
export function parseEvent(body: unknown): FunnelEvent {
  const r = ZFunnelEvent.safeParse(body);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/**
 * The site's order named by the confirmation's `order` parameter, with its total when paid; the
 * figures read the order again, so an order paid after the visitor saw the confirmation counts too.
 */
async function orderOf(
  tx: Tx,
  accountId: string,
  seen: { path: string; query: string },
): Promise<{ orderId: string; revenue: number | null } | null> {
  const id =
    new URLSearchParams(seen.query.replace(/^\?/, "")).get("order") ??
    /^\/dashboard\/orders\/([^/?#]+)/.exec(seen.path)?.[1];
  if (!id || !isUuid(id)) return null;
  const [row] = await tx
    .select({ total: orders.totalAmount, status: orders.status })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.orderId, id)));
  return row ? { orderId: id, revenue: row.status === "paid" ? row.total : null } : null;
}

async function reach(
  tx: Tx,
  accountId: string,
  sessionId: string,
  nodeId: string,
  seen: { path: string; query: string },
  order: { orderId: string; revenue: number | null } | null,
) {
  await tx
    .insert(funnelSessionEvents)
    .values({
      accountId,
      sessionId,
      nodeId,
      path: seen.path,
      query: seen.query,
      revenue: order?.revenue ?? null,
      orderId: order?.orderId ?? null,
    })
    .onConflictDoUpdate({
      target: [funnelSessionEvents.accountId, funnelSessionEvents.sessionId, funnelSessionEvents.nodeId],
      // A step is counted once; a confirmation seen again once its order is paid gets its revenue.
      set: {
        revenue: sql`coalesce(${funnelSessionEvents.revenue}, excluded.revenue)`,
        orderId: sql`coalesce(${funnelSessionEvents.orderId}, excluded.order_id)`,
      },
    });
}

/** The product of the first upsell step the given step leads to, if any. */
function upsellAfter(graph: FunnelGraph, nodeId: string): string | null {
  for (const e of graph.edges) {
    if (e.source !== nodeId) continue;
    const next = graph.nodes.find((n) => n.id === e.target);
    if (next?.data.type === "upsell" && next.data.ref) return next.data.ref;
  }
  return null;
}

export const funnelTracking = {
  /** Starts a session on the live funnel with the campaign triple; null ids when none matches. */
  async start(
    db: Db,
    accountId: string,
    input: FunnelStart,
  ): Promise<{ session_id: string | null; funnel: FunnelGraph | null }> {
    return withTenant(db, accountId, async (tx) => {
      const [funnel] = await tx
        .select({ id: funnels.id, graph: funnels.graph })
        .from(funnels)
        .where(
          and(
            eq(funnels.accountId, accountId),
            eq(funnels.status, "live"),
            eq(funnels.utmSource, input.utm_source),
            eq(funnels.utmMedium, input.utm_medium),
            eq(funnels.utmCampaign, input.utm_campaign),
          ),
        );
      const start = funnel ? startNode(funnel.graph) : null;
      if (!funnel || !start) return { session_id: null, funnel: null };
      const [session] = await tx
        .insert(funnelSessions)
        .values({
          accountId,
          funnelId: funnel.id,
          utmSource: input.utm_source,
          utmMedium: input.utm_medium,
          utmCampaign: input.utm_campaign,
          initialPage: input.initial_page,
          currentNode: start.id,
          deviceInfo: input.deviceInfo,
        })
        .returning({ id: funnelSessions.id });
      await reach(tx, accountId, session.id, start.id, { path: input.initial_page, query: "" }, null);
      return { session_id: session.id, funnel: funnel.graph };
    });
  },

  /**
   * Moves a session along its funnel's edges on one observed view; false for an unknown or
   * finished session, a funnel no longer live, or a view no edge leads to. The session's row is
   * locked, so two views of one visitor at once are applied one after the other.
   */
  async event(db: Db, accountId: string, input: FunnelEvent): Promise<{ status: boolean; next?: string }> {
    if (!isUuid(input.session_id)) return { status: false };
    return withTenant(db, accountId, async (tx) => {
      const [session] = await tx
        .select()
        .from(funnelSessions)
        .where(and(eq(funnelSessions.accountId, accountId), eq(funnelSessions.id, input.session_id)))
        .for("update");
      if (!session || session.finished) return { status: false };
      const [funnel] = await tx
        .select({ graph: funnels.graph, status: funnels.status })
        .from(funnels)
        .where(and(eq(funnels.accountId, accountId), eq(funnels.id, session.funnelId)));
      if (funnel?.status !== "live") return { status: false };
      const seen = { path: input.metadata.path, query: input.metadata.query };
      const targets = await stepTargets(tx, accountId, funnel.graph);
      const move = moveSession(funnel.graph, session.currentNode, seen, targets);
      if (!move.fits) return { status: false };
      const node = funnel.graph.nodes.find((n) => n.id === move.nodeId);
      const order = node?.data.type === "order" ? await orderOf(tx, accountId, seen) : null;
      await reach(tx, accountId, session.id, move.nodeId, seen, order);
      await tx
        .update(funnelSessions)
        .set({ currentNode: move.nodeId, finished: move.terminal, updatedAt: sql`now()` })
        .where(and(eq(funnelSessions.accountId, accountId), eq(funnelSessions.id, session.id)));
      // A paid order whose confirmation leads to an upsell step: the browser is sent to its offer.
      const upsell = order?.revenue != null ? upsellAfter(funnel.graph, move.nodeId) : null;
      return upsell
        ? { status: true, next: `/checkout/upsell/${order?.orderId}?product=${encodeURIComponent(upsell)}` }
        : { status: true };
    });
  },
};
