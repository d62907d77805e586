// Staff's accounts screens over HTTP: the sites list with its search and filters, a site's detail,
// changing its plan (gated API follows at once), extending a trial, suspending (pages answer the
// suspended page, the API refuses) and restoring, the audit log of each action, owners, scheduled
// jobs and running one now; owners, students and any site's host get 403 on every staff endpoint.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { affiliates, courses, siteSuspensions } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { type BuiltUser, buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

const STAFF_EMAIL = "staff@atrium.test";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let staff: BuiltUser;
let staffCookie: string;
let ownerOnPlatform: string;
const tag = uid();

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, `acc-a${tag}`, { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, `acc-b${tag}`, { plan: PLAN_IDS.lifetime });
  staff = await buildUser(t.platform.auth, { email: STAFF_EMAIL });
  staffCookie = await signIn(t, null, staff.email, staff.password);
  ownerOnPlatform = await signIn(t, null, A.owner.email, A.owner.password);
});
afterAll(() => t?.close());

const staffApi = (path: string, init: { json?: unknown; method?: string } = {}) =>
  t.request(null, `/api/v1/staff${path}`, { cookie: staffCookie, ...init });

async function auditOf(siteId: string) {
  const res = await staffApi(`/audit?site=${siteId}&per_page=100`);
  expect(res.status).toBe(200);
  return (await body(res)).items as { action: string; actorEmail: string; details: Record<string, unknown> }[];
}

