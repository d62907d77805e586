// The database round trips of the requests that carry the load (docs/performance.md): every
// statement sent to PostgreSQL while one request is served is counted, on the demo site, after a
// first request has warmed the caches. A change that adds statements to these paths fails here
// and must say why. PostgreSQL only (the statements are counted on its client).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/builders";
import { loadServerBuild, serverBuildExists } from "../support/server-build";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body } from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres || !serverBuildExists())("statements per request on the hot paths", () => {
  let t: TestPlatform;
  let student: string;
  let statements: string[] | null = null;
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    t = await startTestPlatform({ SEED_DEMO: "true" }, { build: await loadServerBuild() });
    student = await signIn(t, "demo", "student@demo.test", DEMO_PASSWORD);
    // biome-ignore lint/suspicious/noExplicitAny: the client's query has many overloads; this only counts calls
    (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
      const text = typeof args[0] === "string" ? args[0] : args[0]?.text;
      // The job queue's own polling is not the request's work.
      if (statements && typeof text === "string" && !text.includes("pgboss.")) statements.push(text);
      // biome-ignore lint/suspicious/noExplicitAny: see above
      return (original as any).apply(this, args);
    };
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t?.close();
  });

  /** Until no statement was sent for three 100 ms ticks in a row (ten seconds at most). */
  async function databaseQuiet() {
    for (let quiet = 0, waited = 0; quiet < 3 && waited < 100; waited++) {
      const before = statements?.length ?? 0;
      await new Promise((r) => setTimeout(r, 100));
      quiet = (statements?.length ?? 0) === before ? quiet + 1 : 0;
    }
  }

  /**
   * Statements sent while `request` is served (with `untilQuiet`, and the background work it starts
   * until the database is quiet), after `warmUp` (the request itself by default) ran unmeasured.
   */
  async function counted(
    warmUp: () => Promise<Response>,
    request = warmUp,
    opts: { untilQuiet?: boolean } = {},
  ): Promise<{ status: number; statements: string[] }> {
    await warmUp();
    // Background work of the seed (its events' notifications and mail) uses the same driver: wait
    // until nothing else is talking to the database, so only the request's statements are counted.
    statements = [];
    await databaseQuiet();
    statements = [];
    const res = await request();
    // The background work the request started (its events' handling), until the database is quiet.
    if (opts.untilQuiet) await databaseQuiet();
    const seen = statements;
    statements = null;
    return { status: res.status, statements: seen };
  }

  let n = 0;
  it("a visitor's site home, rendered: one transaction of four statements", async () => {
    const r = await counted(() => t.request("demo", `/?cold=${n++}`));
    expect(r.status).toBe(200);
    expect(r.statements.length).toBeLessThanOrEqual(4);
  });

  it("a visitor's course page, rendered: one transaction", async () => {
    const r = await counted(() => t.request("demo", `/course/glazing-workshop?cold=${n++}`));
    expect(r.status).toBe(200);
    expect(r.statements.filter((s) => /^begin/i.test(s))).toHaveLength(1);
    expect(r.statements.length).toBeLessThanOrEqual(14);
  });

  it("a signed-in /api/v1/me: no statement at all (the session is in memory)", async () => {
    const r = await counted(() => t.request("demo", "/api/v1/me", { cookie: student }));
    expect(r.status).toBe(200);
    expect(r.statements).toEqual([]);
  });

  it("completing an item: one transaction of three round trips", async () => {
    const course = await body(await t.request("demo", "/api/v1/catalog/courses/glazing-workshop", { cookie: student }));
    const itemId = course.outline.find((i: { id?: string }) => i.id).id;
    const url = `/api/v1/courses/${course.id}/items/${itemId}/complete`;
    let put = true;
    const r = await counted(() => {
      const method = put ? "PUT" : "DELETE";
      put = !put;
      return t.request("demo", url, { method, cookie: student });
    });
    expect(r.status).toBe(200);
    expect(r.statements.filter((s) => /^begin/i.test(s)).length).toBeLessThanOrEqual(1);
    // BEGIN with the role, the course with the enrolment locked, the update with the commit.
    expect(r.statements).toHaveLength(3);
    expect(r.statements[1]).toMatch(
      /^select .* from "courses" inner join "course_students" .* for update of "course_students"$/is,
    );
    // The update of the enrolment goes with the commit: its lock is not held across a round trip.
    expect(r.statements.at(-1)).toMatch(/^update "course_students".*;\s*(insert into "event_outbox".*;\s*)?commit$/is);
  });

  it("a completed item's event: the points are read and granted in one transaction of its handling", async () => {
    const course = await body(await t.request("demo", "/api/v1/catalog/courses/glazing-workshop", { cookie: student }));
    const itemId = course.outline.find((i: { id?: string }) => i.id).id;
    const url = `/api/v1/courses/${course.id}/items/${itemId}/complete`;
    // Not complete before, so the completion emits lesson_completed; its handling is counted too.
    const r = await counted(
      () => t.request("demo", url, { method: "DELETE", cookie: student }),
      () => t.request("demo", url, { method: "PUT", cookie: student }),
      { untilQuiet: true },
    );
    expect(r.status).toBe(200);
    const transactions = r.statements
      .join("\n")
      .split(/^begin/im)
      .slice(1);
    const granting = transactions.filter((x) => /insert into "points_log"/i.test(x));
    expect(granting).toHaveLength(1);
    // The site's gamification switch and its rules: one statement, in the granting transaction.
    expect(granting[0]).toMatch(/select "features", \(select ("options"\.)?"value" from "options"/i);
    // The request, the event's claim, its three subscribers (points, webhooks, automations), done.
    expect(transactions).toHaveLength(6);
  });

  it("an offline checkout with a coupon: one transaction, and the coupon's use is counted with the commit", async () => {
    const list = await body(await t.request("demo", "/api/v1/products?per_page=50", { cookie: student }));
    const items = Object.values(list).find(Array.isArray) as { id: string; slug: string }[];
    const product = items.find((p) => p.slug === "wheel-throwing-lifetime") as { id: string };
    const r = await counted(() =>
      t.request("demo", "/api/v1/checkout", {
        method: "POST",
        cookie: student,
        json: { productIds: [product.id], coupon: "WELCOME10", provider: "offline" },
      }),
    );
    expect(r.status).toBe(201);
    const own = r.statements.filter((s) => !/pgboss|job/i.test(s));
    // One transaction: the order (with the settings and the buyer read in it) and the coupon's use
    // counted with the commit; an offline order has no provider answer to write afterwards.
    expect(own.filter((s) => /^begin/i.test(s))).toHaveLength(1);
    expect(own.filter((s) => /;\s*commit$/i.test(s))).toHaveLength(1);
    expect(own.find((s) => /^with claimed as/i.test(s))).toMatch(
      /^with claimed as \(\s*update "coupons".*;\s*commit$/is,
    );
  });

  it("a student's dashboard: the top bar's notifications in one transaction of three statements", async () => {
    const r = await counted(() => t.request("demo", "/dashboard", { cookie: student }));
    expect(r.status).toBe(200);
    const notifications = r.statements.filter((s) => /from "notifications"/.test(s));
    // The bell's newest, the unread chats, and every count the top bar shows in one statement.
    expect(notifications).toHaveLength(3);
    expect(notifications.filter((s) => /count\(\*\)/.test(s))).toHaveLength(1);
    // The page's own data, the affiliate link, the points and the top bar: 18 statements in all.
    expect(r.statements.length).toBeLessThanOrEqual(18);
  });

  it("the course player: the course and the locked enrolment read once for the outline and the opening", async () => {
    const home = await (await t.request("demo", "/dashboard/courses", { cookie: student })).text();
    const courseId = home.match(/\/dashboard\/courses\/([0-9a-f-]{36})/)?.[1];
    const r = await counted(() => t.request("demo", `/dashboard/courses/${courseId}`, { cookie: student }));
    expect(r.status).toBe(200);
    const courseReads = r.statements.filter((s) => /^select .* from "courses"/is.test(s));
    expect(courseReads).toHaveLength(1);
    expect(courseReads[0]).toMatch(/inner join "course_students" .* for update of "course_students"$/is);
    expect(r.statements.filter((s) => /^update "course_students"/i.test(s)).length).toBeLessThanOrEqual(1);
  });
});
