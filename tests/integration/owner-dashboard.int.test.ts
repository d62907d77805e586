// The dashboard home a site's owner sees (spec §2): the setup checklist ticks itself from the site's
// own rows, the figures (plan usage, sales, feed, posts, courses) are the seeded ones, a student of
// the same site gets their own learning home and none of the owner's figures, and another site's
// rows never show.
import "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as homeRoute from "../../app/routes/dashboard/home";
import * as setupRoute from "../../app/routes/dashboard/setup";
import * as elearningRoute from "../../app/routes/dashboard/manage/elearning";
import * as manageRoute from "../../app/routes/dashboard/manage/index";
import type { AtriumLoadContext } from "../../server/http/load-context";
import { accounts } from "../../server/modules/accounts";
import { markOrderPaid, placeOrder } from "../../server/modules/commerce";
import { posts } from "../../server/modules/posts";
import { buildPaymentSettings, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { PLAN_IDS } from "../../core/plans";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";
import { withLoadContext } from "./load-context-app";

let t: TestPlatform;
let run: ReturnType<typeof withLoadContext>;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  run = withLoadContext(t);
  A = await siteWithOwner(t, "home-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "home-b", { plan: PLAN_IDS.starter });
});
afterAll(() => t?.close());

type Loader = (args: never) => unknown;

/** Runs a route's loader (or action) as React Router does for one signed-in person on a site. */
async function call(fn: Loader, slug: string, cookie: string, init: RequestInit & { path?: string } = {}) {
  const res = await run(slug, cookie, async (context: AtriumLoadContext) => {
    const request = new Request(`${t.origin(slug)}${init.path ?? "/dashboard"}`, init);
    try {
      return { status: 200, data: await (fn as (a: unknown) => unknown)({ context, request, params: {} }) };
    } catch (err) {
      if (err instanceof Response) return { status: err.status, data: null };
      throw err;
    }
  });
  // biome-ignore lint/suspicious/noExplicitAny: loader data is checked field by field below.
  return (await body(res)).result as { status: number; data: any };
}

const home = async (site: SiteWithOwner | { site: SiteWithOwner["site"] }, cookie: string) =>
  (await call(homeRoute.loader as Loader, site.site.slug, cookie)).data;

const stepsOf = (list: { items: { id: string; done: boolean }[] }) =>
  Object.fromEntries(list.items.map((i) => [i.id, i.done]));

