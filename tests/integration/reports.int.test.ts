// Reports (spec §2 /dashboard/reports, §9 sum_column_advanced): every figure of a range matches the
// rows seeded for it exactly, to the edges of the first and last day; another site's rows never
// count; anything outside the allow-list is a 400 that names it; members without manage_options
// get 403; a range that runs backwards, is over two years or is not dates is refused.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseStudents, eventOutbox, members, orders, quizSubmissions } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { markOrderPaid, ownerRefund, placeOrder } from "../../server/modules/commerce";
import { buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let s1: Awaited<ReturnType<typeof memberOf>>;
let s2: Awaited<ReturnType<typeof memberOf>>;
let s3: Awaited<ReturnType<typeof memberOf>>;
let instructor: Awaited<ReturnType<typeof memberOf>>;
let p1: { id: string };
let p2: { id: string };
let c1: { id: string };
let c2: { id: string };

const RANGE = "from=2025-03-01&to=2025-03-31";
const at = (iso: string) => new Date(iso);

const api = (slug: string, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });
const sum = (slug: string, cookie: string, json: unknown) =>
  api(slug, cookie, "/reports/sum", { method: "POST", json });

/** A paid order of `site` whose payment (and refund) the test dates. */
async function order(
  site: SiteWithOwner,
  userId: string,
  productIds: string[],
  dates: { paidAt?: string; refundedAt?: string } = {},
) {
  const { order } = await placeOrder(t.database.db, site.site.accountId, {
    userId,
    productIds,
    provider: "offline",
    origin: "https://example.test",
  });
  if (dates.paidAt) await markOrderPaid(t.database.db, site.site.accountId, order.orderId, { source: "owner" });
  if (dates.refundedAt) await ownerRefund(t.database.db, site.site.accountId, order.orderId, site.owner.id);
  await withPlatform(t.database.db, (tx) =>
    tx
      .update(orders)
      .set({
        createdAt: at(dates.paidAt ?? "2025-03-20T12:00:00Z"),
        paidAt: dates.paidAt ? at(dates.paidAt) : null,
        refundedAt: dates.refundedAt ? at(dates.refundedAt) : null,
      })
      .where(eq(orders.orderId, order.orderId)),
  );
  return order;
}

async function enrol(courseId: string, studentId: string, createdAt: string) {
  await buildEnrolment(t.database.db, A.site, courseId, studentId);
  await withPlatform(t.database.db, (tx) =>
    tx
      .update(courseStudents)
      .set({ createdAt: at(createdAt) })
      .where(eq(courseStudents.studentId, studentId)),
  );
}

