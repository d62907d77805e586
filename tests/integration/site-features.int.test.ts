// Site feature flags (lms, groups, appointments, gamification, single_session): switched by the
// site's managers, and only within what the site's plan includes (spec §6).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { accounts } from "../../server/modules/accounts";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { memberOf, siteWithOwner } from "./helpers";

describe("PATCH /api/v1/site/features", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets the owner of a Lifetime site switch single_session on, and the site then enforces it", async () => {
    const { site, ownerCookie } = await siteWithOwner(t, "lifetime", { plan: PLAN_IDS.lifetime });
    const res = await t.request(site.slug, "/api/v1/site/features", {
      method: "PATCH",
      cookie: ownerCookie,
      json: { single_session: true, groups: true },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.features).toMatchObject({ single_session: true, groups: true, lms: true });
    const stored = await accounts.bySlug(t.database.db, site.slug);
    expect(stored?.features.single_session).toBe(true);
    // The change reaches the host cache at once: the public site view says so too.
    const view = await (await t.request(site.slug, "/api/v1/site")).json();
    expect(view.features.single_session).toBe(true);
  });

  it("refuses a flag the plan does not include, naming it, and changes nothing", async () => {
    const { site, ownerCookie } = await siteWithOwner(t, "starter", { plan: PLAN_IDS.starter });
    const res = await t.request(site.slug, "/api/v1/site/features", {
      method: "PATCH",
      cookie: ownerCookie,
      json: { gamification: true, groups: true },
    });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.code).toBe("plan_required");
    expect(body.error.details).toEqual([expect.objectContaining({ field: "gamification" })]);
    const stored = await accounts.bySlug(t.database.db, site.slug);
    expect(stored?.features).toMatchObject({ gamification: false, groups: false });
  });

  it("refuses a site without a plan anything plan-gated, but lets it switch open flags", async () => {
    const { site, ownerCookie } = await siteWithOwner(t, "noplan", { plan: null });
    const gated = await t.request(site.slug, "/api/v1/site/features", {
      method: "PATCH",
      cookie: ownerCookie,
      json: { appointments: true },
    });
    expect(gated.status).toBe(403);
    const open = await t.request(site.slug, "/api/v1/site/features", {
      method: "PATCH",
      cookie: ownerCookie,
      json: { lms: false },
    });
    expect(open.status).toBe(200);
    expect((await open.json()).features.lms).toBe(false);
  });

  it("is for managers only, and rejects unknown flags and non-boolean values", async () => {
    const { site, ownerCookie } = await siteWithOwner(t, "guard", { plan: PLAN_IDS.lifetime });
    const student = await memberOf(t, site, "student");
    const asStudent = await t.request(site.slug, "/api/v1/site/features", {
      method: "PATCH",
      cookie: student.cookie,
      json: { groups: true },
    });
    expect(asStudent.status).toBe(403);
    expect((await asStudent.json()).error.code).toBe("forbidden");
    const unknown = await t.request(site.slug, "/api/v1/site/features", {
      method: "PATCH",
      cookie: ownerCookie,
      json: { teleport: true },
    });
    expect(unknown.status).toBe(422);
    const wrongType = await t.request(site.slug, "/api/v1/site/features", {
      method: "PATCH",
      cookie: ownerCookie,
      json: { groups: "yes" },
    });
    expect(wrongType.status).toBe(422);
    expect((await wrongType.json()).error.details[0].field).toBe("groups");
    const stored = await accounts.bySlug(t.database.db, site.slug);
    expect(stored?.features.groups).toBe(false);
  });
});