describe("the owner's home", () => {
  it("starts with nothing ticked and empty panels, on the site's plan", async () => {
    const d = await home(A, A.ownerCookie);
    expect(d.kind).toBe("owner");
    expect(d.owner.checklist.ok).toBe(true);
    expect(d.owner.checklist.data.done).toBe(0);
    expect(d.owner.checklist.data.total).toBe(6);
    expect(d.owner.plan).toBe("starter");
    expect(d.owner.sales.data.totals).toEqual({ revenue: 0, orders: 0 });
    expect(d.owner.sales.data.days).toHaveLength(30);
    expect(d.owner.posts.data).toEqual([]);
    expect(d.owner.courses.data.items).toEqual([]);
    // The owner's own joining is the only thing that happened.
    expect(d.owner.activity.data.map((a: { kind: string }) => a.kind)).toEqual(["signup"]);
    const members = d.owner.usage.data.holdings.find((h: { key: string }) => h.key === "totalMembers");
    expect(members.used).toBe(1);
    expect(members.limit).toBe(10000);
  });

  it("ticks each step from the site's rows, and counts what was seeded", async () => {
    const db = t.database.db;
    await accounts.update(db, A.site.accountId, { settings: { ...A.site.settings, logo: "/media/logo.png" } });
    const { course } = await buildCourse(db, A.site, A.owner, {
      title: `Painting ${uid()}`,
      status: "published",
      curriculum: [{ unit: "One" }, { unit: "Two" }],
    });
    const product = await buildProduct(db, A.site, { title: `Kit ${uid()}`, amount: 4900 });
    await buildPaymentSettings(db, A.site, "offline", { config: { instructions: "Pay by bank transfer" } });
    const student = await memberOf(t, A.site, "student", "home-student");
    await run(A.site.slug, student.cookie, (ctx) => ctx.services.learning.enrol(course.id));
    const { order } = await placeOrder(db, A.site.accountId, {
      userId: student.user.id,
      productIds: [product.id],
      provider: "offline",
      origin: "https://example.test",
    });
    await markOrderPaid(db, A.site.accountId, order.orderId, { source: "owner" });
    await posts.create(db, A.site.accountId, null, { title: `Hello ${uid()}` });

    const d = await home(A, A.ownerCookie);
    expect(stepsOf(d.owner.checklist.data)).toEqual({
      logo: true,
      course: true,
      product: true,
      payments: true,
      domain: false,
      student: true,
    });
    expect(d.owner.checklist.data.done).toBe(5);
    expect(d.owner.sales.data.totals).toEqual({ revenue: 4900, orders: 1 });
    expect(d.owner.courses.data.items).toEqual([
      { courseId: course.id, title: course.title, students: 1, completed: 0, completionRate: 0 },
    ]);
    expect(d.owner.posts.data).toHaveLength(1);
    const kinds = d.owner.activity.data.map((a: { kind: string }) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(["order", "enrolment", "signup"]));
    const order1 = d.owner.activity.data.find((a: { kind: string }) => a.kind === "order");
    expect(order1).toMatchObject({ person: student.user.name, amount: 4900 });
    const enrolment = d.owner.activity.data.find((a: { kind: string }) => a.kind === "enrolment");
    expect(enrolment).toMatchObject({ person: student.user.name, course: course.title });

    // The setup page shows the same list in full.
    const setup = await call(setupRoute.loader as Loader, A.site.slug, A.ownerCookie, { path: "/dashboard/setup" });
    expect(setup.data.kind).toBe("site");
    expect(stepsOf(setup.data.checklist)).toEqual(stepsOf(d.owner.checklist.data));
  });

  it("folds the checklist away for this member only, and shows it again", async () => {
    const post = (intent: string) =>
      call(homeRoute.action as Loader, A.site.slug, A.ownerCookie, {
        method: "POST",
        body: new URLSearchParams({ intent }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    await post("hide-checklist");
    expect((await home(A, A.ownerCookie)).owner.checklist.data.hidden).toBe(true);
    const admin = await memberOf(t, A.site, "admin", "home-admin");
    const theirs = await home(A, admin.cookie);
    expect(theirs.kind).toBe("owner");
    expect(theirs.owner.checklist.data.hidden).toBe(false);
    await post("show-checklist");
    expect((await home(A, A.ownerCookie)).owner.checklist.data.hidden).toBe(false);
  });

  it("never shows another site's rows", async () => {
    const d = await home(B, B.ownerCookie);
    expect(d.owner.checklist.data.done).toBe(0);
    expect(d.owner.sales.data.totals).toEqual({ revenue: 0, orders: 0 });
    expect(d.owner.courses.data.items).toEqual([]);
    expect(d.owner.posts.data).toEqual([]);
    expect(d.owner.activity.data).toHaveLength(1);
  });
});

describe("a student's home", () => {
  it("shows their courses with progress and the next item, and none of the owner's figures", async () => {
    const db = t.database.db;
    const { course, itemIds } = await buildCourse(db, A.site, A.owner, {
      title: `Drawing ${uid()}`,
      status: "published",
      curriculum: [{ unit: "Lines" }, { unit: "Shapes" }],
    });
    const student = await memberOf(t, A.site, "student", "home-learner");
    await run(A.site.slug, student.cookie, (ctx) => ctx.services.learning.enrol(course.id));
    await run(A.site.slug, student.cookie, (ctx) => ctx.services.learning.setComplete(course.id, itemIds[0], true));
    const d = await home(A, student.cookie);
    expect(d.kind).toBe("member");
    expect(d.owner).toBeUndefined();
    expect(d.member.taught).toBeNull();
    expect(d.member.learning.data.courses).toHaveLength(1);
    expect(d.member.learning.data.courses[0]).toMatchObject({
      courseId: course.id,
      progress: 50,
      next: { id: itemIds[1], title: "Shapes", open: true },
    });
    expect(d.member.learning.data.certificates).toEqual([]);
    // The owner's services refuse them, whatever a page might ask.
    const refused = await run(A.site.slug, student.cookie, (ctx) => ctx.services.dashboard.sales());
    expect(refused.status).toBe(403);
    const setup = await call(setupRoute.loader as Loader, A.site.slug, student.cookie, { path: "/dashboard/setup" });
    expect(setup.status).toBe(404);
    const manage = await call(manageRoute.loader as Loader, A.site.slug, student.cookie, { path: "/dashboard/manage" });
    expect(manage.status).toBe(404);
  });

  it("an instructor also sees the courses they teach, with student counts", async () => {
    const instructor = await memberOf(t, A.site, "instructor", "home-teacher");
    const { course } = await buildCourse(t.database.db, A.site, instructor.user, {
      title: `Clay ${uid()}`,
      status: "draft",
    });
    const d = await home(A, instructor.cookie);
    expect(d.kind).toBe("member");
    expect(d.member.taught.data.items).toEqual([
      { courseId: course.id, title: course.title, status: "draft", students: 0 },
    ]);
  });
});

describe("the management index", () => {
  it("lists only areas whose screens exist", async () => {
    const d = await call(manageRoute.loader as Loader, A.site.slug, A.ownerCookie, { path: "/dashboard/manage" });
    const ids = d.data.areas.map((a: { id: string }) => a.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "site",
        "users",
        "media",
        "ecommerce",
        "elearning",
        "reports",
        "support",
        "billing",
        "app",
      ]),
    );
    // An area without any built screen (none of its links exist) is not offered.
    expect(
      (await import("../../app/lib/manage-areas")).availableAreas((p) => p === "/dashboard/media").map((a) => a.id),
    ).toEqual(["media"]);
  });

  it("gives the e-learning area its courses, categories, quizzes and submissions, for managers only", async () => {
    const d = await call(elearningRoute.loader as Loader, A.site.slug, A.ownerCookie, {
      path: "/dashboard/manage/elearning",
    });
    expect(d.status).toBe(200);
    expect(d.data.links.map((l: { id: string; href: string }) => [l.id, l.href])).toEqual(
      expect.arrayContaining([
        ["courses", "/dashboard/instructor"],
        ["categories", "/dashboard/manage/elearning/caetgory"],
        ["quizzes", "/dashboard/instructor/quizzes"],
        ["quizSubmissions", "/dashboard/instructor/submissions/quizzes"],
        ["assignmentSubmissions", "/dashboard/instructor/submissions/assignments"],
      ]),
    );
    const student = await memberOf(t, A.site, "student", "el-student");
    const refused = await call(elearningRoute.loader as Loader, A.site.slug, student.cookie, {
      path: "/dashboard/manage/elearning",
    });
    expect(refused.status).toBe(404);
  });
});
