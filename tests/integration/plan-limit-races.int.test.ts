// The last unit of a counted limit, raced (decision 0028): parallel sign-ups and invitation
// acceptances for a site's last member place, parallel uploads for its last image, and parallel
// e-mail checks for the month's last verification each grant it exactly once and refuse the rest
// with 403 plan_limit; on a site that does not cap members, namesakes joining at once all become
// members. PGlite runs one statement at a time and cannot show
// a race, so these run on PostgreSQL only (TEST_DATABASE_URL); courses, pages and the monthly
// meters are raced in plan-limits.int.test.ts.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { invitations, mailOutbox, media, members, roles, sessions, usageMeters, users } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import type { SiteAccount } from "../../server/modules/accounts";
import { periodOf } from "../../server/modules/usage";
import { buildUser } from "../../server/seed/builders";
import { cookieFrom, startTestPlatform, type TestPlatform } from "../support/platform";
import { withLoadContext } from "./load-context-app";
import { body, countFor, countRows, expectError, siteWithOwner, uid, uniqueEmail } from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PARALLEL = 8;
/** Starter's totalMembers (core/plans.ts). */
const STARTER_MEMBERS = 10000;

let t: TestPlatform;

beforeAll(async () => {
  if (onPostgres) t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

/** Fills the site with seeded students until it has `total` members. */
async function fillMembers(site: SiteAccount, total: number) {
  const missing = total - (await countFor(t, members, site.accountId));
  const tag = uid();
  await withPlatform(t.database.db, async (tx) => {
    const [student] = await tx
      .select({ roleId: roles.roleId })
      .from(roles)
      .where(and(eq(roles.accountId, site.accountId), eq(roles.name, "student")));
    await tx.execute(sql`insert into users (id, name, email, email_verified)
      select 'seed-${sql.raw(tag)}-' || g, 'Seed ' || g, 'seed-${sql.raw(tag)}-' || g || '@example.org', true
      from generate_series(1, ${missing}) g`);
    await tx.execute(sql`insert into members (account_id, user_id, name, email, slug, role_id)
      select ${site.accountId}::uuid, 'seed-${sql.raw(tag)}-' || g, 'Seed ' || g,
        'seed-${sql.raw(tag)}-' || g || '@example.org', 'seed-${sql.raw(tag)}-' || g, ${student.roleId}::uuid
      from generate_series(1, ${missing}) g`);
  });
  expect(await countFor(t, members, site.accountId)).toBe(total);
}

/** Members of the site among the given users. */
const membersAmong = (site: SiteAccount, userIds: string[]) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select({ userId: members.userId })
      .from(members)
      .where(and(eq(members.accountId, site.accountId), sql`${members.userId} in ${userIds}`)),
  );

describe.skipIf(!onPostgres)("the last member place, raced (PostgreSQL)", () => {
  it(`gives the last place to exactly one of ${PARALLEL} people signing up at once; the others get plan_limit and no session`, async () => {
    const s = await siteWithOwner(t, "race-signup", { plan: PLAN_IDS.starter });
    await fillMembers(s.site, STARTER_MEMBERS - 1);
    const emails = Array.from({ length: PARALLEL }, (_, i) => uniqueEmail(`signup-${i}`));
    const answers = await Promise.all(
      emails.map((email) =>
        t.request(s.site.slug, "/api/auth/sign-up/email", {
          json: { name: "New Student", email, password: "long-enough-password-1" },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    expect(statuses.filter((st) => st === 403)).toHaveLength(PARALLEL - 1);
    for (const refused of answers.filter((r) => r.status === 403)) {
      const b = await body(refused);
      expect(b.code).toBe("plan_limit");
      expect(b.message).toMatch(/totalMembers limit of 10000/);
      // The session made before the loser's join failed is gone, and its cookie is not handed out.
      expect(cookieFrom(refused)).toBe("");
    }
    expect(await countFor(t, members, s.site.accountId)).toBe(STARTER_MEMBERS);

    // The winner is the one member among them, and the only one with a session on the site.
    const people = await withPlatform(t.database.db, (tx) =>
      tx.select({ id: users.id, email: users.email }).from(users).where(sql`${users.email} in ${emails}`),
    );
    const joined = await membersAmong(
      s.site,
      people.map((p) => p.id),
    );
    expect(joined).toHaveLength(1);
    const winner = answers[statuses.indexOf(200)];
    expect((await body(winner)).user.email).toBe(people.find((p) => p.id === joined[0].userId)?.email);
    const withSessions = await countRows(
      t,
      sessions,
      and(eq(sessions.accountId, s.site.accountId), sql`${sessions.userId} in ${people.map((p) => p.id)}`),
    );
    expect(withSessions).toBe(1);
    const me = await body(await t.request(s.site.slug, "/api/v1/me", { cookie: cookieFrom(winner) }));
    expect(me.role).toBe("student");
  });

  it(`gives the last place to exactly one of ${PARALLEL} invitees accepting at once`, async () => {
    const s = await siteWithOwner(t, "race-accept", { plan: PLAN_IDS.starter });
    const people = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => buildUser(t.platform.auth, { email: uniqueEmail(`invitee-${i}`) })),
    );
    // Invited while the site has room; nobody joins until they accept.
    for (const p of people) {
      const res = await t.request(s.site.slug, "/api/v1/invitations", {
        cookie: s.ownerCookie,
        json: { email: p.email, role: "instructor" },
      });
      expect(res.status).toBe(201);
    }
    await fillMembers(s.site, STARTER_MEMBERS - 1);

    // Each signs in to answer (which does not by itself join them) and reads their link's token.
    const call = withLoadContext(t);
    const invitees = await Promise.all(
      people.map(async (p) => {
        const signedIn = await call(s.site.slug, undefined, async (ctx) => {
          const res = await ctx.services.auth.signIn({ email: p.email, password: p.password }, { joinSite: false });
          return { status: res.status, cookie: cookieFrom(res) };
        });
        const { result } = await body(signedIn);
        expect(result.status).toBe(200);
        const [mail] = await withPlatform(t.database.db, (tx) =>
          tx
            .select({ text: mailOutbox.text })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.toAddress, p.email), eq(mailOutbox.kind, "member_invitation"))),
        );
        const token = mail?.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)?.[1];
        if (!token) throw new Error(`no invitation link to ${p.email}`);
        return { userId: p.id, cookie: result.cookie as string, token };
      }),
    );
    expect(await countFor(t, members, s.site.accountId)).toBe(STARTER_MEMBERS - 1);

    const answers = await Promise.all(
      invitees.map((i) =>
        t.request(s.site.slug, "/api/v1/invitations/accept", { cookie: i.cookie, json: { token: i.token } }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200)) {
      const err = await expectError(refused, 403, "plan_limit");
      expect(err.details).toMatchObject({ limit: "totalMembers", value: STARTER_MEMBERS, used: STARTER_MEMBERS });
    }
    expect(await countFor(t, members, s.site.accountId)).toBe(STARTER_MEMBERS);
    const joined = await membersAmong(
      s.site,
      invitees.map((i) => i.userId),
    );
    expect(joined).toHaveLength(1);
    // The refused keep their invitations (they may accept once there is room); the winner's is used up.
    expect(await countFor(t, invitations, s.site.accountId)).toBe(PARALLEL - 1);
  });
});

