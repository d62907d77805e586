// A site's addons (decision 0033): the catalogue with what the plan includes and which are on,
// switching them on and off through /api/v1/addons and the addons screen's services, the refusals
// (plan_required, Coming soon, unknown ids, non-managers), the certificate switch of a course
// after the addon is off, and another site's owner, who sees and changes nothing here.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { certificates as certificatesTable, courses, options } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import {
  body,
  countFor,
  expectError,
  expectNotAuthenticated,
  memberOf,
  type SiteWithOwner,
  siteWithOwner,
  uid,
} from "./helpers";
import { withLoadContext } from "./load-context-app";

let t: TestPlatform;
let run: ReturnType<typeof withLoadContext>;
beforeAll(async () => {
  t = await startTestPlatform();
  run = withLoadContext(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (S: SiteWithOwner, cookie = S.ownerCookie) => t.request(S.site.slug, "/api/v1/addons", { cookie });
const post = (S: SiteWithOwner, path: string, cookie = S.ownerCookie) =>
  t.request(S.site.slug, `/api/v1/addons${path}`, { method: "POST", cookie });
type Listed = { id: string; included: boolean; available: boolean; active: boolean; price: string; badge?: string };
const byId = async (S: SiteWithOwner) => {
  const res = await get(S);
  expect(res.status).toBe(200);
  const view = await body<{ plan: { slug: string } | null; addons: Listed[] }>(res);
  return Object.fromEntries(view.addons.map((a) => [a.id, a]));
};
const stored = async (accountId: string) => {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ value: options.value })
      .from(options)
      .where(and(eq(options.accountId, accountId), eq(options.key, "addons"))),
  );
  return row?.value;
};

