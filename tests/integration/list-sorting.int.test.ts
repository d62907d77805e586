// The owner's pages, courses and orders lists sort by their columns from the address
// (`?sort=…&dir=…`) through the loader, the service and the query's ORDER BY, both ways; ties keep
// the default order and then the id; a column the list does not offer is ignored, leaving the
// default order (newest change, or newest order, first) exactly as without it.
// First, as in the server: the route schemas the API names for OpenAPI need zod extended before they load.
import "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pagesRoute from "../../app/routes/dashboard/pages";
import * as ordersRoute from "../../app/routes/dashboard/ecommerce/orders";
import * as coursesHomeRoute from "../../app/routes/dashboard/instructor/home";
import { courses, orders, pages as pagesTable } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import type { AtriumLoadContext } from "../../server/http/load-context";
import { pages } from "../../server/modules/pages";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";
import { withLoadContext } from "./load-context-app";

type Loader = (args: never) => unknown;

let t: TestPlatform;
let run: ReturnType<typeof withLoadContext>;
let A: SiteWithOwner;
/** A word in every page and course title here, so the lists hold these rows only. */
const word = `sortable${uid()}`;
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

/** Row ids by a short name, for readable expectations. */
const page: Record<string, string> = {};
const course: Record<string, string> = {};
const order: Record<string, string> = {};
let buyerEmail = "";

beforeAll(async () => {
  t = await startTestPlatform();
  run = withLoadContext(t);
  A = await siteWithOwner(t, "sort-a");
  const db = t.database.db;
  const acct = A.site.accountId;

  // Pages: title order, last-change order and the default (newest change first) all differ.
  for (const [name, title, updated] of [
    ["alpha", "alpha", 2],
    ["bravo", "Bravo", 3],
    ["charlie", "charlie", 1],
  ] as const) {
    const p = await pages.create(db, A.site, { kind: "page", title: `${word} ${title}`, slug: `${name}-${uid()}` });
    page[name] = p.id;
    await withPlatform(db, (tx) =>
      tx
        .update(pagesTable)
        .set({ updatedAt: day(updated) })
        .where(eq(pagesTable.id, p.id)),
    );
  }

  // Courses: alpha and charlie have the same number of students (the default order breaks the tie);
  // 12 students sort after 5 as a number, not as text.
  for (const [name, title, students, updated] of [
    ["alpha", "alpha", 5, 2],
    ["bravo", "Bravo", 12, 3],
    ["charlie", "charlie", 5, 1],
    ["delta", "Delta", 0, 4],
  ] as const) {
    const built = await buildCourse(db, A.site, A.owner, { title: `${word} ${title}`, slug: `${name}-${uid()}` });
    course[name] = built.course.id;
    await withPlatform(db, (tx) =>
      tx
        .update(courses)
        .set({ studentCount: students, updatedAt: day(updated) })
        .where(eq(courses.id, built.course.id)),
    );
  }

  // Orders: two placed at the same moment (the id breaks that tie), two of the same total, two paid.
  const buyer = await memberOf(t, A.site, "student", "sort-buyer");
  buyerEmail = buyer.user.email;
  for (const [name, total, status, placed] of [
    ["o1", 2500, "paid", 1],
    ["o2", 900, "pending", 2],
    ["o3", 12000, "refunded", 3],
    ["o4", 900, "paid", 4],
    ["o5", 4000, "cancelled", 4],
  ] as const) {
    const [row] = await withPlatform(db, (tx) =>
      tx
        .insert(orders)
        .values({
          accountId: acct,
          userId: buyer.user.id,
          items: [{ productId: crypto.randomUUID(), title: name, amount: total, quantity: 1, type: "oneTime" }],
          subtotal: total,
          totalAmount: total,
          currency: "USD",
          status,
          provider: "offline",
          createdAt: day(placed),
        })
        .returning({ id: orders.orderId }),
    );
    order[name] = row.id;
  }
});
afterAll(() => t?.close());

/** Runs the route's loader as a GET of `path` by A's owner, answering what it returned. */
async function load<T>(loader: Loader, path: string): Promise<T> {
  const res = await run(A.site.slug, A.ownerCookie, (context: AtriumLoadContext) =>
    (loader as (a: unknown) => unknown)({
      context,
      request: new Request(`${t.origin(A.site.slug)}${path}`),
      params: {},
    }),
  );
  expect(res.status).toBe(200);
  return (await body(res)).result as T;
}

/** The rows' short names, in the order the loader at `path` lists them. */
async function listed(loader: Loader, path: string, named: Record<string, string>): Promise<string[]> {
  const d = await load<{ items?: { id: string }[]; orders?: { orderId: string }[] }>(loader, path);
  const ids = d.items?.map((r) => r.id) ?? d.orders?.map((o) => o.orderId) ?? [];
  const byId = new Map(Object.entries(named).map(([name, id]) => [id, name]));
  return ids.map((id) => byId.get(id) ?? id);
}

const pageOrder = (query: string) => listed(pagesRoute.loader, `/dashboard/pages?q=${word}${query}`, page);
const courseOrder = (query: string) =>
  listed(coursesHomeRoute.loader, `/dashboard/instructor?q=${word}${query}`, course);