/** An event of site A, already handled (so no worker acts on it), at the given moment. */
async function event(type: string, actorId: string, createdAt: string, payload: Record<string, unknown> = {}) {
  await withTenant(t.database.db, A.site.accountId, (tx) =>
    tx.insert(eventOutbox).values({
      accountId: A.site.accountId,
      type,
      actorId,
      payload,
      createdAt: at(createdAt),
      processedAt: new Date(),
    }),
  );
}

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "rep-a");
  B = await siteWithOwner(t, "rep-b");
  s1 = await memberOf(t, A.site, "student", "s1");
  s2 = await memberOf(t, A.site, "student", "s2");
  s3 = await memberOf(t, A.site, "student", "s3");
  instructor = await memberOf(t, A.site, "instructor");
  const db = t.database.db;

  // Members: s1 and s2 joined in March; everyone else joins today (outside the range).
  await withPlatform(db, async (tx) => {
    await tx
      .update(members)
      .set({ createdAt: at("2025-03-01T00:00:00Z") })
      .where(eq(members.userId, s1.user.id));
    await tx
      .update(members)
      .set({ createdAt: at("2025-03-31T23:59:59Z") })
      .where(eq(members.userId, s2.user.id));
    await tx
      .update(members)
      .set({ createdAt: at("2025-02-28T23:59:59Z") })
      .where(eq(members.userId, s3.user.id));
  });

  // Orders: two paid in March (one on the last evening), one paid and refunded in March, one paid
  // on the first moment of April, one never paid; and site B's sale, on the same day as A's.
  p1 = await buildProduct(db, A.site, { title: `Pottery pass ${uid()}`, amount: 4900 });
  p2 = await buildProduct(db, A.site, { title: `Glaze guide ${uid()}`, amount: 1500 });
  await order(A, s1.user.id, [p1.id], { paidAt: "2025-03-05T10:00:00Z" });
  await order(A, s2.user.id, [p1.id, p2.id], { paidAt: "2025-03-31T23:30:00Z" });
  await order(A, s1.user.id, [p2.id], { paidAt: "2025-03-10T09:00:00Z", refundedAt: "2025-03-12T09:00:00Z" });
  await order(A, s3.user.id, [p2.id], { paidAt: "2025-04-01T00:00:00Z" });
  await order(A, s3.user.id, [p1.id]);
  const pb = await buildProduct(db, B.site, { title: "Other site's", amount: 9999 });
  const buyerB = await memberOf(t, B.site, "student", "b-buyer");
  await order(B, buyerB.user.id, [pb.id], { paidAt: "2025-03-05T11:00:00Z" });

  // Enrolments: three in c1 and one in c2 during March, one in c2 the day before.
  c1 = (await buildCourse(db, A.site, A.owner, { title: `Wheel ${uid()}`, curriculum: [{ quiz: "Check" }] })).course;
  c2 = (await buildCourse(db, A.site, A.owner, { title: `Kiln ${uid()}`, curriculum: [{ unit: "One" }] })).course;
  await enrol(c1.id, s1.user.id, "2025-03-02T08:00:00Z");
  await enrol(c1.id, s2.user.id, "2025-03-02T09:00:00Z");
  await enrol(c1.id, s3.user.id, "2025-03-20T10:00:00Z");
  await enrol(c2.id, instructor.user.id, "2025-03-21T10:00:00Z");
  await buildEnrolment(db, A.site, c2.id, A.owner.id);
  await withPlatform(db, (tx) =>
    tx
      .update(courseStudents)
      .set({ createdAt: at("2025-02-28T10:00:00Z") })
      .where(eq(courseStudents.studentId, A.owner.id)),
  );

  // Activity: s1 finishes c1 twice (un-completing in between), s2 once, s3 opens a lesson; a
  // completion in February does not count.
  const done = (studentId: string) => ({ courseId: c1.id, studentId });
  await event("course_completed", s1.user.id, "2025-03-20T10:00:00Z", done(s1.user.id));
  await event("course_completed", s1.user.id, "2025-03-22T10:00:00Z", done(s1.user.id));
  await event("course_completed", s2.user.id, "2025-03-23T10:00:00Z", done(s2.user.id));
  await event("lesson_completed", s3.user.id, "2025-03-24T10:00:00Z", done(s3.user.id));
  await event("course_completed", instructor.user.id, "2025-02-20T10:00:00Z", done(instructor.user.id));

  // Quiz attempts of c1's quiz (pass mark 50): graded 80 % and 40 % in March, one still to mark,
  // one graded in February.
  const [quizId] = (await buildCourse(db, A.site, A.owner, { title: `Q ${uid()}`, curriculum: [{ quiz: "Q" }] }))
    .itemIds;
  const attempt = (studentId: string, status: number, marks: number, submittedAt: string) => ({
    accountId: A.site.accountId,
    quizId,
    courseId: c1.id,
    studentId,
    status,
    marks,
    maxMarks: 10,
    submittedAt: at(submittedAt),
  });
  await withTenant(db, A.site.accountId, (tx) =>
    tx
      .insert(quizSubmissions)
      .values([
        attempt(s1.user.id, 3, 8, "2025-03-15T10:00:00Z"),
        attempt(s2.user.id, 3, 4, "2025-03-16T10:00:00Z"),
        attempt(s3.user.id, 2, 10, "2025-03-17T10:00:00Z"),
        attempt(instructor.user.id, 3, 5, "2025-02-17T10:00:00Z"),
      ]),
  );
});
afterAll(async () => {
  await t?.close();
});

