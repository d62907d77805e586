import { describe, expect, it } from "vitest";
import {
  dropOff,
  type FunnelGraph,
  type FunnelStepType,
  moveSession,
  type StepTarget,
  stepReached,
  topologicalOrder,
  validateGraph,
} from "./funnel-graph";

const node = (id: string, type: FunnelStepType = "pages", ref: string | null = `ref-${id}`) => ({
  id,
  data: { label: id.toUpperCase(), type, ref },
});
const edge = (source: string, target: string) => ({ source, target });

// home → course → product → checkout → confirmation, with a side branch product → cart.
const funnel: FunnelGraph = {
  nodes: [
    node("home"),
    node("course", "courses"),
    node("product", "products"),
    node("cart", "cart", null),
    node("checkout", "checkout", null),
    node("done", "order", null),
  ],
  edges: [edge("home", "course"), edge("course", "product"), edge("product", "checkout"), edge("product", "cart")],
};
funnel.edges.push(edge("cart", "checkout"), edge("checkout", "done"));

const targets = new Map<string, StepTarget>([
  ["home", { paths: ["/"] }],
  ["course", { paths: ["/course/intro"] }],
  ["product", { paths: ["/product/intro-pack"] }],
  ["cart", { paths: [], event: { type: "cart", value: "p-1" } }],
  ["checkout", { paths: ["/checkout"] }],
  ["done", { paths: ["/checkout/return"] }],
]);

describe("topological order with parent ids (§3)", () => {
  it("puts each step after all the steps leading to it and names them", () => {
    expect(topologicalOrder(funnel)).toEqual([
      { id: "home", parentIds: [] },
      { id: "course", parentIds: ["home"] },
      { id: "product", parentIds: ["course"] },
      { id: "cart", parentIds: ["product"] },
      { id: "checkout", parentIds: ["product", "cart"] },
      { id: "done", parentIds: ["checkout"] },
    ]);
  });

  it("is null for a cycle", () => {
    expect(topologicalOrder({ nodes: [node("a"), node("b")], edges: [edge("a", "b"), edge("b", "a")] })).toBeNull();
  });
});

describe("graph validation", () => {
  const codes = (g: FunnelGraph) => validateGraph(g).map((i) => i.code);

  it("accepts a well-formed funnel", () => {
    expect(validateGraph(funnel)).toEqual([]);
  });

  it("refuses an empty graph", () => {
    expect(codes({ nodes: [], edges: [] })).toEqual(["empty"]);
  });

  it("refuses two start steps", () => {
    expect(codes({ nodes: [node("a"), node("b")], edges: [] })).toEqual(["start"]);
  });

  it("refuses an edge to a step that is not there, and a self-loop", () => {
    expect(codes({ nodes: [node("a")], edges: [edge("a", "ghost")] })).toEqual(["edge"]);
    expect(codes({ nodes: [node("a")], edges: [edge("a", "a")] })).toEqual(["edge"]);
  });

  it("refuses a cycle behind the start step", () => {
    const g = { nodes: [node("a"), node("b"), node("c")], edges: [edge("a", "b"), edge("b", "c"), edge("c", "b")] };
    expect(codes(g)).toEqual(["cycle"]);
  });

  it("names the step whose object is missing, but lets checkout go without a product", () => {
    const g = { nodes: [node("a", "courses", null), node("b", "checkout", null)], edges: [edge("a", "b")] };
    expect(validateGraph(g)).toEqual([{ code: "ref", key: "funnels.errors.ref", nodeId: "a" }]);
  });

  it("refuses duplicate step ids and edges", () => {
    expect(codes({ nodes: [node("a"), node("a")], edges: [] })).toContain("duplicate");
    expect(codes({ nodes: [node("a"), node("b")], edges: [edge("a", "b"), edge("a", "b")] })).toEqual(["duplicate"]);
  });
});

describe("session movement along edges (§4)", () => {
  it("moves to the child the view reaches", () => {
    expect(moveSession(funnel, "home", { path: "/course/intro", query: "" }, targets)).toEqual({
      fits: true,
      nodeId: "course",
      moved: true,
      terminal: false,
    });
  });

  it("stays on a reload of the current step, ignoring a trailing slash", () => {
    expect(moveSession(funnel, "course", { path: "/course/intro/", query: "" }, targets)).toMatchObject({
      fits: true,
      nodeId: "course",
      moved: false,
    });
  });

  it("refuses a view that no edge from the current step leads to", () => {
    expect(moveSession(funnel, "home", { path: "/product/intro-pack", query: "" }, targets)).toEqual({ fits: false });
    expect(moveSession(funnel, "home", { path: "/blog/news", query: "" }, targets)).toEqual({ fits: false });
  });

  it("follows the cart event for the right product only", () => {
    const cart = { path: "1", query: "type=cart&value=p-1" };
    expect(moveSession(funnel, "product", cart, targets)).toMatchObject({ fits: true, nodeId: "cart" });
    const other = { path: "1", query: "type=cart&value=p-2" };
    expect(moveSession(funnel, "product", other, targets)).toEqual({ fits: false });
  });

  it("says when the step reached is the end of the funnel", () => {
    expect(moveSession(funnel, "checkout", { path: "/checkout/return", query: "order=x" }, targets)).toEqual({
      fits: true,
      nodeId: "done",
      moved: true,
      terminal: true,
    });
  });

  it("takes the offline buyer's order page as the confirmation", () => {
    const done: StepTarget = { paths: ["/checkout/return"], prefixes: ["/dashboard/orders/"] };
    expect(stepReached(done, { path: "/dashboard/orders/abc", query: "" })).toBe(true);
    expect(stepReached(done, { path: "/dashboard/orders", query: "" })).toBe(false);
  });

  it("does not mistake the cart event for a page view", () => {
    expect(stepReached({ paths: ["/1"] }, { path: "1", query: "" })).toBe(false);
    expect(
      stepReached({ paths: [], event: { type: "cart", value: null } }, { path: "1", query: "type=cart&value=z" }),
    ).toBe(true);
  });
});

describe("drop-off", () => {
  it("is the share of visitors of a step who did not reach the next", () => {
    expect(dropOff(40, 30)).toBe(25);
    expect(dropOff(0, 0)).toBe(0);
    expect(dropOff(3, 0)).toBe(100);
  });
});
