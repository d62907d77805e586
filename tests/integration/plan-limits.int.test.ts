// Plans at work (spec §6, §9, decision 0028): each limited thing is refused at its plan's limit with
// plan_limit naming the limit, its value and the plan that raises it; on PostgreSQL the last unit,
// raced by parallel requests, is granted once; gated features answer plan_required until the plan
// includes them, and a plan change applies at once.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { courses, media, members, pages, roles, usageMeters } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { notifications } from "../../server/modules/notifications";
import { periodOf } from "../../server/modules/usage";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import {
  body,
  countFor,
  expectError,
  expectNotAuthenticated,
  memberOf,
  siteWithOwner,
  uid,
  uniqueEmail,
} from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

async function seedCourses(accountId: string, authorId: string, n: number) {
  await withPlatform(t.database.db, (tx) =>
    tx.insert(courses).values(
      Array.from({ length: n }, (_, i) => ({
        accountId,
        slug: `seeded-${i}-${uid()}`,
        title: `Seeded ${i}`,
        authorId,
      })),
    ),
  );
}

async function meter(accountId: string, key: string): Promise<number> {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ value: usageMeters.value })
      .from(usageMeters)
      .where(and(eq(usageMeters.accountId, accountId), eq(usageMeters.meter, key), eq(usageMeters.period, periodOf()))),
  );
  return row?.value ?? 0;
}

const newCourse = (slug: string, cookie: string) =>
  t.request(slug, "/api/v1/courses", { cookie, json: { title: `Course ${uid()}` } });
const newPage = (slug: string, cookie: string) =>
  t.request(slug, "/api/v1/pages", { cookie, json: { kind: "page", title: `Page ${uid()}`, slug: `p-${uid()}` } });