describe("site report", () => {
  it("counts exactly the range's sales, refunds, members, activity, enrolments, completions and quiz results", async () => {
    const res = await api(A.site.slug, A.ownerCookie, `/reports?${RANGE}`);
    expect(res.status).toBe(200);
    const r = await body(res);
    expect(r.range).toEqual({ from: "2025-03-01", to: "2025-03-31" });
    expect(r.currency).toBe("USD");
    expect(r.totals).toEqual({
      revenue: 4900 + 6400,
      orders: 2,
      refunds: 1,
      refundedAmount: 1500,
      newMembers: 2,
      activeMembers: 3,
      enrolments: 4,
      completions: 2,
      quizGraded: 2,
      quizPassed: 1,
      quizPassRate: 50,
    });
    expect(r.empty).toBe(false);
    expect(r.days).toHaveLength(31);
    const day = (date: string) => r.days.find((d: { date: string }) => d.date === date);
    expect(day("2025-03-05")).toEqual({ date: "2025-03-05", revenue: 4900, orders: 1, enrolments: 0, newMembers: 0 });
    expect(day("2025-03-31")).toEqual({ date: "2025-03-31", revenue: 6400, orders: 1, enrolments: 0, newMembers: 1 });
    expect(day("2025-03-02")).toMatchObject({ enrolments: 2 });
    expect(day("2025-03-10")).toMatchObject({ revenue: 0, orders: 0 });
    const sumOf = (k: string) => r.days.reduce((n: number, d: Record<string, number>) => n + d[k], 0);
    expect([sumOf("revenue"), sumOf("orders"), sumOf("enrolments"), sumOf("newMembers")]).toEqual([11300, 2, 4, 2]);
    expect(r.topCourses).toEqual([
      { courseId: c1.id, title: expect.stringMatching(/^Wheel /), enrolments: 3 },
      { courseId: c2.id, title: expect.stringMatching(/^Kiln /), enrolments: 1 },
    ]);
    expect(r.topProducts).toEqual([
      { productId: p1.id, title: expect.stringMatching(/^Pottery pass /), revenue: 9800 },
      { productId: p2.id, title: expect.stringMatching(/^Glaze guide /), revenue: 1500 },
    ]);
  });

  it("never counts another site's rows, and is empty where nothing happened", async () => {
    const b = await body(await api(B.site.slug, B.ownerCookie, `/reports?${RANGE}`));
    expect(b.totals).toMatchObject({ revenue: 9999, orders: 1, enrolments: 0, newMembers: 0, completions: 0 });
    expect(b.topProducts.map((p: { productId: string }) => p.productId)).not.toContain(p1.id);
    const quiet = await body(await api(A.site.slug, A.ownerCookie, "/reports?from=2024-01-01&to=2024-01-31"));
    expect(quiet.empty).toBe(true);
    expect(quiet.totals).toMatchObject({ revenue: 0, orders: 0, quizPassRate: null });
    expect(quiet.topCourses).toEqual([]);
  });

  it("defaults to the last 30 days", async () => {
    const r = await body(await api(A.site.slug, A.ownerCookie, "/reports"));
    expect(r.days).toHaveLength(30);
    expect(r.range.to).toBe(new Date().toISOString().slice(0, 10));
    // The owner and the members joined today.
    expect(r.totals.newMembers).toBeGreaterThanOrEqual(2);
  });

  it("downloads the daily series and totals as CSV", async () => {
    const res = await api(A.site.slug, A.ownerCookie, `/reports/csv?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="report-${A.site.slug}-2025-03-01-to-2025-03-31.csv"`,
    );
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe("date,revenue (USD),orders,enrolments,new_members");
    expect(lines).toContain("2025-03-05,49.00,1,0,0");
    expect(lines).toContain("total,113.00,2,4,2");
    expect(lines).toContain("refunds,1");
    expect(lines).toContain("quiz_pass_rate_percent,50");
  });
});

