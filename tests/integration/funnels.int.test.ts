// Funnels: managers draw them over the site's own objects within the plan's `funnels` limit; one
// live funnel per campaign triple (409); campaign visits start sessions that move along the graph's
// edges, are refused off the graph or once finished, record an order's paid total, and add up to
// per-step figures. Another site's ids are not found. Races run on PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { funnels, orders, pages } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countFor, expectError, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let refs: { home: string; course: string; product: string };

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "funnel-a", { plan: PLAN_IDS.professional });
  B = await siteWithOwner(t, "funnel-b", { plan: PLAN_IDS.professional });
  const db = t.database.db;
  const [home] = await withTenant(db, A.site.accountId, (tx) =>
    tx
      .insert(pages)
      .values({ accountId: A.site.accountId, slug: `landing-${uid()}`, title: "Landing", status: "published" })
      .returning({ id: pages.id, slug: pages.slug }),
  );
  const { course } = await buildCourse(
    db,
    A.site,
    { id: A.owner.id },
    { title: "Intro", slug: `intro-${uid()}`, status: "published" },
  );
  const product = await buildProduct(db, A.site, { title: "Intro pack", slug: `pack-${uid()}`, amount: 4900 });
  refs = { home: home.id, course: course.id, product: product.id };
  slugs = { home: home.slug, course: course.slug, product: product.slug };
});
afterAll(async () => {
  await t?.close();
});
let slugs: { home: string; course: string; product: string };

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

const graph = () => ({
  nodes: [
    { id: "home", data: { label: "Landing", type: "pages", ref: refs.home } },
    { id: "course", data: { label: "Course", type: "courses", ref: refs.course } },
    { id: "product", data: { label: "Product", type: "products", ref: refs.product } },
    { id: "cart", data: { label: "Cart", type: "cart", ref: refs.product } },
    { id: "checkout", data: { label: "Checkout", type: "checkout", ref: null } },
    { id: "done", data: { label: "Confirmation", type: "order", ref: null } },
  ],
  edges: [
    { source: "home", target: "course" },
    { source: "course", target: "product" },
    { source: "product", target: "cart" },
    { source: "cart", target: "checkout" },
    { source: "checkout", target: "done" },
  ],
});

async function newFunnel(s: SiteWithOwner, json: Record<string, unknown> = {}) {
  const res = await api(s, "/funnels", {
    json: { name: `Funnel ${uid()}`, utm_source: "news", utm_medium: "email", utm_campaign: uid(), ...json },
  });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; utm_campaign: string; status: string };
}

const device = { browser: "Firefox", platform: "Linux", screenWidth: 1280, screenHeight: 800, deviceType: "desktop" };
const start = (s: SiteWithOwner, campaign: string, extra: Record<string, unknown> = {}) =>
  t.request(s.site.slug, "/api/funnel/start", {
    json: {
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: campaign,
      initial_page: `/${slugs.home}`,
      account_id: s.site.accountId,
      deviceInfo: device,
      ...extra,
    },
  });
const event = async (s: SiteWithOwner, session: string, path: string, query = "") =>
  (
    await body(
      await t.request(s.site.slug, "/api/funnel/event", {
        json: {
          account_id: s.site.accountId,
          session_id: session,
          metadata: { account: s.site.accountId, path, query },
        },
      }),
    )
  ).status as boolean;

async function liveFunnel() {
  return newFunnel(A, { status: "live", graph: graph() });
}

async function paidOrder(total: number) {
  const [o] = await withTenant(t.database.db, A.site.accountId, (tx) =>
    tx
      .insert(orders)
      .values({
        accountId: A.site.accountId,
        userId: A.owner.id,
        items: [],
        subtotal: total,
        totalAmount: total,
        currency: "USD",
        status: "paid",
        provider: "offline",
      })
      .returning({ id: orders.orderId }),
  );
  return o.id;
}

