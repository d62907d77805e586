// The dashboard's form actions answer another site's id and a malformed id like the REST API does:
// 404 not_found for an id that is not this site's, 400 bad_request for one that is not a UUID (it
// never reaches the database) or a form without a known intent, always in the one error shape
// { error: { code, message } } — never a 500 — and the other site's row is left as it was.
// First, as in the server: the route schemas the API names for OpenAPI need zod extended before they load.
import { PLAN_IDS } from "../../core/plans";
import "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postsRoute from "../../app/routes/dashboard/posts";
import * as pagesRoute from "../../app/routes/dashboard/pages";
import * as pageEditRoute from "../../app/routes/dashboard/page-edit";
import * as postEditRoute from "../../app/routes/dashboard/post-edit";
import * as couponsRoute from "../../app/routes/dashboard/ecommerce/coupons";
import * as ordersRoute from "../../app/routes/dashboard/ecommerce/orders";
import * as productEditRoute from "../../app/routes/dashboard/ecommerce/product-edit";
import * as membershipEditRoute from "../../app/routes/dashboard/ecommerce/membership-edit";
import * as affiliatesRoute from "../../app/routes/dashboard/marketing/affiliates";
import * as manageUsersRoute from "../../app/routes/dashboard/manage-users";
import * as manageUserRoute from "../../app/routes/dashboard/manage-user";
import * as notificationsRoute from "../../app/routes/dashboard/notifications";
import * as coursesHomeRoute from "../../app/routes/dashboard/instructor/home";
import * as quizzesRoute from "../../app/routes/dashboard/instructor/quizzes";
import * as quizEditRoute from "../../app/routes/dashboard/instructor/quiz-edit";
import * as unitEditRoute from "../../app/routes/dashboard/instructor/unit-edit";
import * as categoriesRoute from "../../app/routes/dashboard/instructor/categories";
import * as courseManageRoute from "../../app/routes/dashboard/instructor/course-manage";
import * as quizSubmissionsRoute from "../../app/routes/dashboard/instructor/quiz-submissions";
import * as assignedQuizzesRoute from "../../app/routes/dashboard/courses/assigned-quizzes";
import {
  affiliates,
  coupons,
  courses,
  members,
  memberships,
  notifications as notificationsTable,
  orders,
  pages as pagesTable,
  posts as postsTable,
  products,
  quizzes,
  terms,
  units,
} from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import type { AtriumLoadContext } from "../../server/http/load-context";
import { placeOrder } from "../../server/modules/commerce";
import { courseCategories } from "../../server/modules/courses";
import { notifications } from "../../server/modules/notifications";
import { pages } from "../../server/modules/pages";
import { posts } from "../../server/modules/posts";
import { buildAffiliate, buildCoupon, buildMembership, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";
import { withLoadContext } from "./load-context-app";

type Action = (args: never) => unknown;
/** What a screen posts: its form (or JSON body), the route's params and the address's query. */
type Sent = {
  /** A list posts one field several times (a bulk action's `id`s). */
  form?: Record<string, string | string[]>;
  json?: unknown;
  params?: Record<string, string>;
  query?: Record<string, string>;
};
type Answer = { status: number; body: unknown };

let t: TestPlatform;
let run: ReturnType<typeof withLoadContext>;
let A: SiteWithOwner;
let B: SiteWithOwner;
/** Rows of site B that site A's owner tries to reach. */
const foreign: Record<string, string> = {};
/** The role B's member had before A's owner tried to change it. */
let memberRole = "";

beforeAll(async () => {
  t = await startTestPlatform();
  run = withLoadContext(t);
  A = await siteWithOwner(t, "act-a", { plan: PLAN_IDS.lifetime });
  B = await siteWithOwner(t, "act-b", { plan: PLAN_IDS.lifetime });
  const db = t.database.db;
  const b = B.site.accountId;
  foreign.post = (await posts.create(db, b, null, { title: `Post ${uid()}` })).id;
  foreign.page = (await pages.create(db, B.site, { kind: "page", title: `Page ${uid()}`, slug: `page-${uid()}` })).id;
  foreign.coupon = (await buildCoupon(db, B.site, { name: `C${uid()}` })).id;
  const product = await buildProduct(db, B.site, { title: `Product ${uid()}`, amount: 1000 });
  foreign.product = product.id;
  foreign.membership = (await buildMembership(db, B.site, { title: `Membership ${uid()}` })).id;
  const buyer = await memberOf(t, B.site, "student", "act-buyer");
  foreign.member = buyer.memberId;
  const [m] = await withPlatform(db, (tx) => tx.select().from(members).where(eq(members.id, buyer.memberId)));
  memberRole = m.roleId;
  foreign.affiliate = (await buildAffiliate(db, B.site, buyer.user.id)).id;
  const { order } = await placeOrder(db, b, {
    userId: buyer.user.id,
    productIds: [product.id],
    provider: "offline",
    origin: "https://example.test",
  });
  foreign.order = order.orderId;
  const built = await buildCourse(db, B.site, B.owner, {
    title: `Course ${uid()}`,
    curriculum: [{ unit: "One" }, { quiz: "Quiz" }],
  });
  foreign.course = built.course.id;
  foreign.unit = built.itemIds[0];
  foreign.quiz = built.itemIds[1];
  foreign.category = (await courseCategories.create(db, b, { name: `Cat ${uid()}` })).id;
  foreign.notification = (await notifications.create(db, b, { userId: B.owner.id, title: "Hello", message: "Hi" })).id;
});
afterAll(() => t?.close());

/** Calls the route's action as React Router does for a POST from A's owner, and reads its answer. */
async function post(action: Action, opts: Sent & { path: string }): Promise<Answer> {
  const res = await run(A.site.slug, A.ownerCookie, async (context: AtriumLoadContext) => {
    const fields = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form ?? {})) for (const one of [v].flat()) fields.append(k, one);
    const body = opts.json === undefined ? fields : JSON.stringify(opts.json as object);
    const query = opts.query ? `?${new URLSearchParams(opts.query)}` : "";
    const request = new Request(`${t.origin(A.site.slug)}${opts.path}${query}`, {
      method: "POST",
      body,
      headers: {
        "content-type": opts.json === undefined ? "application/x-www-form-urlencoded" : "application/json",
      },
    });
    try {
      const out = (await (action as (a: unknown) => unknown)({ context, request, params: opts.params ?? {} })) as
        | { type?: string; data?: unknown; init?: { status?: number } }
        | Response
        | null;
      if (out instanceof Response) return { status: out.status, body: null };
      // data(…, init) comes back as { type: "DataWithResponseInit", data, init }.
      if (out && out.type === "DataWithResponseInit") return { status: out.init?.status ?? 200, body: out.data };
      return { status: 200, body: out };
    } catch (err) {
      // What React Router does with what an action throws: a Response as it is, anything else a 500.
      if (err instanceof Response) return { status: err.status, body: null };
      return { status: 500, body: { thrown: String(err) } };
    }
  });
  return (await body(res)).result as Answer;
}