describe("limits that hold", () => {
  it("refuses Lifetime's eleventh course with plan_limit naming the limit and what raises it", async () => {
    const s = await siteWithOwner(t, "lim-courses", { plan: PLAN_IDS.lifetime });
    await seedCourses(s.site.accountId, s.owner.id, 9);
    expect((await newCourse(s.site.slug, s.ownerCookie)).status).toBe(201);
    const err = await expectError(await newCourse(s.site.slug, s.ownerCookie), 403, "plan_limit");
    expect(err.details).toMatchObject({
      limit: "courses",
      value: 10,
      used: 10,
      plan: { slug: "lifetime" },
      raisedBy: { slug: "starter" },
      upgrade: "/dashboard/billing",
    });
    expect(err.message).toMatch(/courses limit of 10 on the Lifetime plan/);
    expect(await countFor(t, courses, s.site.accountId)).toBe(10);
  });

  it("does not cap courses on a plan that does not name the limit (Professional)", async () => {
    const s = await siteWithOwner(t, "lim-courses-pro", { plan: PLAN_IDS.professional });
    await seedCourses(s.site.accountId, s.owner.id, 12);
    expect((await newCourse(s.site.slug, s.ownerCookie)).status).toBe(201);
  });

  it("gives a site with no plan nothing to create", async () => {
    const s = await siteWithOwner(t, "lim-noplan", { plan: null });
    const err = await expectError(await newCourse(s.site.slug, s.ownerCookie), 403, "plan_limit");
    expect(err.details).toMatchObject({ limit: "courses", value: 0, plan: null });
  });

  it("keeps a site without unlimitedpages to ten pages, and lets Lifetime have more", async () => {
    const s = await siteWithOwner(t, "lim-pages", { plan: PLAN_IDS.starter });
    const before = await countFor(t, pages, s.site.accountId);
    for (let i = before; i < 10; i++) expect((await newPage(s.site.slug, s.ownerCookie)).status).toBe(201);
    const err = await expectError(await newPage(s.site.slug, s.ownerCookie), 403, "plan_limit");
    expect(err.details).toMatchObject({ limit: "pages", value: 10, raisedBy: { slug: "lifetime" } });
    expect(await countFor(t, pages, s.site.accountId)).toBe(10);
    // Upgrading takes effect at once: the next request sees the new plan.
    await accounts.update(t.database.db, s.site.accountId, {
      settings: { ...s.site.settings, plan: PLAN_IDS.lifetime },
    });
    expect((await newPage(s.site.slug, s.ownerCookie)).status).toBe(201);
  });

  it("refuses a new member past totalMembers, lets existing members sign in, and counts monthly actives", async () => {
    const s = await siteWithOwner(t, "lim-members", { plan: PLAN_IDS.starter });
    const returning = await memberOf(t, s.site, "student");
    // 10,000 members on Starter: fill the site to one short of it.
    const have = await countFor(t, members, s.site.accountId);
    const tag = uid();
    await withPlatform(t.database.db, async (tx) => {
      const [student] = await tx
        .select({ roleId: roles.roleId })
        .from(roles)
        .where(and(eq(roles.accountId, s.site.accountId), eq(roles.name, "student")));
      await tx.execute(sql`insert into users (id, name, email, email_verified)
        select 'seed-${sql.raw(tag)}-' || g, 'Seed ' || g, 'seed-${sql.raw(tag)}-' || g || '@example.org', true
        from generate_series(1, ${10000 - have - 1}) g`);
      await tx.execute(sql`insert into members (account_id, user_id, name, email, slug, role_id)
        select ${s.site.accountId}::uuid, 'seed-${sql.raw(tag)}-' || g, 'Seed ' || g,
          'seed-${sql.raw(tag)}-' || g || '@example.org', 'seed-${sql.raw(tag)}-' || g, ${student.roleId}::uuid
        from generate_series(1, ${10000 - have - 1}) g`);
    });
    const signUp = (email: string) =>
      t.request(s.site.slug, "/api/auth/sign-up/email", {
        json: { name: "New Student", email, password: "long-enough-password-1" },
      });
    expect((await signUp(uniqueEmail("last-seat"))).status).toBe(200);
    expect(await countFor(t, members, s.site.accountId)).toBe(10000);
    const refused = await signUp(uniqueEmail("one-too-many"));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/totalMembers limit of 10000/);
    expect(await countFor(t, members, s.site.accountId)).toBe(10000);
    // A member who is one already still signs in.
    const again = await t.request(s.site.slug, "/api/auth/sign-in/email", {
      json: { email: returning.user.email, password: returning.user.password },
    });
    expect(again.status).toBe(200);
    // The owner, the returning student and the last new student were active this month.
    expect(await meter(s.site.accountId, "mau")).toBe(3);
  }, 120_000);

  it("refuses an image past the plan's images limit and counts uploads in the month's meters", async () => {
    const s = await siteWithOwner(t, "lim-images", { plan: PLAN_IDS.lifetime });
    // Lifetime holds 500 images.
    await withPlatform(t.database.db, (tx) =>
      tx.execute(sql`insert into media (account_id, storage_key, filename, mime, size)
        select ${s.site.accountId}::uuid, 'media/seed-' || g || '/original.png', 'seed.png', 'image/png', 10
        from generate_series(1, 500) g`),
    );
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const upload = (name: string, bytes: Uint8Array<ArrayBuffer>, type: string) => {
      const form = new FormData();
      form.append("file", new Blob([bytes], { type }), name);
      return t.request(s.site.slug, "/api/v1/media", { cookie: s.ownerCookie, method: "POST", body: form });
    };
    const err = await expectError(await upload("one-more.png", png, "image/png"), 403, "plan_limit");
    expect(err.details).toMatchObject({ limit: "images", value: 500, used: 500, raisedBy: { slug: "starter" } });
    const text = new TextEncoder().encode("notes for the course");
    expect((await upload("notes.txt", text, "text/plain")).status).toBe(201);
    expect(await meter(s.site.accountId, "images")).toBe(0);
    expect(await meter(s.site.accountId, "storage")).toBe(text.byteLength);
  });

  it("refuses a video past the plan's videos limit, counting the last one granted", async () => {
    const s = await siteWithOwner(t, "lim-videos", { plan: PLAN_IDS.lifetime });
    // Lifetime holds 50 videos: 49 are there.
    await withPlatform(t.database.db, (tx) =>
      tx.execute(sql`insert into media (account_id, storage_key, filename, mime, size)
        select ${s.site.accountId}::uuid, 'media/seed-' || g || '/original.mp4', 'seed.mp4', 'video/mp4', 10
        from generate_series(1, 49) g`),
    );
    // The smallest MP4 the library recognises: an ftyp box and an empty free box.
    const mp4 = Buffer.from("AAAAGGZ0eXBpc29tAAACAGlzb21pc28yAAAACGZyZWUAAAAAAAAAAA==", "base64");
    const upload = (name: string) => {
      const form = new FormData();
      form.append("file", new Blob([mp4], { type: "video/mp4" }), name);
      return t.request(s.site.slug, "/api/v1/media", { cookie: s.ownerCookie, method: "POST", body: form });
    };
    expect((await upload("lesson-50.mp4")).status).toBe(201);
    expect(await meter(s.site.accountId, "videos")).toBe(1);
    const err = await expectError(await upload("lesson-51.mp4"), 403, "plan_limit");
    expect(err.details).toMatchObject({ limit: "videos", value: 50, used: 50, raisedBy: { slug: "starter" } });
    expect(err.message).toMatch(/videos limit of 50 on the Lifetime plan/);
    expect(await countFor(t, media, s.site.accountId)).toBe(50);
    expect(await meter(s.site.accountId, "videos")).toBe(1);
  });
  it("counts the e-mails and notifications a site sends in its meters", async () => {
    const s = await siteWithOwner(t, "lim-mail", { plan: PLAN_IDS.starter });
    const before = await meter(s.site.accountId, "emails");
    const invited = await t.request(s.site.slug, "/api/v1/invitations", {
      cookie: s.ownerCookie,
      json: { email: uniqueEmail("invitee"), role: "student" },
    });
    expect(invited.status).toBeLessThan(300);
    expect(await meter(s.site.accountId, "emails")).toBe(before + 1);
    // Bell notifications are counted the same way (their meter has no limit on any plan).
    await notifications.create(t.database.db, s.site.accountId, { userId: s.owner.id, title: "Hi", message: "Hello" });
    await notifications.create(t.database.db, s.site.accountId, { userId: s.owner.id, title: "Hi", message: "Again" });
    expect(await meter(s.site.accountId, "notifications")).toBe(2);
  });
});

