// A funnel's graph (spec §2 "Funnel step types", §3 "Funnel graph", §4 "Funnel session"): the
// twelve step types, what makes a graph valid, its topological order with parent ids, and how a
// session moves along the edges when a visitor's page view (path, query) is observed.
// Pure rules: the server resolves each step's site object into the paths that mean "reached".
import { z } from "zod";

/** The step types in the spec's order; `order` is shown as "confirmation". */
export const FUNNEL_STEP_TYPES = [
  "pages",
  "posts",
  "forms",
  "popup",
  "courses",
  "products",
  "membership",
  "cart",
  "cross",
  "checkout",
  "order",
  "upsell",
] as const;
export type FunnelStepType = (typeof FUNNEL_STEP_TYPES)[number];

/**
 * What a step's `ref` points at. Checkout and confirmation take a product or nothing (nothing: any
 * order); cart, cross-sell and upsell name the product they offer; the rest name their site object.
 */
export const STEP_REF_KIND: Record<FunnelStepType, { kind: string; required: boolean }> = {
  pages: { kind: "page", required: true },
  posts: { kind: "post", required: true },
  forms: { kind: "form", required: true },
  popup: { kind: "popup", required: true },
  courses: { kind: "course", required: true },
  products: { kind: "product", required: true },
  membership: { kind: "membership", required: true },
  cart: { kind: "product", required: false },
  cross: { kind: "product", required: true },
  checkout: { kind: "product", required: false },
  order: { kind: "product", required: false },
  upsell: { kind: "product", required: true },
};

export const FUNNEL_STATUSES = ["draft", "live"] as const;
export type FunnelStatus = (typeof FUNNEL_STATUSES)[number];

export const ZFunnelNode = z
  .object({
    id: z.string().min(1).max(64),
    data: z
      .object({
        label: z.string().trim().min(1).max(80),
        type: z.enum(FUNNEL_STEP_TYPES),
        ref: z.string().max(64).nullable().optional(),
      })
      .strict(),
    /** Where the editor drew the step; kept as the owner left it. */
    position: z.object({ x: z.number(), y: z.number() }).optional(),
  })
  .strict();
export const ZFunnelEdge = z
  .object({ id: z.string().max(140).optional(), source: z.string().min(1), target: z.string().min(1) })
  .strict();
export const ZFunnelGraph = z
  .object({ nodes: z.array(ZFunnelNode).max(50), edges: z.array(ZFunnelEdge).max(200) })
  .strict();
export type FunnelNode = z.infer<typeof ZFunnelNode>;
export type FunnelEdge = z.infer<typeof ZFunnelEdge>;
export type FunnelGraph = z.infer<typeof ZFunnelGraph>;

const UTM = z.string().trim().min(1).max(120);
export const ZFunnelInput = z
  .object({
    name: z.string().trim().min(1).max(120),
    status: z.enum(FUNNEL_STATUSES).default("draft"),
    utm_source: UTM,
    utm_medium: UTM,
    utm_campaign: UTM,
    graph: ZFunnelGraph.default({ nodes: [], edges: [] }),
  })
  .strict();
export type FunnelInput = z.infer<typeof ZFunnelInput>;

export type GraphIssue = {
  code: "empty" | "start" | "edge" | "duplicate" | "cycle" | "ref";
  /** The message key the editor shows (group `funnels`). */
  key: string;
  nodeId?: string;
};

/**
 * What is wrong with a graph, in this order: no steps; duplicate node ids or edges; an edge to a
 * step that is not there; not exactly one start step (a step nothing leads to); a cycle; a step
 * without the object its type needs. An empty list means the graph can go live.
 */
export function validateGraph(graph: FunnelGraph): GraphIssue[] {
  const issues: GraphIssue[] = [];
  if (graph.nodes.length === 0) return [{ code: "empty", key: "funnels.errors.empty" }];
  const ids = new Set<string>();
  for (const n of graph.nodes) {
    if (ids.has(n.id)) issues.push({ code: "duplicate", key: "funnels.errors.duplicate", nodeId: n.id });
    ids.add(n.id);
  }
  const seen = new Set<string>();
  for (const e of graph.edges) {
    if (!ids.has(e.source) || !ids.has(e.target) || e.source === e.target) {
      issues.push({ code: "edge", key: "funnels.errors.edge", nodeId: ids.has(e.source) ? e.target : e.source });
      continue;
    }
    const key = `${e.source}\u0000${e.target}`;
    if (seen.has(key)) issues.push({ code: "duplicate", key: "funnels.errors.duplicateEdge", nodeId: e.source });
    seen.add(key);
  }
  if (issues.length) return issues;
  const starts = graph.nodes.filter((n) => !graph.edges.some((e) => e.target === n.id));
  if (starts.length !== 1) issues.push({ code: "start", key: "funnels.errors.start" });
  if (topologicalOrder(graph) === null) issues.push({ code: "cycle", key: "funnels.errors.cycle" });
  for (const n of graph.nodes) {
    if (STEP_REF_KIND[n.data.type].required && !n.data.ref) {
      issues.push({ code: "ref", key: "funnels.errors.ref", nodeId: n.id });
    }
  }
  return issues;
}