describe.skipIf(!onPostgres)("the last image, raced (PostgreSQL)", () => {
  it(`grants Lifetime's 500th image to exactly one of ${PARALLEL} parallel uploads`, async () => {
    const s = await siteWithOwner(t, "race-images", { plan: PLAN_IDS.lifetime });
    await withPlatform(t.database.db, (tx) =>
      tx.execute(sql`insert into media (account_id, storage_key, filename, mime, size)
        select ${s.site.accountId}::uuid, 'media/seed-' || g || '/original.png', 'seed.png', 'image/png', 10
        from generate_series(1, 499) g`),
    );
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const upload = (name: string) => {
      const form = new FormData();
      form.append("file", new Blob([png], { type: "image/png" }), name);
      return t.request(s.site.slug, "/api/v1/media", { cookie: s.ownerCookie, method: "POST", body: form });
    };
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => upload(`photo-${i}.png`)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 201)) {
      const err = await expectError(refused, 403, "plan_limit");
      expect(err.details).toMatchObject({ limit: "images", value: 500, used: 500 });
    }
    expect(await countFor(t, media, s.site.accountId)).toBe(500);
  });
});

describe.skipIf(!onPostgres)("the last e-mail verification of the month, raced (PostgreSQL)", () => {
  it(`grants Starter's 100th verification to exactly one of ${PARALLEL} checks from different visitors`, async () => {
    const s = await siteWithOwner(t, "race-verify", { plan: PLAN_IDS.starter });
    await withPlatform(t.database.db, (tx) =>
      tx
        .insert(usageMeters)
        .values({ accountId: s.site.accountId, meter: "emailverifications", period: periodOf(), value: 99 }),
    );
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.request(s.site.slug, "/api/verifyEmail", {
          json: { email: `race${i}-${uid()}@school.org`, account_id: s.site.accountId },
          headers: { "x-test-client-ip": `198.51.100.${i + 1}` },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200)) {
      const err = await expectError(refused, 403, "plan_limit");
      expect(err.details).toMatchObject({ limit: "email_verify", value: 100 });
    }
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx
        .select({ value: usageMeters.value })
        .from(usageMeters)
        .where(
          and(
            eq(usageMeters.accountId, s.site.accountId),
            eq(usageMeters.meter, "emailverifications"),
            eq(usageMeters.period, periodOf()),
          ),
        ),
    );
    expect(row.value).toBe(100);
  });
});

describe.skipIf(!onPostgres)("joining an uncapped site at once (PostgreSQL)", () => {
  it(`makes each of ${PARALLEL} people with the same name signing up at once a member, with a slug of their own`, async () => {
    // Lifetime does not cap members, so no limit lock orders these joins.
    const s = await siteWithOwner(t, "race-names", { plan: PLAN_IDS.lifetime });
    const emails = Array.from({ length: PARALLEL }, (_, i) => uniqueEmail(`namesake-${i}`));
    const answers = await Promise.all(
      emails.map((email) =>
        t.request(s.site.slug, "/api/auth/sign-up/email", {
          json: { name: "Maria Lopez", email, password: "long-enough-password-1" },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(PARALLEL).fill(200));
    const joined = await withPlatform(t.database.db, (tx) =>
      tx
        .select({ slug: members.slug })
        .from(members)
        .where(and(eq(members.accountId, s.site.accountId), sql`${members.email} in ${emails}`)),
    );
    expect(joined).toHaveLength(PARALLEL);
    expect(new Set(joined.map((m) => m.slug)).size).toBe(PARALLEL);
    for (const res of answers) {
      const me = await t.request(s.site.slug, "/api/v1/me", { cookie: cookieFrom(res) });
      expect((await body(me)).role).toBe("student");
    }
  });
});
