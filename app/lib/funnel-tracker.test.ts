import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Sent = { path: string; query: string };

/**
 * A funnel server as the real one behaves: each request is applied when it arrives (after its
 * network delay), the session moves only along Learn → cart → /checkout, and a view that does not
 * fit ends the session.
 */
function funnelServer(delays: Record<string, number>) {
  const applied: string[] = [];
  let step = 0;
  const order = ["/course/learn", "1", "/checkout"];
  const fetch = vi.fn(async (_url: string, init: { body: string }) => {
    const { metadata } = JSON.parse(init.body) as { metadata: Sent };
    await new Promise((r) => setTimeout(r, delays[metadata.path] ?? 0));
    applied.push(metadata.path);
    const fits = order[step + 1] === metadata.path;
    if (fits) step++;
    return new Response(JSON.stringify({ status: fits }), { status: 200 });
  });
  return { applied, fetch, step: () => step };
}

describe("funnel tracking in the browser", () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    storage.clear();
    storage.set("funnel_session_id", "11111111-1111-4111-8111-111111111111");
    vi.stubGlobal("sessionStorage", {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    });
    vi.stubGlobal("navigator", { userAgent: "Chrome/140", platform: "Linux" });
    vi.stubGlobal("window", { screen: { width: 1366, height: 900 }, innerWidth: 1366, innerHeight: 900 });
    vi.stubGlobal("location", { search: "", assign: vi.fn() });
    vi.spyOn(console, "log").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends an add-to-cart still in flight before the checkout view that follows it", async () => {
    // The cart event is slow on the network, the checkout view that the visitor reaches next is fast.
    const server = funnelServer({ "1": 60, "/checkout": 0 });
    vi.stubGlobal("fetch", server.fetch);
    const { trackFunnelCart, trackFunnelView } = await import("./funnel-tracker");

    const cart = trackFunnelCart("account-1", "product-1");
    const view = trackFunnelView("account-1", { pathname: "/checkout", search: "" });
    await Promise.all([cart, view]);

    expect(server.applied).toEqual(["1", "/checkout"]);
    expect(server.step()).toBe(2);
    // The session goes on: nothing was refused.
    expect(storage.get("funnel_session_id")).toBeDefined();
  });
});