describe("the addons of a site", () => {
  it("lists the catalogue with the plan's addons on from the start", async () => {
    const S = await siteWithOwner(t, "addons-list");
    const view = await body(await get(S));
    expect(view.plan).toEqual({ slug: "starter", label: "Starter" });
    expect(view.addons.map((a: Listed) => a.id)).toEqual([
      "certificates",
      "zoom",
      "jitsi",
      "transcribe",
      "email_verify",
      "ai_tutor",
      "whitelabel",
    ]);
    const list = await byId(S);
    expect(list.certificates).toMatchObject({ included: true, available: true, active: true, price: "Free" });
    expect(list.zoom).toMatchObject({ included: true, active: true });
    expect(list.jitsi).toMatchObject({ included: false, active: false, price: "Active" });
    expect(list.ai_tutor).toMatchObject({ included: false, available: false, active: false, price: "Coming soon" });
    expect(list.whitelabel).toMatchObject({ included: false, active: false, badge: "Pro" });

    const pro = await siteWithOwner(t, "addons-pro", { plan: PLAN_IDS.professional });
    const all = await byId(pro);
    expect(all.whitelabel).toMatchObject({ included: true, active: true });
    expect(all.ai_tutor).toMatchObject({ included: true, available: false, active: false });
  });

  it("deactivates and re-activates an addon, keeping the switch in the site's options", async () => {
    const S = await siteWithOwner(t, "addons-switch");
    const off = await post(S, "/zoom/deactivate");
    expect(off.status).toBe(200);
    expect(await body(off)).toMatchObject({ id: "zoom", included: true, active: false });
    expect((await byId(S)).zoom.active).toBe(false);
    expect((await byId(S)).certificates.active).toBe(true);
    expect(await stored(S.site.accountId)).toEqual({ zoom: false });

    // Deactivating twice is no error; activating brings it back.
    expect((await post(S, "/zoom/deactivate")).status).toBe(200);
    const on = await post(S, "/zoom/activate");
    expect(await body(on)).toMatchObject({ id: "zoom", active: true });
    expect((await byId(S)).zoom.active).toBe(true);
    expect(await stored(S.site.accountId)).toEqual({ zoom: true });
  });

  it("keeps both of two switches made at the same moment", async () => {
    const S = await siteWithOwner(t, "addons-race");
    const [a, b] = await Promise.all([post(S, "/zoom/deactivate"), post(S, "/certificates/deactivate")]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const list = await byId(S);
    expect([list.zoom.active, list.certificates.active]).toEqual([false, false]);
  });

  it("refuses an addon the plan lacks with plan_required naming the plan that includes it", async () => {
    const S = await siteWithOwner(t, "addons-plan");
    const refused = await expectError(await post(S, "/jitsi/activate"), 403, "plan_required");
    expect(refused.details).toEqual({
      feature: "jitsi",
      addon: true,
      plan: { slug: "starter", label: "Starter" },
      includedIn: { slug: "professional", label: "Professional" },
      upgrade: "/dashboard/billing",
    });
    expect((await byId(S)).jitsi.active).toBe(false);
    expect(await stored(S.site.accountId)).toBeUndefined();
    // Switching off is always allowed, even for an addon the plan lacks.
    expect((await post(S, "/jitsi/deactivate")).status).toBe(200);
  });

  it("refuses a Coming soon addon with a conflict, on any plan", async () => {
    const pro = await siteWithOwner(t, "addons-soon", { plan: PLAN_IDS.professional });
    const refused = await expectError(await post(pro, "/ai_tutor/activate"), 409, "conflict");
    expect(refused.message).toMatch(/coming soon/i);
    const starter = await siteWithOwner(t, "addons-soon-s");
    await expectError(await post(starter, "/ai_tutor/activate"), 409, "conflict");
    expect((await byId(pro)).ai_tutor.active).toBe(false);
  });

  it("answers 404 for an addon that does not exist", async () => {
    const S = await siteWithOwner(t, "addons-404");
    await expectError(await post(S, "/teleport/activate"), 404, "not_found");
    await expectError(await post(S, "/teleport/deactivate"), 404, "not_found");
  });

  it("is for the site's managers only", async () => {
    const S = await siteWithOwner(t, "addons-who");
    const student = await memberOf(t, S.site, "student");
    const admin = await memberOf(t, S.site, "admin");
    await expectError(await get(S, student.cookie), 403, "forbidden");
    await expectError(await post(S, "/zoom/deactivate", student.cookie), 403, "forbidden");
    await expectNotAuthenticated(await t.request(S.site.slug, "/api/v1/addons"));
    expect((await get(S, admin.cookie)).status).toBe(200);
    expect((await post(S, "/zoom/deactivate", admin.cookie)).status).toBe(200);
    expect((await byId(S)).zoom.active).toBe(false);
    // The screen's services refuse the student too.
    const screen = await body(await run(S.site.slug, student.cookie, (ctx) => ctx.services.addons.list()));
    expect(screen.error).toMatchObject({ code: "forbidden" });
  });

  it("lets another site's owner neither see nor change this site's addons", async () => {
    const A = await siteWithOwner(t, "addons-a");
    const B = await siteWithOwner(t, "addons-b");
    await post(A, "/zoom/deactivate");
    // B's owner on A's host is no one there.
    expect((await get(A, B.ownerCookie)).status).not.toBe(200);
    expect((await post(A, "/zoom/activate", B.ownerCookie)).status).not.toBe(200);
    expect((await post(A, "/certificates/deactivate", B.ownerCookie)).status).not.toBe(200);
    expect(await stored(A.site.accountId)).toEqual({ zoom: false });
    // On B's own host, B sees B's addons: A's switch is not there.
    expect((await byId(B)).zoom.active).toBe(true);
    expect(await stored(B.site.accountId)).toBeUndefined();
  });

  it("serves the screen's services: the list, and a refusal in the one error shape", async () => {
    const S = await siteWithOwner(t, "addons-screen");
    const listed = await body(await run(S.site.slug, S.ownerCookie, (ctx) => ctx.services.addons.list()));
    expect(listed.result.addons).toHaveLength(7);
    const off = await body(
      await run(S.site.slug, S.ownerCookie, (ctx) => ctx.services.addons.deactivate("certificates")),
    );
    expect(off.result).toMatchObject({ id: "certificates", active: false });
    const refused = await body(
      await run(S.site.slug, S.ownerCookie, (ctx) => ctx.services.addons.activate("whitelabel")),
    );
    expect(refused.error).toMatchObject({ code: "plan_required", details: { feature: "whitelabel", addon: true } });
  });

  it("appears in the OpenAPI document", async () => {
    const S = await siteWithOwner(t, "addons-doc");
    const doc = await body(await t.request(S.site.slug, "/api/v1/openapi.json"));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/addons", "/addons/{id}/activate", "/addons/{id}/deactivate"]),
    );
    expect(Object.keys(doc.paths["/addons/{id}/activate"])).toEqual(["post"]);
    expect(doc.components.schemas).toHaveProperty("Addon");
  });
});