describe.skipIf(!onPostgres)("the last unit, raced (PostgreSQL)", () => {
  it("grants Lifetime's tenth course to exactly one of six parallel requests", async () => {
    const s = await siteWithOwner(t, "race-courses", { plan: PLAN_IDS.lifetime });
    await seedCourses(s.site.accountId, s.owner.id, 9);
    const answers = await Promise.all(Array.from({ length: 6 }, () => newCourse(s.site.slug, s.ownerCookie)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await countFor(t, courses, s.site.accountId)).toBe(10);
  });

  it("grants the tenth page once", async () => {
    const s = await siteWithOwner(t, "race-pages", { plan: PLAN_IDS.professional });
    const have = await countFor(t, pages, s.site.accountId);
    for (let i = have; i < 9; i++) expect((await newPage(s.site.slug, s.ownerCookie)).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 5 }, () => newPage(s.site.slug, s.ownerCookie)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await countFor(t, pages, s.site.accountId)).toBe(10);
  });

  it("never lets a monthly meter pass its limit under parallel use", async () => {
    const { usage } = await import("../../server/modules/usage");
    const { withTenant } = await import("../../server/db/tenant");
    const s = await siteWithOwner(t, "race-meter", { plan: PLAN_IDS.lifetime });
    // Lifetime: 500 ai_tokens a month; 20 requests of 30 tokens each can have 16 of them.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        withTenant(t.database.db, s.site.accountId, (tx) => usage.use(tx, s.site, "aitokens", 30)),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(16);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "plan_limit", details: { limit: "ai_tokens", value: 500 } });
    expect(await meter(s.site.accountId, "aitokens")).toBe(480);
  });
});

