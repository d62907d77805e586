// Least privilege in the database: inside withTenant a site can neither read the platform's
// credentials nor write the platform's tables, sees only the logins of its own people (and only the
// columns it needs), and cannot change who owns it. The features that used to lean on the broad
// grants (inviting an existing login, renaming oneself) still work.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accounts,
  authAccounts,
  plans,
  platformUpdates,
  rateLimits,
  twoFactors,
  users,
  verifications,
} from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { buildUser } from "../../server/seed/builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, memberOf, type SiteWithOwner, siteWithOwner, uniqueEmail } from "./helpers";
import { withLoadContext } from "./load-context-app";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let aStudent: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "priv-a");
  B = await siteWithOwner(t, "priv-b");
  aStudent = await memberOf(t, A.site, "student", "priv-a-stu");
});
afterAll(async () => {
  await t?.close();
});

/** Every message in an error's cause chain (drizzle wraps the driver's error). */
function messages(err: unknown): string {
  const out: string[] = [];
  for (let e = err as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    out.push(String(e.message));
  return out.join(" | ");
}

async function refusal(work: () => Promise<unknown>): Promise<string> {
  const err = await work().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, "the statement must be refused").not.toBeNull();
  return messages(err);
}

const asSite = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database.db, A.site.accountId, fn);

describe("inside withTenant", () => {
  it("reading password hashes, second-factor secrets, verification tokens or rate limits is refused", async () => {
    for (const table of [authAccounts, twoFactors, verifications, rateLimits]) {
      expect(await refusal(() => asSite((tx) => tx.select().from(table).limit(1)))).toMatch(/permission denied/i);
    }
    // The platform's own role still reads them: the auth library works as before.
    expect(await countRows(t, authAccounts)).toBeGreaterThan(0);
  });

  it("writing logins, plans or platform updates is refused and nothing changes", async () => {
    const before = {
      users: await countRows(t, users),
      plans: await countRows(t, plans),
      updates: await countRows(t, platformUpdates),
    };
    const attempts = [
      () => asSite((tx) => tx.insert(users).values({ id: "planted", name: "x", email: "planted@example.org" })),
      () => asSite((tx) => tx.update(users).set({ name: "Renamed by a site" }).where(eq(users.id, A.owner.id))),
      () => asSite((tx) => tx.delete(users).where(eq(users.id, aStudent.user.id))),
      () => asSite((tx) => tx.update(plans).set({ trialDays: 365 })),
      () => asSite((tx) => tx.delete(plans)),
      () => asSite((tx) => tx.insert(platformUpdates).values({ title: "Planted", body: "by a site" })),
    ];
    for (const attempt of attempts) expect(await refusal(attempt)).toMatch(/permission denied/i);
    expect({
      users: await countRows(t, users),
      plans: await countRows(t, plans),
      updates: await countRows(t, platformUpdates),
    }).toEqual(before);
    const [owner] = await withPlatform(t.database.db, (tx) =>
      tx.select({ name: users.name }).from(users).where(eq(users.id, A.owner.id)),
    );
    expect(owner.name).toBe(A.owner.name);
  });

  it("a site sees the logins of its own people only, and not their timestamps", async () => {
    const outsider = await buildUser(t.platform.auth, { email: uniqueEmail("priv-outsider") });
    const seen = await asSite((tx) => tx.select({ id: users.id, email: users.email }).from(users));
    expect(seen.map((u) => u.id).sort()).toEqual([A.owner.id, aStudent.user.id].sort());
    expect(seen.map((u) => u.id)).not.toContain(B.owner.id);
    expect(seen.map((u) => u.id)).not.toContain(outsider.id);
    expect(await refusal(() => asSite((tx) => tx.select({ at: users.createdAt }).from(users)))).toMatch(
      /permission denied/i,
    );
  });

  it("a site cannot change its owner, make itself the platform, or delete itself", async () => {
    const a = A.site.accountId;
    const attempts = [
      () => asSite((tx) => tx.update(accounts).set({ ownerUserId: aStudent.user.id }).where(eq(accounts.accountId, a))),
      () => asSite((tx) => tx.update(accounts).set({ isPlatform: true }).where(eq(accounts.accountId, a))),
      () => asSite((tx) => tx.delete(accounts).where(eq(accounts.accountId, a))),
      () =>
        asSite((tx) => tx.execute(sql`insert into accounts (slug, settings, features) values ('planted', '{}', '{}')`)),
    ];
    for (const attempt of attempts) expect(await refusal(attempt)).toMatch(/permission denied/i);
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx
        .select({ owner: accounts.ownerUserId, platform: accounts.isPlatform })
        .from(accounts)
        .where(eq(accounts.accountId, a)),
    );
    expect(row).toEqual({ owner: A.owner.id, platform: false });
  });

  it("no platform table is reachable by the site role except the granted columns of users", async () => {
    const { rows } = await t.database.sql(`
      SELECT c.relname AS name,
             has_table_privilege('atrium_tenant', c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') AS any_privilege,
             has_any_column_privilege('atrium_tenant', c.oid, 'SELECT, INSERT, UPDATE, REFERENCES') AS any_column
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE c.relkind IN ('r', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped)
      ORDER BY 1`);
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(["auth_accounts", "plans", "platform_updates", "rate_limits", "two_factors", "users"]),
    );
    const reachable = rows.filter((r) => r.any_privilege || r.any_column).map((r) => r.name);
    expect(reachable).toEqual(["users"]);
    const { rows: cols } = await t.database.sql(`
      SELECT a.attname AS name FROM pg_attribute a
      WHERE a.attrelid = 'public.users'::regclass AND a.attnum > 0 AND NOT a.attisdropped
        AND has_column_privilege('atrium_tenant', a.attrelid, a.attnum, 'SELECT')
      ORDER BY a.attnum`);
    expect(cols.map((c) => c.name)).toEqual(["id", "name", "email", "email_verified", "image", "two_factor_enabled"]);
  });
});

describe("what a site does with logins still works", () => {
  it("inviting a person who has a login elsewhere sends them an invitation like anyone else", async () => {
    const person = await buildUser(t.platform.auth, { email: uniqueEmail("priv-known") });
    const res = await t.request(A.site.slug, "/api/v1/invitations", {
      cookie: A.ownerCookie,
      json: { email: person.email, role: "student" },
    });
    expect(res.status).toBe(201);
    expect(await body(res)).toMatchObject({ email: person.email, role: "student", expired: false });
  });

  it("a member who renames themself is renamed on their login, so on every site", async () => {
    const call = withLoadContext(t);
    const res = await call(A.site.slug, aStudent.cookie, (ctx) => ctx.services.profile.rename("Renamed Student"));
    expect(res.status).toBe(200);
    const onA = await body(await t.request(A.site.slug, "/api/v1/me", { cookie: aStudent.cookie }));
    expect(onA.user.name).toBe("Renamed Student");
    const [login] = await withPlatform(t.database.db, (tx) =>
      tx.select({ name: users.name }).from(users).where(eq(users.id, aStudent.user.id)),
    );
    expect(login.name).toBe("Renamed Student");
  });
});