describe("the accounts list", () => {
  it("lists sites with owner, plan, status, trial end and members against the limit", async () => {
    const res = await staffApi(`/accounts?q=${tag}`);
    expect(res.status).toBe(200);
    const { items, total } = await body(res);
    expect(total).toBe(2);
    const a = items.find((i: { id: string }) => i.id === A.site.accountId);
    expect(a).toMatchObject({
      slug: A.site.slug,
      owner: { email: A.owner.email },
      planId: PLAN_IDS.starter,
      planLabel: "Starter",
      status: "trialing",
      suspended: false,
      members: { used: 1 },
    });
    expect(new Date(a.trialEndsAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const b = items.find((i: { id: string }) => i.id === B.site.accountId);
    expect(b).toMatchObject({ planLabel: "Lifetime", status: "active", trialEndsAt: null });
    expect(items.some((i: { slug: string }) => i.slug === "www")).toBe(false);
  });

  it("searches by owner e-mail and filters by plan and status, paged", async () => {
    const byEmail = await body(await staffApi(`/accounts?q=${encodeURIComponent(B.owner.email)}`));
    expect(byEmail.items.map((i: { id: string }) => i.id)).toEqual([B.site.accountId]);
    const starter = await body(await staffApi(`/accounts?q=${tag}&plan=${PLAN_IDS.starter}`));
    expect(starter.items.map((i: { id: string }) => i.id)).toEqual([A.site.accountId]);
    const active = await body(await staffApi(`/accounts?q=${tag}&status=active`));
    expect(active.items.map((i: { id: string }) => i.id)).toEqual([B.site.accountId]);
    const page2 = await body(await staffApi(`/accounts?q=${tag}&per_page=1&page=2`));
    expect(page2.total).toBe(2);
    expect(page2.items).toHaveLength(1);
    await expectError(await staffApi("/accounts?status=sleeping"), 422, "validation_failed");
  });

  it("shows a site's detail with usage against its plan's limits", async () => {
    const d = await body(await staffApi(`/accounts/${A.site.accountId}`));
    expect(d).toMatchObject({ id: A.site.accountId, subscription: { status: "trialing" }, suspension: null });
    const members = d.usage.holdings.find((h: { key: string }) => h.key === "totalMembers");
    expect(members.used).toBe(1);
    expect((await staffApi(`/accounts/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("plan and trial", () => {
  it("changing the plan takes effect on the site's gated API at once, and is audited", async () => {
    const partner = await memberOf(t, A.site, "student", "partner");
    const addAffiliate = () =>
      t.request(A.site.slug, "/api/v1/affiliates", { cookie: A.ownerCookie, json: { email: partner.user.email } });
    await expectError(await addAffiliate(), 403, "plan_required");

    const res = await staffApi(`/accounts/${A.site.accountId}/plan`, {
      json: { planId: PLAN_IDS.professional, period: "monthly" },
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      planId: PLAN_IDS.professional,
      subscription: { status: "active", period: "monthly", provider: "offline" },
    });
    expect((await addAffiliate()).status).toBe(201);

    const [entry] = await auditOf(A.site.accountId);
    expect(entry).toMatchObject({ action: "plan.change", actorEmail: STAFF_EMAIL });
    expect(entry.details).toMatchObject({ to: { planId: PLAN_IDS.professional, period: "monthly" } });
    await expectError(
      await staffApi(`/accounts/${A.site.accountId}/plan`, { json: { planId: PLAN_IDS.starter, period: "weekly" } }),
      422,
      "validation_failed",
    );
  });

  it("a downgrade refuses what the smaller plan lacks at once and deletes nothing; an upgrade lifts it", async () => {
    const C = await siteWithOwner(t, `acc-c${tag}`, { plan: PLAN_IDS.professional });
    const partner = await memberOf(t, C.site, "student", "partner");
    const newCourse = () =>
      t.request(C.site.slug, "/api/v1/courses", { cookie: C.ownerCookie, json: { title: `Course ${uid()}` } });
    const addAffiliate = (email: string) =>
      t.request(C.site.slug, "/api/v1/affiliates", { cookie: C.ownerCookie, json: { email } });
    const changePlan = async (planId: string, period: string) => {
      const res = await staffApi(`/accounts/${C.site.accountId}/plan`, { json: { planId, period } });
      expect(res.status).toBe(200);
    };
    // Professional does not cap courses: ten, then an eleventh.
    await withPlatform(t.database.db, (tx) =>
      tx.insert(courses).values(
        Array.from({ length: 10 }, (_, i) => ({
          accountId: C.site.accountId,
          slug: `seeded-${i}-${uid()}`,
          title: `Seeded ${i}`,
          authorId: C.owner.id,
        })),
      ),
    );
    expect((await newCourse()).status).toBe(201);
    expect((await addAffiliate(partner.user.email)).status).toBe(201);

    // Lifetime holds ten courses: the next is refused at once, the eleven stay.
    await changePlan(PLAN_IDS.lifetime, "onetime");
    const over = await expectError(await newCourse(), 403, "plan_limit");
    expect(over.details).toMatchObject({ limit: "courses", value: 10, used: 11, plan: { slug: "lifetime" } });
    const held = await withPlatform(t.database.db, (tx) =>
      tx.select({ id: courses.id }).from(courses).where(eq(courses.accountId, C.site.accountId)),
    );
    expect(held).toHaveLength(11);

    // Starter lacks commissions: the programme is refused at once; its affiliate is kept.
    await changePlan(PLAN_IDS.starter, "monthly");
    const other = await memberOf(t, C.site, "student", "partner-2");
    const refused = await expectError(await addAffiliate(other.user.email), 403, "plan_required");
    expect(refused.details).toMatchObject({ feature: "commissions", plan: { slug: "starter" } });
    const kept = await withPlatform(t.database.db, (tx) =>
      tx.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.accountId, C.site.accountId)),
    );
    expect(kept).toHaveLength(1);
    // Starter does not cap courses: creating one works again.
    expect((await newCourse()).status).toBe(201);

    // Back on Professional, the programme opens at once.
    await changePlan(PLAN_IDS.professional, "annual");
    expect((await addAffiliate(other.user.email)).status).toBe(201);
  });

  it("extends a trial, and refuses when the site is not on trial", async () => {
    const C = await siteWithOwner(t, `acc-c${tag}`, { plan: PLAN_IDS.starter });
    const before = (await body(await staffApi(`/accounts/${C.site.accountId}`))).subscription.trialEndsAt;
    const res = await staffApi(`/accounts/${C.site.accountId}/trial`, { json: { days: 14 } });
    expect(res.status).toBe(200);
    const after = (await body(res)).subscription.trialEndsAt;
    expect(new Date(after).getTime() - new Date(before).getTime()).toBeGreaterThanOrEqual(14 * 86_400_000 - 1000);
    expect((await auditOf(C.site.accountId))[0]).toMatchObject({ action: "trial.extend", details: { days: 14 } });
    await expectError(await staffApi(`/accounts/${B.site.accountId}/trial`, { json: { days: 3 } }), 409, "conflict");
  });
});

describe("suspension", () => {
  it("a suspended site answers the suspended page and refuses its API; restoring brings it back", async () => {
    const write = () =>
      t.request(B.site.slug, "/api/v1/pages", {
        cookie: B.ownerCookie,
        json: { title: "News", slug: `news-${uid()}` },
      });
    expect((await write()).status).toBe(201);

    const res = await staffApi(`/accounts/${B.site.accountId}/suspend`, { json: { reason: "Unpaid invoice" } });
    expect(res.status).toBe(200);
    expect((await body(res)).suspension).toMatchObject({ reason: "Unpaid invoice", suspendedByEmail: STAFF_EMAIL });

    const page = await t.request(B.site.slug, "/");
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain("This site is suspended");
    expect(page.headers.get("cache-control")).toBe("no-store");
    await expectError(await write(), 403, "site_suspended");
    await expectError(await t.request(B.site.slug, "/api/v1/pages", { cookie: B.ownerCookie }), 403, "site_suspended");
    // Another site and the platform are unaffected.
    expect((await t.request(A.site.slug, "/api/v1/pages", { cookie: A.ownerCookie })).status).toBe(200);
    expect((await staffApi(`/accounts?q=${tag}&status=suspended`)).status).toBe(200);
    const suspended = await body(await staffApi(`/accounts?q=${tag}&status=suspended`));
    expect(suspended.items.map((i: { id: string }) => i.id)).toEqual([B.site.accountId]);
    await expectError(
      await staffApi(`/accounts/${B.site.accountId}/suspend`, { json: { reason: "Again" } }),
      409,
      "conflict",
    );

    const back = await staffApi(`/accounts/${B.site.accountId}/restore`, { json: { reason: "Paid" } });
    expect(back.status).toBe(200);
    expect((await body(back)).suspension).toBeNull();
    expect((await write()).status).toBe(201);
    expect((await t.request(B.site.slug, "/")).status).not.toBe(503);

    const actions = (await auditOf(B.site.accountId)).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(["site.restore", "site.suspend"]);
    await expectError(
      await staffApi(`/accounts/${B.site.accountId}/restore`, { json: { reason: "x" } }),
      409,
      "conflict",
    );
  });

  it("the suspended page is in the site's language", async () => {
    const D = await siteWithOwner(t, `acc-d${tag}`, { plan: PLAN_IDS.starter });
    const cfg = await t.request(D.site.slug, "/api/v1/site/config", {
      method: "PATCH",
      cookie: D.ownerCookie,
      json: { settings: { defaultLanguage: "de" } },
    });
    expect(cfg.status).toBe(200);
    await staffApi(`/accounts/${D.site.accountId}/suspend`, { json: { reason: "Terms" } });
    const page = await t.request(D.site.slug, "/courses");
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain('lang="de"');
    expect(html).not.toContain("This site is suspended");
  });

  it("a site cannot clear its own suspension: the table is out of the site role's reach", async () => {
    const C = await siteWithOwner(t, `acc-e${tag}`);
    await staffApi(`/accounts/${C.site.accountId}/suspend`, { json: { reason: "Abuse" } });
    const { withTenant } = await import("../../server/db/tenant");
    await expect(
      withTenant(t.database.db, C.site.accountId, (tx) =>
        tx.delete(siteSuspensions).where(eq(siteSuspensions.siteId, C.site.accountId)),
      ),
    ).rejects.toThrow();
    const rows = await withPlatform(t.database.db, (tx) =>
      tx.select().from(siteSuspensions).where(eq(siteSuspensions.siteId, C.site.accountId)),
    );
    expect(rows).toHaveLength(1);
  });

  it("the platform's own site cannot be suspended", async () => {
    const list = await body(await staffApi("/audit?per_page=1"));
    expect(list.total).toBeGreaterThan(0);
    const { accounts } = await import("../../server/modules/accounts");
    const platform = await accounts.getPlatform(t.database.db);
    expect((await staffApi(`/accounts/${platform!.accountId}/suspend`, { json: { reason: "x" } })).status).toBe(409);
  });
});

describe("owners, audit and scheduled jobs", () => {
  it("lists owners with their sites count, searchable", async () => {
    const res = await body(await staffApi(`/owners?q=${encodeURIComponent(A.owner.email)}`));
    expect(res.items).toEqual([expect.objectContaining({ email: A.owner.email, sites: 1, plans: ["Professional"] })]);
    const all = await body(await staffApi("/owners?per_page=100"));
    expect(all.items.some((o: { email: string }) => o.email === STAFF_EMAIL)).toBe(false);
  });

  it("filters the audit log by action", async () => {
    const res = await body(await staffApi("/audit?action=site.suspend&per_page=100"));
    expect(res.items.length).toBeGreaterThan(0);
    expect(res.items.every((e: { action: string }) => e.action === "site.suspend")).toBe(true);
    expect(res.items[0]).toHaveProperty("siteSlug");
  });

  it("lists the scheduled jobs with next run, runs one now and audits it", async () => {
    const list = await body(await staffApi("/crons"));
    expect(list.running).toBe(true);
    expect(list.items.length).toBeGreaterThanOrEqual(5);
    const job = list.items[0];
    expect(job.cron).toMatch(/\*/);
    expect(new Date(job.nextRunAt).getTime()).toBeGreaterThan(Date.now());

    const run = await staffApi(`/crons/${encodeURIComponent(job.name)}/run`, { method: "POST" });
    expect(run.status).toBe(202);
    const { jobId } = await body(run);
    let last: { state: string } | null = null;
    for (let i = 0; i < 100; i++) {
      const again = await body(await staffApi("/crons"));
      last = again.items.find((j: { name: string }) => j.name === job.name).lastRun;
      if (last && last.state === "completed") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(last).toMatchObject({ state: "completed" });
    const audit = await body(await staffApi("/audit?action=cron.run"));
    expect(audit.items[0]).toMatchObject({ actorEmail: STAFF_EMAIL, details: { job: job.name, jobId } });
    expect((await staffApi("/crons/no-such-job/run", { method: "POST" })).status).toBe(404);
  });
});

describe("who may", () => {
  const endpoints = (id: string) => [
    { path: "/accounts" },
    { path: `/accounts/${id}` },
    { path: `/accounts/${id}/plan`, json: { planId: PLAN_IDS.lifetime, period: "onetime" } },
    { path: `/accounts/${id}/trial`, json: { days: 3 } },
    { path: `/accounts/${id}/suspend`, json: { reason: "x" } },
    { path: `/accounts/${id}/restore`, json: { reason: "x" } },
    { path: "/owners" },
    { path: "/audit" },
    { path: "/crons" },
    { path: "/crons/any/run", method: "POST" },
  ];

  it("owners on the platform, students, and staff on a site's host get 403; no session gets 401", async () => {
    const student = await memberOf(t, A.site, "student");
    const staffOnSite = await signIn(t, A.site.slug, staff.email, staff.password);
    for (const e of endpoints(A.site.accountId)) {
      const init = { json: e.json, method: e.method };
      await expectError(
        await t.request(null, `/api/v1/staff${e.path}`, { cookie: ownerOnPlatform, ...init }),
        403,
        "forbidden",
      );
      await expectError(
        await t.request(A.site.slug, `/api/v1/staff${e.path}`, { cookie: A.ownerCookie, ...init }),
        403,
        "forbidden",
      );
      await expectError(
        await t.request(A.site.slug, `/api/v1/staff${e.path}`, { cookie: student.cookie, ...init }),
        403,
        "forbidden",
      );
      await expectError(
        await t.request(A.site.slug, `/api/v1/staff${e.path}`, { cookie: staffOnSite, ...init }),
        403,
        "forbidden",
      );
      await expectNotAuthenticated(await t.request(null, `/api/v1/staff${e.path}`, init));
    }
    const d = await body(await staffApi(`/accounts/${A.site.accountId}`));
    expect(d.planId).toBe(PLAN_IDS.professional);
    expect(d.suspension).toBeNull();
  });
});