const exists = async (table: PgTable, id: PgColumn, value: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select({ id }).from(table).where(eq(id, value)))).length === 1;

type Case = {
  name: string;
  action: Action;
  path: string;
  /** The request for an id: the form (or JSON body) and the route params. */
  send: (id: string) => Sent;
  row: keyof typeof foreign;
  /** Whether B's row is as it was. */
  unchanged: (id: string) => Promise<boolean>;
};

const CASES: Case[] = [
  {
    name: "posts: delete",
    action: postsRoute.action,
    path: "/dashboard/posts",
    send: (id) => ({ form: { intent: "delete", id } }),
    row: "post",
    unchanged: (id) => exists(postsTable, postsTable.id, id),
  },
  {
    name: "pages: delete",
    action: pagesRoute.action,
    path: "/dashboard/pages",
    send: (id) => ({ form: { intent: "delete", id } }),
    row: "page",
    unchanged: (id) => exists(pagesTable, pagesTable.id, id),
  },
  ...(["save", "publish", "unpublish"] as const).map(
    (intent): Case => ({
      name: `post editor: ${intent}`,
      action: postEditRoute.action,
      path: "/dashboard/post/x",
      send: (id) => ({ form: { intent, post: JSON.stringify({ title: "Taken" }) }, params: { id } }),
      row: "post",
      unchanged: async (id) => (await posts.get(t.database.db, B.site.accountId, id)).title !== "Taken",
    }),
  ),
  ...(["delete", "unpublish", "save"] as const).map(
    (intent): Case => ({
      name: `page editor: ${intent}`,
      action: pageEditRoute.action,
      path: "/dashboard/pages/x",
      send: (id) => ({
        form: { intent, page: JSON.stringify({ title: "Taken", slug: `taken-${uid()}`, document: null }) },
        params: { id },
      }),
      row: "page",
      unchanged: async (id) => (await pages.get(t.database.db, B.site.accountId, id, ["page"])).title !== "Taken",
    }),
  ),
  {
    name: "coupons: delete",
    action: couponsRoute.action,
    path: "/dashboard/manage/ecommerce/coupons",
    send: (id) => ({ form: { intent: "delete", id } }),
    row: "coupon",
    unchanged: (id) => exists(coupons, coupons.id, id),
  },
  {
    name: "coupons: update",
    action: couponsRoute.action,
    path: "/dashboard/manage/ecommerce/coupons",
    send: (id) => ({ json: { intent: "save", payload: { id, name: `X${uid()}`, coupon_amount: 5 } } }),
    row: "coupon",
    unchanged: (id) => exists(coupons, coupons.id, id),
  },
  ...(["markPaid", "refund", "cancel", "cancelSubscription"] as const).map(
    (intent): Case => ({
      name: `orders: ${intent}`,
      action: ordersRoute.action,
      path: "/dashboard/manage/ecommerce/orders",
      send: (id) => ({ form: { intent, id } }),
      row: "order",
      unchanged: async (id) => {
        const [o] = await withPlatform(t.database.db, (tx) => tx.select().from(orders).where(eq(orders.orderId, id)));
        return o?.status === "pending";
      },
    }),
  ),
  {
    name: "products: delete",
    action: productEditRoute.action,
    path: "/dashboard/manage/ecommerce/product/x",
    send: (id) => ({ form: { intent: "delete" }, params: { id } }),
    row: "product",
    unchanged: (id) => exists(products, products.id, id),
  },
  {
    name: "memberships: delete",
    action: membershipEditRoute.action,
    path: "/dashboard/manage/ecommerce/membership/x",
    send: (id) => ({ form: { intent: "delete" }, params: { id } }),
    row: "membership",
    unchanged: (id) => exists(memberships, memberships.id, id),
  },
  ...(["delete", "update", "approve", "pay"] as const).map(
    (intent): Case => ({
      name: `affiliates: ${intent}`,
      action: affiliatesRoute.action,
      path: "/dashboard/manage/marketing/affiliates",
      send: (id) => ({ form: { intent, id, commissionValue: "5" } }),
      row: "affiliate",
      unchanged: (id) => exists(affiliates, affiliates.id, id),
    }),
  ),
  ...(["remove", "role"] as const).map(
    (intent): Case => ({
      name: `users: ${intent}`,
      action: manageUsersRoute.action,
      path: "/dashboard/manage/users",
      send: (id) => ({ form: { intent, id, role: "admin" } }),
      row: "member",
      unchanged: async (id) => {
        const [m] = await withPlatform(t.database.db, (tx) => tx.select().from(members).where(eq(members.id, id)));
        return m?.roleId === memberRole;
      },
    }),
  ),
  {
    name: "user: remove",
    action: manageUserRoute.action,
    path: "/dashboard/manage/user",
    send: (id) => ({ form: { intent: "remove", id } }),
    row: "member",
    unchanged: (id) => exists(members, members.id, id),
  },
  {
    name: "notifications: read",
    action: notificationsRoute.action,
    path: "/dashboard/notifications",
    send: (id) => ({ form: { intent: "read", id } }),
    row: "notification",
    unchanged: async (id) => {
      const [n] = await withPlatform(t.database.db, (tx) =>
        tx.select().from(notificationsTable).where(eq(notificationsTable.id, id)),
      );
      return Boolean(n) && !n.read;
    },
  },
  {
    name: "courses: delete",
    action: coursesHomeRoute.action,
    path: "/dashboard/instructor",
    send: (id) => ({ form: { intent: "delete", id } }),
    row: "course",
    unchanged: (id) => exists(courses, courses.id, id),
  },
  ...(["status", "reset", "remove"] as const).map(
    (intent): Case => ({
      name: `course students: ${intent} (course id in the address)`,
      action: courseManageRoute.action,
      path: "/dashboard/instructor/course/x/manage",
      send: (id) => ({ form: { intent, studentId: B.owner.id, status: "1" }, params: { courseId: id } }),
      row: "course",
      unchanged: (id) => exists(courses, courses.id, id),
    }),
  ),
  {
    name: "quizzes: delete",
    action: quizzesRoute.action,
    path: "/dashboard/instructor/quizzes",
    send: (id) => ({ form: { intent: "delete", id } }),
    row: "quiz",
    unchanged: (id) => exists(quizzes, quizzes.id, id),
  },
  {
    name: "quiz: save",
    action: quizEditRoute.action,
    path: "/dashboard/instructor/quiz/x",
    send: (id) => ({ json: { intent: "save", payload: { title: "Taken" } }, params: { id } }),
    row: "quiz",
    unchanged: (id) => exists(quizzes, quizzes.id, id),
  },
  {
    name: "quiz submissions: reset",
    action: quizSubmissionsRoute.action,
    path: "/dashboard/instructor/quiz-submissions",
    send: (id) => ({ form: { intent: "reset", studentId: B.owner.id }, query: { id } }),
    row: "quiz",
    unchanged: (id) => exists(quizzes, quizzes.id, id),
  },
  ...(["assign", "unassign"] as const).map(
    (intent): Case => ({
      name: `assigned quizzes: ${intent}`,
      action: assignedQuizzesRoute.action,
      path: "/dashboard/courses/assigned-quizzes/x",
      send: (id) => ({ form: { intent, quizId: id }, params: { id: A.owner.id } }),
      row: "quiz",
      unchanged: (id) => exists(quizzes, quizzes.id, id),
    }),
  ),
  {
    name: "unit: save",
    action: unitEditRoute.action,
    path: "/dashboard/instructor/unit/x",
    send: (id) => ({ json: { intent: "save", payload: { title: "Taken" } }, params: { id } }),
    row: "unit",
    unchanged: (id) => exists(units, units.id, id),
  },
  ...(["delete", "rename"] as const).map(
    (intent): Case => ({
      name: `course categories: ${intent}`,
      action: categoriesRoute.action,
      path: "/dashboard/instructor/categories",
      send: (id) => ({ form: { intent, id, name: "Taken" } }),
      row: "category",
      unchanged: (id) => exists(terms, terms.id, id),
    }),
  ),
];