describe("funnels (REST)", () => {
  it("creates a draft, makes it live once the graph is complete, and removes it", async () => {
    const f = await newFunnel(A);
    expect(f.status).toBe("draft");
    const bad = await api(A, `/funnels/${f.id}`, { method: "PATCH", json: { status: "live" } });
    const err = await expectError(bad, 422, "validation_failed");
    expect(err.details).toEqual([{ field: "graph", message: "funnels.errors.empty" }]);
    const live = await body(
      await api(A, `/funnels/${f.id}`, { method: "PATCH", json: { status: "live", graph: graph() } }),
    );
    expect(live).toMatchObject({ status: "live", graph: { nodes: expect.any(Array) } });
    expect((await api(A, `/funnels/${f.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(A, `/funnels/${f.id}`), 404, "not_found");
  });

  it("names the step whose object is missing or another site's", async () => {
    const g = graph();
    g.nodes[1].data.ref = null as unknown as string;
    const missing = await api(A, "/funnels", {
      json: { name: "x", utm_source: "a", utm_medium: "b", utm_campaign: "c", status: "live", graph: g },
    });
    expect((await expectError(missing, 422, "validation_failed")).details).toEqual([
      { field: "graph", message: "funnels.errors.ref", nodeId: "course" },
    ]);
    const theirs = await buildProduct(t.database.db, B.site, { title: "Theirs", slug: `theirs-${uid()}` });
    const g2 = graph();
    g2.nodes[2].data.ref = theirs.id;
    const foreign = await api(A, "/funnels", {
      json: { name: "x", utm_source: "a", utm_medium: "b", utm_campaign: "c", graph: g2 },
    });
    const details = (await expectError(foreign, 422, "validation_failed")).details as { field: string }[];
    expect(details[0]?.field).toBe("graph.nodes.2.data.ref");
  });

  it("refuses a second live funnel with the same campaign triple (409), but not a draft", async () => {
    const first = await liveFunnel();
    const same = { utm_campaign: first.utm_campaign, graph: graph() };
    await expectError(
      await api(A, "/funnels", {
        json: { name: "Twin", utm_source: "news", utm_medium: "email", ...same, status: "live" },
      }),
      409,
      "conflict",
    );
    const draft = await newFunnel(A, same);
    await expectError(
      await api(A, `/funnels/${draft.id}`, { method: "PATCH", json: { status: "live" } }),
      409,
      "conflict",
    );
  });

  it("answers 404 for another site's funnel, to read, change, delete or count", async () => {
    const theirs = await newFunnel(B);
    await expectError(await api(A, `/funnels/${theirs.id}`), 404, "not_found");
    await expectError(
      await api(A, `/funnels/${theirs.id}`, { method: "PATCH", json: { name: "x" } }),
      404,
      "not_found",
    );
    await expectError(await api(A, `/funnels/${theirs.id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await api(A, `/funnels/${theirs.id}/stats`), 404, "not_found");
    expect((await api(B, `/funnels/${theirs.id}`)).status).toBe(200);
  });

  it("stops at the Lifetime plan's three funnels with 403 plan_limit", async () => {
    const L = await siteWithOwner(t, "funnel-life", { plan: PLAN_IDS.lifetime });
    for (let i = 0; i < 3; i++) await newFunnel(L);
    const refused = await expectError(
      await api(L, "/funnels", { json: { name: "4th", utm_source: "a", utm_medium: "b", utm_campaign: "c" } }),
      403,
      "plan_limit",
    );
    expect(refused.details).toMatchObject({ limit: "funnels", value: 3 });
    expect(await countFor(t, funnels, L.site.accountId)).toBe(3);
  });
});

describe("funnel tracking", () => {
  it("starts no session without a live funnel for the campaign", async () => {
    const res = await start(A, `nothing-${uid()}`);
    expect(await body(res)).toEqual({ session_id: null, funnel: null });
  });

  it("starts a session, moves it along the edges and finishes it on the last step with the order's revenue", async () => {
    const f = await liveFunnel();
    const started = await body(await start(A, f.utm_campaign));
    expect(started.funnel.nodes).toHaveLength(6);
    const s = started.session_id as string;
    expect(await event(A, s, `/${slugs.home}`)).toBe(true); // a reload of the first step
    expect(await event(A, s, `/course/${slugs.course}`)).toBe(true);
    expect(await event(A, s, `/product/${slugs.product}`)).toBe(true);
    expect(await event(A, s, "1", `type=cart&value=${refs.product}`)).toBe(true);
    expect(await event(A, s, "/checkout")).toBe(true);
    const order = await paidOrder(4900);
    expect(await event(A, s, "/checkout/return", `order=${order}`)).toBe(true);
    expect(await event(A, s, "/checkout/return", `order=${order}`)).toBe(false); // finished
    const stats = await body(await api(A, `/funnels/${f.id}/stats`));
    expect(stats.revenue).toBe(4900);
    expect(stats.steps.map((x: { visitors: number }) => x.visitors)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("sends the buyer of a paid order on to the funnel's upsell offer, and counts it reached there", async () => {
    const g = graph();
    g.nodes.push({ id: "offer", data: { label: "Offer", type: "upsell", ref: refs.product } });
    g.edges.push({ source: "done", target: "offer" });
    const f = await newFunnel(A, { status: "live", graph: g });
    const s = (await body(await start(A, f.utm_campaign))).session_id as string;
    for (const [path, query] of [
      [`/course/${slugs.course}`, ""],
      [`/product/${slugs.product}`, ""],
      ["1", `type=cart&value=${refs.product}`],
      ["/checkout", ""],
    ])
      expect(await event(A, s, path, query)).toBe(true);
    const order = await paidOrder(4900);
    const answer = await body(
      await t.request(A.site.slug, "/api/funnel/event", {
        json: {
          account_id: A.site.accountId,
          session_id: s,
          metadata: { account: A.site.accountId, path: "/checkout/return", query: `order=${order}` },
        },
      }),
    );
    expect(answer).toEqual({ status: true, next: `/checkout/upsell/${order}?product=${refs.product}` });
    expect(await event(A, s, `/checkout/upsell/${order}`, `product=${refs.product}`)).toBe(true);
    const stats = await body(await api(A, `/funnels/${f.id}/stats`));
    expect(stats.steps.map((x: { visitors: number }) => x.visitors)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it("counts an order paid after the visitor saw the confirmation, and stops counting it once refunded", async () => {
    const f = await liveFunnel();
    const s = (await body(await start(A, f.utm_campaign))).session_id as string;
    for (const [p, q] of [
      [`/course/${slugs.course}`, ""],
      [`/product/${slugs.product}`, ""],
      ["1", `type=cart&value=${refs.product}`],
      ["/checkout", ""],
    ])
      expect(await event(A, s, p, q)).toBe(true);
    const order = await paidOrder(3100);
    const setStatus = (status: "pending" | "paid" | "refunded") =>
      withTenant(t.database.db, A.site.accountId, (tx) =>
        tx.update(orders).set({ status }).where(sql`${orders.orderId} = ${order}`),
      );
    await setStatus("pending");
    expect(await event(A, s, "/checkout/return", `order=${order}`)).toBe(true);
    const revenue = async () => (await body(await api(A, `/funnels/${f.id}/stats`))).revenue;
    expect(await revenue()).toBe(0);
    await setStatus("paid");
    expect(await revenue()).toBe(3100);
    await setStatus("refunded");
    expect(await revenue()).toBe(0);
  });

  it("limits the sessions one address may start on a site, with 429 rate_limited", async () => {
    const C = await siteWithOwner(t, "funnel-rate", { plan: PLAN_IDS.professional });
    for (let i = 0; i < 30; i++) expect((await start(C, "none")).status).toBe(200);
    await expectError(await start(C, "none"), 429, "rate_limited");
  });

  it("refuses a view off the graph, an unknown session and another site's account_id", async () => {
    const f = await liveFunnel();
    const s = (await body(await start(A, f.utm_campaign))).session_id as string;
    expect(await event(A, s, `/product/${slugs.product}`)).toBe(false); // skips the course
    expect(await event(A, crypto.randomUUID(), "/")).toBe(false);
    expect(await event(A, "not-a-uuid", "/")).toBe(false);
    await expectError(await start(A, f.utm_campaign, { account_id: B.site.accountId }), 404, "not_found");
    const foreign = await t.request(A.site.slug, "/api/funnel/event", {
      json: { account_id: B.site.accountId, session_id: s, metadata: { path: "/" } },
    });
    await expectError(foreign, 404, "not_found");
    // B's host does not know A's session.
    expect(await event(B, s, `/course/${slugs.course}`)).toBe(false);
    expect(await event(A, s, `/course/${slugs.course}`)).toBe(true);
  });

  it("adds known sessions up to visitors, conversions, drop-off and revenue per step, filtered by device", async () => {
    const f = await liveFunnel();
    const walk = async (steps: number, deviceType = "desktop") => {
      const s = (await body(await start(A, f.utm_campaign, { deviceInfo: { ...device, deviceType } }))).session_id;
      const path = [
        [`/course/${slugs.course}`, ""],
        [`/product/${slugs.product}`, ""],
        ["1", `type=cart&value=${refs.product}`],
        ["/checkout", ""],
      ];
      for (const [p, q] of path.slice(0, steps)) expect(await event(A, s, p, q)).toBe(true);
      if (steps === 5) expect(await event(A, s, "/checkout/return", `order=${await paidOrder(2500)}`)).toBe(true);
    };
    // 4 visitors: all on the landing page, 3 on the course, 2 on the product, 1 buys; 1 more on mobile.
    await walk(0);
    await walk(1);
    await walk(2);
    await walk(5);
    await walk(1, "mobile");
    const all = await body(await api(A, `/funnels/${f.id}/stats`));
    expect(all.sessions).toBe(5);
    const rows = all.steps.map((x: Record<string, number>) => [x.id, x.visitors, x.conversions, x.dropOff, x.revenue]);
    expect(rows).toEqual([
      ["home", 5, 4, 20, 0],
      ["course", 4, 2, 50, 0],
      ["product", 2, 1, 50, 0],
      ["cart", 1, 1, 0, 0],
      ["checkout", 1, 1, 0, 0],
      ["done", 1, 0, 0, 2500],
    ]);
    const desktop = await body(await api(A, `/funnels/${f.id}/stats?device=desktop`));
    expect(desktop.steps[0]).toMatchObject({ visitors: 4, conversions: 3 });
    const past = await body(await api(A, `/funnels/${f.id}/stats?from=2020-01-01&to=2020-01-31`));
    expect(past.sessions).toBe(0);
    const list = await body(await api(A, "/funnels"));
    expect(list.items.find((x: { id: string }) => x.id === f.id)).toMatchObject({
      sessions: 5,
      conversions: 1,
      conversionRate: 20,
    });
  });
});

describe.skipIf(!onPostgres)("funnel races (PostgreSQL)", () => {
  it("gives the last funnel of the plan to exactly one of several parallel creates", async () => {
    const L = await siteWithOwner(t, "funnel-race", { plan: PLAN_IDS.lifetime });
    await newFunnel(L);
    await newFunnel(L);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api(L, "/funnels", { json: { name: `Race ${i}`, utm_source: "a", utm_medium: "b", utm_campaign: `c${i}` } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await countFor(t, funnels, L.site.accountId)).toBe(3);
  });

  it("lets only one of two parallel saves make the same campaign live", async () => {
    const campaign = uid();
    const [a, b] = [
      await newFunnel(A, { utm_campaign: campaign, graph: graph() }),
      await newFunnel(A, { utm_campaign: campaign, graph: graph() }),
    ];
    const answers = await Promise.all(
      [a, b].map((f) => api(A, `/funnels/${f.id}`, { method: "PATCH", json: { status: "live" } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const [{ n }] = await withTenant(t.database.db, A.site.accountId, (tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from funnels where utm_campaign = ${campaign} and status = 'live'`,
      ),
    ).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(n).toBe(1);
  });

  it("applies parallel views of one session one after the other", async () => {
    const f = await liveFunnel();
    const s = (await body(await start(A, f.utm_campaign))).session_id as string;
    const answers = await Promise.all(Array.from({ length: 4 }, () => event(A, s, `/course/${slugs.course}`)));
    expect(answers.every(Boolean)).toBe(true);
    const stats = await body(await api(A, `/funnels/${f.id}/stats`));
    expect(stats.steps[1].visitors).toBe(1);
  });
});