describe("sum_column_advanced", () => {
  const paidInMarch = [
    { column: "status", operator: "eq", value: "paid" },
    { column: "paid_at", operator: "gte", value: "2025-03-01T00:00:00Z" },
    { column: "paid_at", operator: "lte", value: "2025-03-31T23:59:59.999999Z" },
  ];

  it("sums one allowed column within the site", async () => {
    const a = await sum(A.site.slug, A.ownerCookie, {
      table_name: "orders",
      column_name: "total_amount",
      conditions: paidInMarch,
    });
    expect(a.status).toBe(200);
    expect(await body(a)).toEqual({ sum: 11300 });
    const b = await sum(B.site.slug, B.ownerCookie, {
      table_name: "orders",
      column_name: "total_amount",
      conditions: paidInMarch,
    });
    expect(await body(b)).toEqual({ sum: 9999 });
    const lines = await sum(A.site.slug, A.ownerCookie, {
      table_name: "order_items",
      column_name: "line_total",
      conditions: [{ column: "status", operator: "in", value: ["paid", "refunded"] }, ...paidInMarch.slice(1)],
    });
    expect(await body(lines)).toEqual({ sum: 4900 + 6400 + 1500 });
    const passed = await sum(A.site.slug, A.ownerCookie, {
      table_name: "quiz_submissions",
      column_name: "passed",
      conditions: [{ column: "status", operator: "gte", value: 3 }],
    });
    expect(await body(passed)).toEqual({ sum: 2 });
    const none = await sum(A.site.slug, A.ownerCookie, {
      table_name: "orders",
      column_name: "total_amount",
      conditions: [{ column: "status", operator: "eq", value: "no-such-status" }],
    });
    expect(await body(none)).toEqual({ sum: 0 });
  });

  it("refuses a table, column, operator or value outside the allow-list with a 400 naming it", async () => {
    const refused = async (json: unknown, field: string, message: RegExp) => {
      const e = await expectError(await sum(A.site.slug, A.ownerCookie, json), 400, "bad_request");
      expect(e.message).toMatch(message);
      expect(e.details).toEqual([{ field, message: e.message }]);
    };
    await refused({ table_name: "users", column_name: "id" }, "table_name", /Table "users"/);
    await refused({ table_name: "accounts", column_name: "total_amount" }, "table_name", /Table "accounts"/);
    await refused({ table_name: "orders", column_name: "provider_ref" }, "column_name", /Column "provider_ref"/);
    await refused({ table_name: "orders", column_name: "status" }, "column_name", /cannot be summed/);
    await refused(
      {
        table_name: "orders",
        column_name: "total_amount",
        conditions: [{ column: "account_id", operator: "eq", value: B.site.accountId }],
      },
      "conditions.0.column",
      /Column "account_id"/,
    );
    await refused(
      {
        table_name: "orders",
        column_name: "total_amount",
        conditions: [{ column: "status", operator: "ne", value: 1 }],
      },
      "conditions.0.operator",
      /Operator "ne"/,
    );
    await refused(
      {
        table_name: "orders",
        column_name: "total_amount",
        conditions: [{ column: "paid_at", operator: "gte", value: "1; select 1" }],
      },
      "conditions.0.value",
      /ISO 8601/,
    );
  });

  it("answers only the site's owner and manage_options holders", async () => {
    const q = { table_name: "orders", column_name: "total_amount" };
    await expectError(await sum(A.site.slug, s1.cookie, q), 403, "forbidden");
    await expectError(await sum(A.site.slug, instructor.cookie, q), 403, "forbidden");
    await expectError(await api(A.site.slug, s1.cookie, `/reports?${RANGE}`), 403, "forbidden");
    await expectError(await api(A.site.slug, instructor.cookie, `/reports/csv?${RANGE}`), 403, "forbidden");
    await expectNotAuthenticated(await t.request(A.site.slug, `/api/v1/reports?${RANGE}`));
    const admin = await memberOf(t, A.site, "admin", "rep-admin");
    expect((await sum(A.site.slug, admin.cookie, q)).status).toBe(200);
  });
});

describe("another site's figures", () => {
  // Reports and usage have no id in their address: they are always the host's site. Another site's
  // owner there has no session (401), so nothing of the site is read; their own host shows only theirs.
  it("are out of reach of another site's owner on this site's host, and never mixed into theirs", async () => {
    const q = { table_name: "orders", column_name: "total_amount" };
    for (const path of [`/reports?${RANGE}`, `/reports/csv?${RANGE}`, "/usage"]) {
      await expectNotAuthenticated(await api(A.site.slug, B.ownerCookie, path));
    }
    await expectNotAuthenticated(await sum(A.site.slug, B.ownerCookie, q));
    const theirs = await body(await sum(B.site.slug, B.ownerCookie, q));
    expect(theirs).toEqual({ sum: 9999 });
    const csv = await (await api(B.site.slug, B.ownerCookie, `/reports/csv?${RANGE}`)).text();
    expect(csv).toContain("total,99.99,1,");
  });
});

describe("API document", () => {
  it("describes the report, its CSV and sum_column_advanced", async () => {
    const doc = await body(await t.request(A.site.slug, "/api/v1/openapi.json"));
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/reports", "/reports/csv", "/reports/sum"]));
    expect(doc.paths["/reports/sum"].post.responses["400"]).toBeDefined();
    expect(doc.components.schemas.SumColumnInput.description).toContain("orders.total_amount");
  });
});

describe("report range", () => {
  it("refuses a range that runs backwards, spans two years or more, or is not two dates", async () => {
    const refused = async (query: string, field: string) => {
      const e = await expectError(await api(A.site.slug, A.ownerCookie, `/reports?${query}`), 422, "validation_failed");
      expect((e.details as { field: string }[])[0].field).toBe(field);
    };
    await refused("from=2025-03-31&to=2025-03-01", "to");
    await refused("from=2023-01-01&to=2025-01-01", "to");
    await refused("from=2025-02-30&to=2025-03-01", "from");
    await refused("from=2025-03-01", "to");
    await refused("from=yesterday&to=2025-03-01", "from");
    await expectError(
      await api(A.site.slug, A.ownerCookie, "/reports/csv?from=2025-03-31&to=2025-03-01"),
      422,
      "validation_failed",
    );
    expect((await api(A.site.slug, A.ownerCookie, "/reports?from=2023-01-02&to=2025-01-01")).status).toBe(200);
  });
});