const orderOrder = (query: string) =>
  listed(ordersRoute.loader, `/dashboard/manage/ecommerce/orders?q=${encodeURIComponent(buyerEmail)}${query}`, order);

describe("the pages list", () => {
  const DEFAULT = ["bravo", "alpha", "charlie"];

  it("sorts by title, ignoring case, both ways", async () => {
    expect(await pageOrder("&sort=title")).toEqual(["alpha", "bravo", "charlie"]);
    expect(await pageOrder("&sort=title&dir=asc")).toEqual(["alpha", "bravo", "charlie"]);
    expect(await pageOrder("&sort=title&dir=desc")).toEqual(["charlie", "bravo", "alpha"]);
  });

  it("sorts by the last change both ways", async () => {
    expect(await pageOrder("&sort=updated&dir=asc")).toEqual(["charlie", "alpha", "bravo"]);
    expect(await pageOrder("&sort=updated&dir=desc")).toEqual(["bravo", "alpha", "charlie"]);
  });

  it("keeps the newest change first without a sort, and ignores a column it does not offer", async () => {
    expect(await pageOrder("&sort=title")).not.toEqual(DEFAULT);
    expect(await pageOrder("")).toEqual(DEFAULT);
    for (const query of ["&sort=slug", "&sort=slug&dir=desc", "&sort=secret&dir=asc", "&dir=asc", "&sort="]) {
      expect(await pageOrder(query), query).toEqual(DEFAULT);
    }
  });
});

describe("the instructor's courses list", () => {
  const DEFAULT = ["delta", "bravo", "alpha", "charlie"];

  it("sorts by title, ignoring case, both ways", async () => {
    expect(await courseOrder("&sort=title&dir=asc")).toEqual(["alpha", "bravo", "charlie", "delta"]);
    expect(await courseOrder("&sort=title&dir=desc")).toEqual(["delta", "charlie", "bravo", "alpha"]);
  });

  it("sorts by the number of students both ways, ties newest change first", async () => {
    expect(await courseOrder("&sort=students&dir=asc")).toEqual(["delta", "alpha", "charlie", "bravo"]);
    expect(await courseOrder("&sort=students&dir=desc")).toEqual(["bravo", "alpha", "charlie", "delta"]);
  });

  it("sorts by the last change both ways", async () => {
    expect(await courseOrder("&sort=updated&dir=asc")).toEqual(["charlie", "alpha", "bravo", "delta"]);
    expect(await courseOrder("&sort=updated&dir=desc")).toEqual(DEFAULT);
  });

  it("keeps the newest change first without a sort, and ignores a column it does not offer", async () => {
    expect(await courseOrder("&sort=students")).not.toEqual(DEFAULT);
    expect(await courseOrder("")).toEqual(DEFAULT);
    for (const query of ["&sort=slug", "&sort=studentCount&dir=desc", "&sort=secret&dir=asc", "&dir=asc"]) {
      expect(await courseOrder(query), query).toEqual(DEFAULT);
    }
  });
});

describe("the owner's orders list", () => {
  /** o4 and o5 were placed at the same moment: the larger id comes first whichever way the list runs. */
  const tie = () => (order.o4 > order.o5 ? ["o4", "o5"] : ["o5", "o4"]);
  const DEFAULT = () => [...tie(), "o3", "o2", "o1"];

  it("sorts by date both ways, ties by id", async () => {
    expect(await orderOrder("&sort=date&dir=asc")).toEqual(["o1", "o2", "o3", ...tie()]);
    expect(await orderOrder("&sort=date&dir=desc")).toEqual(DEFAULT());
  });

  it("sorts by total both ways, ties newest first", async () => {
    expect(await orderOrder("&sort=total&dir=asc")).toEqual(["o4", "o2", "o1", "o5", "o3"]);
    expect(await orderOrder("&sort=total&dir=desc")).toEqual(["o3", "o5", "o1", "o4", "o2"]);
  });

  it("sorts by status in the order an order goes through them, both ways, ties newest first", async () => {
    // pending, paid, refunded, cancelled — not the alphabet (cancelled, paid, pending, refunded).
    expect(await orderOrder("&sort=status&dir=asc")).toEqual(["o2", "o4", "o1", "o3", "o5"]);
    expect(await orderOrder("&sort=status&dir=desc")).toEqual(["o5", "o3", "o4", "o1", "o2"]);
  });

  it("keeps the newest first without a sort, and ignores a column it does not offer", async () => {
    expect(await orderOrder("&sort=total")).not.toEqual(DEFAULT());
    expect(await orderOrder("")).toEqual(DEFAULT());
    for (const query of ["&sort=number", "&sort=buyer&dir=desc", "&sort=totalAmount&dir=asc", "&dir=asc"]) {
      expect(await orderOrder(query), query).toEqual(DEFAULT());
    }
  });

  it("sorts within a status filter", async () => {
    expect(await orderOrder("&status=paid&sort=total&dir=desc")).toEqual(["o1", "o4"]);
    expect(await orderOrder("&status=paid&sort=total&dir=asc")).toEqual(["o4", "o1"]);
  });
});