describe("a course's certificate and the certificates addon", () => {
  const api = (S: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
    t.request(S.site.slug, `/api/v1${path}`, { cookie: S.ownerCookie, ...init });
  const certificate = (enabled: boolean) => ({ enabled, title: "Well done", body: "{{student}}" });

  it("refuses switching a certificate on while the addon is off, keeps what exists, and allows it once on", async () => {
    const S = await siteWithOwner(t, "addons-cert", { features: { lms: true } });
    const made = await api(S, "/courses", { json: { title: "Pottery" } });
    expect(made.status).toBe(201);
    const course = await body(made);
    const patch = (enabled: boolean) =>
      api(S, `/courses/${course.id}`, { method: "PATCH", json: { certificate: certificate(enabled) } });
    expect((await patch(true)).status).toBe(200);

    expect((await post(S, "/certificates/deactivate")).status).toBe(200);
    // Deactivating keeps the course's certificate as it was.
    const [row] = await withPlatform(t.database.db, (tx) => tx.select().from(courses).where(eq(courses.id, course.id)));
    expect(row.certificate).toMatchObject({ enabled: true, title: "Well done" });

    expect((await patch(false)).status).toBe(200);
    const refused = await expectError(await patch(true), 403, "addon_inactive");
    expect(refused.details).toEqual({ addon: "certificates", manage: "/dashboard/addons" });
    const [after] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(courses).where(eq(courses.id, course.id)),
    );
    expect(after.certificate).toMatchObject({ enabled: false });

    expect((await post(S, "/certificates/activate")).status).toBe(200);
    expect((await patch(true)).status).toBe(200);
  });

  it("issues no new certificate while the addon is off, and keeps those already issued", async () => {
    const S = await siteWithOwner(t, "addons-issue", { features: { lms: true } });
    const student = await memberOf(t, S.site, "student", "learner");
    const template = { enabled: true, title: "Diploma", body: "{{student}}" };
    const course = async () => {
      const built = await buildCourse(t.database.db, S.site, S.owner, {
        title: `Throwing ${uid()}`,
        certificate: template,
        curriculum: [{ unit: "Only unit" }],
      });
      await buildEnrolment(t.database.db, S.site, built.course.id, student.user.id);
      return built;
    };
    const finish = async (built: Awaited<ReturnType<typeof course>>) => {
      const res = await t.request(
        S.site.slug,
        `/api/v1/courses/${built.course.id}/items/${built.itemIds[0]}/complete`,
        {
          method: "PUT",
          cookie: student.cookie,
        },
      );
      expect(res.status).toBe(200);
      return body(res);
    };
    const first = await finish(await course());
    expect(first.certificateCode).toMatch(/^[A-Z2-9]{12}$/);

    await post(S, "/certificates/deactivate");
    const second = await finish(await course());
    expect(second).toMatchObject({ progress: 100, certificateCode: null });
    expect(await countFor(t, certificatesTable, S.site.accountId)).toBe(1);
    expect((await t.request(S.site.slug, `/api/v1/certificates/${first.certificateCode}`)).status).toBe(200);
  });

  it("still refuses with plan_required where the site has no plan, whatever the switch says", async () => {
    const S = await siteWithOwner(t, "addons-cert-np", { features: { lms: true }, plan: null });
    // A site without a plan may hold no course of its own making; the seed builder puts one there.
    const { course } = await buildCourse(t.database.db, S.site, S.owner, { title: "Kilns" });
    await expectError(await post(S, "/certificates/activate"), 403, "plan_required");
    const refused = await expectError(
      await api(S, `/courses/${course.id}`, { method: "PATCH", json: { certificate: certificate(true) } }),
      403,
      "plan_required",
    );
    expect(refused.details).toMatchObject({ feature: "certificates", addon: true, plan: null });
  });
});