describe("features gated by plan", () => {
  const subscriptionProduct = {
    title: "Monthly club",
    metadata: { price: { type: "subscription", amount: 1500, duration: { value: 1, parameter: 2592000 } } },
  };

  it("refuses the affiliate programme and subscription products on Starter, allows them after an upgrade, and keeps them after a downgrade", async () => {
    const s = await siteWithOwner(t, "gate", { plan: PLAN_IDS.starter });
    const partner = await memberOf(t, s.site, "student", "partner");
    const aff = () =>
      t.request(s.site.slug, "/api/v1/affiliates", { cookie: s.ownerCookie, json: { email: partner.user.email } });
    const err = await expectError(await aff(), 403, "plan_required");
    expect(err.details).toMatchObject({ feature: "commissions", includedIn: { slug: "professional" } });
    const list = await t.request(s.site.slug, "/api/v1/affiliates", { cookie: s.ownerCookie });
    expect(list.status).toBe(403);
    const sub = await t.request(s.site.slug, "/api/v1/products", { cookie: s.ownerCookie, json: subscriptionProduct });
    expect((await expectError(sub, 403, "plan_required")).details).toMatchObject({
      feature: "subscriptions",
      includedIn: { slug: "lifetime" },
    });
    // A one-time product is fine on every plan.
    const oneTime = await t.request(s.site.slug, "/api/v1/products", {
      cookie: s.ownerCookie,
      json: { title: "Workbook", metadata: { price: { type: "onetime", amount: 900 } } },
    });
    expect(oneTime.status).toBe(201);
    // Switching a one-time product to a subscription is selling by subscription too.
    const workbook = await body(oneTime);
    const switched = await t.request(s.site.slug, `/api/v1/products/${workbook.id}`, {
      method: "PATCH",
      cookie: s.ownerCookie,
      json: { metadata: subscriptionProduct.metadata },
    });
    expect((await expectError(switched, 403, "plan_required")).details).toMatchObject({ feature: "subscriptions" });

    await accounts.update(t.database.db, s.site.accountId, {
      settings: { ...s.site.settings, plan: PLAN_IDS.lifetime },
    });
    expect((await aff()).status).toBe(201);
    expect((await t.request(s.site.slug, "/api/v1/affiliates", { cookie: s.ownerCookie })).status).toBe(200);
    const allowed = await t.request(s.site.slug, "/api/v1/products", {
      cookie: s.ownerCookie,
      json: subscriptionProduct,
    });
    expect(allowed.status).toBe(201);
    // Downgrading: nothing is deleted; creating more is refused again.
    await accounts.update(t.database.db, s.site.accountId, {
      settings: { ...s.site.settings, plan: PLAN_IDS.starter },
    });
    expect((await t.request(s.site.slug, "/api/v1/affiliates", { cookie: s.ownerCookie })).status).toBe(403);
    const products = await body(await t.request(s.site.slug, "/api/v1/products", { cookie: s.ownerCookie }));
    expect(products.products.map((p: { title: string }) => p.title)).toContain("Monthly club");
    // A product that already renews can still be edited; a new one cannot be made.
    const club = products.products.find((p: { title: string }) => p.title === "Monthly club");
    const edited = await t.request(s.site.slug, `/api/v1/products/${club.id}`, {
      method: "PATCH",
      cookie: s.ownerCookie,
      json: { title: "Monthly club (members)" },
    });
    expect(edited.status).toBe(200);
    await expectError(
      await t.request(s.site.slug, "/api/v1/products", { cookie: s.ownerCookie, json: subscriptionProduct }),
      403,
      "plan_required",
    );
  });
});

describe("the usage endpoint", () => {
  it("shows the owner this month's meters and holdings against the plan, and refuses students", async () => {
    const s = await siteWithOwner(t, "usage", { plan: PLAN_IDS.lifetime });
    await seedCourses(s.site.accountId, s.owner.id, 3);
    const res = await t.request(s.site.slug, "/api/v1/usage", { cookie: s.ownerCookie });
    expect(res.status).toBe(200);
    const u = await body(res);
    expect(u.plan).toMatchObject({ slug: "lifetime" });
    expect(u.period).toBe(periodOf());
    expect(u.meters.map((m: { key: string }) => m.key)).toEqual([
      "mau",
      "emails",
      "aitokens",
      "images",
      "videos",
      "storage",
      "chats",
      "notifications",
      "emailverifications",
      "jitsi",
      "transcribe",
    ]);
    expect(u.meters.find((m: { key: string }) => m.key === "mau")).toEqual({ key: "mau", used: 1, limit: 5000 });
    // Lifetime names no transcription minutes, so it includes none (decision 0065).
    expect(u.meters.find((m: { key: string }) => m.key === "transcribe")).toEqual({
      key: "transcribe",
      used: 0,
      limit: 0,
    });
    expect(u.meters.find((m: { key: string }) => m.key === "emails")).toMatchObject({ limit: 5000 });
    expect(u.holdings.find((h: { key: string }) => h.key === "courses")).toEqual({
      key: "courses",
      used: 3,
      limit: 10,
    });
    expect(u.holdings.find((h: { key: string }) => h.key === "totalMembers")).toMatchObject({ used: 1, limit: null });
    const student = await memberOf(t, s.site, "student");
    expect((await t.request(s.site.slug, "/api/v1/usage", { cookie: student.cookie })).status).toBe(403);
    // Another site's owner, on that site's host, sees that site's usage only.
    const other = await siteWithOwner(t, "usage-other", { plan: PLAN_IDS.starter });
    const theirs = await body(await t.request(other.site.slug, "/api/v1/usage", { cookie: other.ownerCookie }));
    expect(theirs.holdings.find((h: { key: string }) => h.key === "courses")).toEqual({
      key: "courses",
      used: 0,
      limit: null,
    });
    // On this site's host, the other owner's cookie is no session at all.
    await expectNotAuthenticated(await t.request(s.site.slug, "/api/v1/usage", { cookie: other.ownerCookie }));
  });
});