export type OrderedStep = { id: string; parentIds: string[] };

/**
 * The steps in topological order (Kahn's, ties kept in the order the nodes were drawn), each with
 * the ids of the steps that lead to it; null when the graph has a cycle.
 */
export function topologicalOrder(graph: FunnelGraph): OrderedStep[] | null {
  const parents = new Map<string, string[]>(graph.nodes.map((n) => [n.id, []]));
  for (const e of graph.edges) parents.get(e.target)?.push(e.source);
  const waiting = new Map([...parents].map(([id, p]) => [id, new Set(p)]));
  const out: OrderedStep[] = [];
  const placed = new Set<string>();
  while (out.length < graph.nodes.length) {
    const next = graph.nodes.find((n) => !placed.has(n.id) && (waiting.get(n.id)?.size ?? 0) === 0);
    if (!next) return null;
    placed.add(next.id);
    out.push({ id: next.id, parentIds: [...new Set(parents.get(next.id) ?? [])] });
    for (const set of waiting.values()) set.delete(next.id);
  }
  return out;
}

/** The one step nothing leads to, or null. */
export function startNode(graph: FunnelGraph): FunnelNode | null {
  const starts = graph.nodes.filter((n) => !graph.edges.some((e) => e.target === n.id));
  return starts.length === 1 ? (starts[0] ?? null) : null;
}

/** Whether a step leads nowhere (a session that reaches it is finished). */
export function isTerminal(graph: FunnelGraph, nodeId: string): boolean {
  return !graph.edges.some((e) => e.source === nodeId);
}

/**
 * What means "reached" for one step, resolved by the server from the step's site object:
 * - `paths`: public page paths (a page `/{slug}`, home `/`, a post `/blog/{slug}`, a course
 *   `/course/{slug}`, a product or upsell `/product/{slug}`, a form `/f/{id}`, a membership the
 *   pages of the products that grant it, checkout `/checkout`, confirmation `/checkout/return`);
 * - `prefixes`: paths that start with one (confirmation: `/dashboard/orders/`, where an offline
 *   payment's buyer lands);
 * - `event`: a tracked action, path `1` with `type={event}&value={id}` (the cart: `type=cart`; a
 *   popup shown: `type=popup`), `value` null for any.
 */
export type StepTarget = { paths: string[]; prefixes?: string[]; event?: { type: string; value: string | null } };

export type Observed = { path: string; query: string };

/** A path as the matcher compares it: no trailing slash, no query or hash. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  return trimmed === "" ? "/" : trimmed;
}

export function stepReached(target: StepTarget, observed: Observed): boolean {
  if (target.event) {
    if (observed.path !== "1") return false;
    const q = new URLSearchParams(observed.query.replace(/^\?/, ""));
    return (
      q.get("type") === target.event.type && (target.event.value === null || q.get("value") === target.event.value)
    );
  }
  if (observed.path === "1") return false;
  const path = normalisePath(observed.path);
  return target.paths.some((p) => normalisePath(p) === path) || (target.prefixes ?? []).some((p) => path.startsWith(p));
}

export type Move = { fits: false } | { fits: true; nodeId: string; moved: boolean; terminal: boolean };

/**
 * Where a session at `current` goes on an observed view: to the first step an edge from `current`
 * leads to whose target the view reaches; staying put when it reaches `current` again (a reload);
 * refused otherwise. A session finishes on a step that leads nowhere.
 */
export function moveSession(
  graph: FunnelGraph,
  current: string,
  observed: Observed,
  targets: ReadonlyMap<string, StepTarget>,
): Move {
  for (const e of graph.edges) {
    if (e.source !== current) continue;
    const target = targets.get(e.target);
    if (target && stepReached(target, observed)) {
      return { fits: true, nodeId: e.target, moved: true, terminal: isTerminal(graph, e.target) };
    }
  }
  const here = targets.get(current);
  if (here && !here.event && stepReached(here, observed)) {
    return { fits: true, nodeId: current, moved: false, terminal: isTerminal(graph, current) };
  }
  return { fits: false };
}

/** Drop-off between two counts, in whole per cent (0 when nobody reached the first). */
export function dropOff(reached: number, next: number): number {
  if (reached <= 0) return 0;
  return Math.round(((reached - next) / reached) * 100);
}

/** The analytics filters: a date range (UTC days, `to` inclusive) and a device type. */
export const ZFunnelStatsQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  device: z.enum(["desktop", "tablet", "mobile"]).optional(),
});

/** One step's figures for the sessions in a range: reached, went on to a next step, lost, earned. */
export type StepStats = {
  id: string;
  label: string;
  type: FunnelStepType;
  parentIds: string[];
  visitors: number;
  conversions: number;
  dropOff: number;
  revenue: number;
};
export type FunnelStats = {
  from: string;
  to: string;
  device: string | null;
  sessions: number;
  revenue: number;
  steps: StepStats[];
};