const expectShape = (answer: Answer, code: string) =>
  expect(answer.body).toMatchObject({ error: { code, message: expect.any(String) } });

describe("dashboard actions with another site's id or a malformed id", () => {
  it.each(CASES)("$name: another site's id is 404 not_found and changes nothing", async (c) => {
    const id = foreign[c.row];
    const answer = await post(c.action, { path: c.path, ...c.send(id) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expectShape(answer, "not_found");
    expect(await c.unchanged(id)).toBe(true);
  });

  it.each(CASES)("$name: an id that is not a UUID is 400 bad_request", async (c) => {
    const answer = await post(c.action, { path: c.path, ...c.send("not-a-uuid") });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expectShape(answer, "bad_request");
    expect(await c.unchanged(foreign[c.row])).toBe(true);
  });
});

describe("dashboard actions without a known intent", () => {
  const LISTS: [string, Action, string][] = [
    ["posts", postsRoute.action, "/dashboard/posts"],
    ["pages", pagesRoute.action, "/dashboard/pages"],
    ["coupons", couponsRoute.action, "/dashboard/manage/ecommerce/coupons"],
    ["orders", ordersRoute.action, "/dashboard/manage/ecommerce/orders"],
    ["affiliates", affiliatesRoute.action, "/dashboard/manage/marketing/affiliates"],
    ["users", manageUsersRoute.action, "/dashboard/manage/users"],
    ["notifications", notificationsRoute.action, "/dashboard/notifications"],
    ["courses", coursesHomeRoute.action, "/dashboard/instructor"],
  ];
  it.each(LISTS)("%s: a form with no intent is 400 bad_request", async (_name, action, path) => {
    const answer = await post(action, { path, form: { id: foreign.post } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expectShape(answer, "bad_request");
  });
});

describe("the site's own rows still go", () => {
  it("deletes the owner's own post and answers ok", async () => {
    const own = await posts.create(t.database.db, A.site.accountId, null, { title: `Mine ${uid()}` });
    const answer = await post(postsRoute.action, { path: "/dashboard/posts", form: { intent: "delete", id: own.id } });
    expect(answer.status).toBe(200);
    expect(await exists(postsTable, postsTable.id, own.id)).toBe(false);
  });
});

describe("bulk delete: one rule on every list", () => {
  type Bulk = { name: string; action: Action; path: string; own: () => Promise<string>; row: keyof typeof foreign };
  const db = () => t.database.db;
  const a = () => A.site.accountId;
  const BULK: Bulk[] = [
    {
      name: "posts",
      action: postsRoute.action,
      path: "/dashboard/posts",
      own: async () => (await posts.create(db(), a(), null, { title: `Bulk ${uid()}` })).id,
      row: "post",
    },
    {
      name: "pages",
      action: pagesRoute.action,
      path: "/dashboard/pages",
      own: async () =>
        (await pages.create(db(), A.site, { kind: "page", title: `Bulk ${uid()}`, slug: `bulk-${uid()}` })).id,
      row: "page",
    },
    {
      name: "courses",
      action: coursesHomeRoute.action,
      path: "/dashboard/instructor",
      own: async () => (await buildCourse(db(), A.site, A.owner, { title: `Bulk ${uid()}` })).course.id,
      row: "course",
    },
    {
      name: "coupons",
      action: couponsRoute.action,
      path: "/dashboard/manage/ecommerce/coupons",
      own: async () => (await buildCoupon(db(), A.site, { name: `B${uid()}` })).id,
      row: "coupon",
    },
  ];
  const stillThere = async (row: keyof typeof foreign, id: string) => {
    const table = {
      post: [postsTable, postsTable.id],
      page: [pagesTable, pagesTable.id],
      course: [courses, courses.id],
      coupon: [coupons, coupons.id],
    } as const;
    const [tbl, col] = table[row as keyof typeof table];
    return exists(tbl, col, id);
  };

  it.each(BULK)(
    "$name: deletes every own row past a malformed id and another site's, and names what it refused",
    async (c) => {
      const [first, second] = [await c.own(), await c.own()];
      const answer = await post(c.action, {
        path: c.path,
        form: { intent: "bulk-delete", id: [first, foreign[c.row], "not-a-uuid", second] },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const error = (answer.body as { error: { code: string; details: unknown } }).error;
      expect(error.code).toBe("bad_request");
      // Another site's row answers not_found like a row already gone: not named, and left alone.
      expect(error.details).toMatchObject({ deleted: 2, refused: [{ id: "not-a-uuid", code: "bad_request" }] });
      expect((error.details as { refused: unknown[] }).refused).toHaveLength(1);
      expect(await stillThere(c.row, first)).toBe(false);
      expect(await stillThere(c.row, second)).toBe(false);
      expect(await stillThere(c.row, foreign[c.row])).toBe(true);
    },
  );

  it.each(BULK)("$name: a row already gone does not stop the rest", async (c) => {
    const [gone, kept] = [await c.own(), await c.own()];
    expect((await post(c.action, { path: c.path, form: { intent: "bulk-delete", id: [gone] } })).status).toBe(200);
    const answer = await post(c.action, { path: c.path, form: { intent: "bulk-delete", id: [gone, kept] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await stillThere(c.row, kept)).toBe(false);
  });
});
