// The owner's plan (decision 0029): a new site's trial, asking for a plan paid offline, staff
// granting it (effective at once on gated features), cancelling renewal, and who may do what.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { auditLog, siteSubscriptions } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { siteBilling } from "../../server/modules/billing";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, siteWithOwner } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const staff = { userId: null, email: "staff@atrium.test" };

describe("a site's plan", () => {
  it("starts a new site on a 30-day Starter trial", async () => {
    const s = await siteWithOwner(t, "bill-new");
    const state = await body(await t.request(s.site.slug, "/api/v1/billing", { cookie: s.ownerCookie }));
    expect(state.plan).toMatchObject({ slug: "starter" });
    expect(state.subscription).toMatchObject({ status: "trialing", provider: "trial", period: "monthly" });
    const days = (Date.parse(state.subscription.trialEndsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(state.plans.map((p: { slug: string }) => p.slug)).toEqual([
      "starter",
      "professional",
      "dedicated",
      "lifetime",
    ]);
    expect(state.plans.find((p: { slug: string }) => p.slug === "professional").prices).toEqual({
      monthly: 9900,
      annual: 99900,
      onetime: null,
    });
  });

  it("takes the owner's request, and staff granting it changes the plan's gating at once", async () => {
    const s = await siteWithOwner(t, "bill-up");
    const partner = await memberOf(t, s.site, "student", "partner");
    const affiliate = () =>
      t.request(s.site.slug, "/api/v1/affiliates", { cookie: s.ownerCookie, json: { email: partner.user.email } });
    expect((await affiliate()).status).toBe(403);

    const bad = await t.request(s.site.slug, "/api/v1/billing/request", {
      cookie: s.ownerCookie,
      json: { planId: PLAN_IDS.lifetime, period: "monthly" },
    });
    expect((await expectError(bad, 422, "validation_failed")).message).toMatch(/Lifetime plan is not sold monthly/);

    const asked = await t.request(s.site.slug, "/api/v1/billing/request", {
      cookie: s.ownerCookie,
      json: { planId: PLAN_IDS.professional, period: "annual" },
    });
    expect(asked.status).toBe(200);
    expect((await body(asked)).request).toMatchObject({ label: "Professional", period: "annual" });
    // Asking changes nothing yet.
    expect((await affiliate()).status).toBe(403);

    const row = await siteBilling.changePlan(
      t.database.db,
      s.site.accountId,
      { planId: PLAN_IDS.professional, period: "annual" },
      staff,
    );
    expect(row).toMatchObject({ status: "active", provider: "offline", requestedPlanId: null });
    expect((await affiliate()).status).toBe(201);
    const state = await body(await t.request(s.site.slug, "/api/v1/billing", { cookie: s.ownerCookie }));
    expect(state.plan).toMatchObject({ slug: "professional" });
    expect(state.request).toBeNull();
    const renews = (Date.parse(state.subscription.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(renews).toBeGreaterThan(364);
    const audit = await withPlatform(t.database.db, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.siteId, s.site.accountId)),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "plan.change", actorEmail: "staff@atrium.test" });

    // The owner stops renewal, then changes their mind.
    const cancelled = await t.request(s.site.slug, "/api/v1/billing/cancel", {
      cookie: s.ownerCookie,
      json: { cancel: true },
    });
    expect((await body(cancelled)).subscription.cancelAtPeriodEnd).toBe(true);
  });

  it("lets managers read the plan but only the owner change it; students see nothing", async () => {
    const s = await siteWithOwner(t, "bill-who");
    const admin = await memberOf(t, s.site, "admin");
    const student = await memberOf(t, s.site, "student");
    expect((await t.request(s.site.slug, "/api/v1/billing", { cookie: admin.cookie })).status).toBe(200);
    const refused = await t.request(s.site.slug, "/api/v1/billing/request", {
      cookie: admin.cookie,
      json: { planId: PLAN_IDS.professional, period: "monthly" },
    });
    await expectError(refused, 403, "forbidden");
    await expectError(await t.request(s.site.slug, "/api/v1/billing", { cookie: student.cookie }), 403, "forbidden");
    // Another site's owner, on this site's host, is no one here.
    const other = await siteWithOwner(t, "bill-other");
    expect((await t.request(s.site.slug, "/api/v1/billing", { cookie: other.ownerCookie })).status).not.toBe(200);
    const [sub] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(siteSubscriptions).where(eq(siteSubscriptions.siteId, s.site.accountId)),
    );
    expect(sub.requestedPlanId).toBeNull();
  });

  it("extends a trial for staff and refuses it once the site pays", async () => {
    const s = await siteWithOwner(t, "bill-trial");
    const before = await siteBilling.of(t.database.db, s.site.accountId);
    const after = await siteBilling.extendTrial(t.database.db, s.site.accountId, 14, staff);
    expect(after.trialEndsAt!.getTime() - before!.trialEndsAt!.getTime()).toBe(14 * 86_400_000);
    await siteBilling.changePlan(
      t.database.db,
      s.site.accountId,
      { planId: PLAN_IDS.starter, period: "monthly" },
      staff,
    );
    await expect(siteBilling.extendTrial(t.database.db, s.site.accountId, 14, staff)).rejects.toMatchObject({
      code: "conflict",
    });
  });
});
