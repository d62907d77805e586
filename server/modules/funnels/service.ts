// A site's funnels: list with their traffic, get, create (within the plan's `funnels` limit), update
// and delete. A live funnel must have a valid graph whose steps point at the site's own objects, and
// no other live funnel of the site may have its campaign triple (409).
import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  type FunnelGraph,
  type FunnelInput,
  type FunnelStatus,
  isTerminal,
  validateGraph,
  ZFunnelInput,
} from "../../../core/funnel-graph";
import type { Db, Tx } from "../../db/client";
import { funnelSessions, funnels as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound, requireUuid, validationError } from "../../errors";
import { type MeteredSite, usage } from "../usage";
import { checkRefs } from "./objects";

export type FunnelView = {
  id: string;
  name: string;
  status: FunnelStatus;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  graph: FunnelGraph;
  createdAt: string;
  updatedAt: string;
};
export type FunnelListItem = FunnelView & { sessions: number; conversions: number; conversionRate: number };

type Row = typeof table.$inferSelect;

const view = (r: Row): FunnelView => ({
  id: r.id,
  name: r.name,
  status: r.status,
  utm_source: r.utmSource,
  utm_medium: r.utmMedium,
  utm_campaign: r.utmCampaign,
  graph: r.graph,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const byId = (accountId: string, id: string) =>
  and(eq(table.accountId, accountId), eq(table.id, requireUuid(id, "Funnel")));

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

const liveConflict = () =>
  new AppError(
    "conflict",
    "Another live funnel of this site already tracks this utm_source, utm_medium and utm_campaign",
    [{ field: "utm_campaign", message: "Another live funnel already tracks this campaign" }],
  );

/** A live funnel's graph must be complete (validateGraph); a draft may be half drawn. */
function checkLive(input: FunnelInput) {
  if (input.status !== "live") return;
  const issues = validateGraph(input.graph);
  if (!issues.length) return;
  throw new AppError(
    "validation_failed",
    "The funnel cannot go live: its graph is not complete",
    issues.map((i) => ({ field: "graph", message: i.key, nodeId: i.nodeId })),
  );
}

function parse(input: unknown): FunnelInput {
  const parsed = ZFunnelInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

async function write<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw liveConflict();
    throw e;
  }
}

const values = (input: FunnelInput) => ({
  name: input.name,
  status: input.status,
  utmSource: input.utm_source,
  utmMedium: input.utm_medium,
  utmCampaign: input.utm_campaign,
  graph: input.graph,
});

async function load(tx: Tx, accountId: string, id: string): Promise<Row> {
  const [row] = await tx.select().from(table).where(byId(accountId, id));
  if (!row) throw notFound("Funnel");
  return row;
}

export const funnels = {
  async list(db: Db, accountId: string): Promise<FunnelListItem[]> {
    return withTenant(db, accountId, async (tx) => {
      const rows = await tx
        .select()
        .from(table)
        .where(eq(table.accountId, accountId))
        .orderBy(desc(table.createdAt), desc(table.id));
      const traffic = await tx
        .select({
          funnelId: funnelSessions.funnelId,
          currentNode: funnelSessions.currentNode,
          finished: funnelSessions.finished,
          n: count(),
        })
        .from(funnelSessions)
        .where(eq(funnelSessions.accountId, accountId))
        .groupBy(funnelSessions.funnelId, funnelSessions.currentNode, funnelSessions.finished);
      return rows.map((r) => {
        const mine = traffic.filter((t) => t.funnelId === r.id);
        const sessions = mine.reduce((s, t) => s + Number(t.n), 0);
        // A conversion is a session that reached an end of the funnel.
        const conversions = mine
          .filter((t) => t.finished || isTerminal(r.graph, t.currentNode))
          .reduce((s, t) => s + Number(t.n), 0);
        const conversionRate = sessions ? Math.round((conversions / sessions) * 1000) / 10 : 0;
        return { ...view(r), sessions, conversions, conversionRate };
      });
    });
  },

  async get(db: Db, accountId: string, id: string): Promise<FunnelView> {
    return view(await withTenant(db, accountId, (tx) => load(tx, accountId, id)));
  },

  async create(db: Db, site: MeteredSite, input: unknown): Promise<FunnelView> {
    const data = parse(input);
    checkLive(data);
    return write(() =>
      withTenant(db, site.accountId, async (tx) => {
        await checkRefs(tx, site.accountId, data.graph);
        await usage.guardCount(tx, site, "funnels");
        const [row] = await tx
          .insert(table)
          .values({ accountId: site.accountId, ...values(data) })
          .returning();
        return view(row);
      }),
    );
  },

  /** Replaces the fields given; the merged funnel is checked as a whole. */
  async update(db: Db, accountId: string, id: string, patch: unknown): Promise<FunnelView> {
    return write(() =>
      withTenant(db, accountId, async (tx) => {
        const row = await load(tx, accountId, id);
        const current = view(row);
        const merged = parse({
          name: current.name,
          status: current.status,
          utm_source: current.utm_source,
          utm_medium: current.utm_medium,
          utm_campaign: current.utm_campaign,
          graph: current.graph,
          ...(typeof patch === "object" && patch ? patch : {}),
        });
        checkLive(merged);
        await checkRefs(tx, accountId, merged.graph);
        const [saved] = await tx
          .update(table)
          .set({ ...values(merged), updatedAt: sql`now()` })
          .where(byId(accountId, id))
          .returning();
        return view(saved);
      }),
    );
  },

  async remove(db: Db, accountId: string, id: string): Promise<void> {
    const gone = await withTenant(db, accountId, (tx) =>
      tx.delete(table).where(byId(accountId, id)).returning({ id: table.id }),
    );
    if (!gone.length) throw notFound("Funnel");
  },
};
