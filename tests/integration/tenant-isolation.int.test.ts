// Sites never see each other's rows: row-level security in the database itself, 404 for another
// site's ids over HTTP, sessions bound to the site they were opened on, and the spec endpoints'
// account_id checked against the host.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountNotifications,
  clientErrors,
  feedback,
  mailOutbox,
  members,
  options,
  roles,
} from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { accountNotifications as notificationsModule } from "../../server/modules/notifications";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countFor, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let bStudent: { memberId: string };
let bNotificationId: string;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "iso-a");
  B = await siteWithOwner(t, "iso-b");
  await memberOf(t, A.site, "student", "a-stu");
  bStudent = await memberOf(t, B.site, "student", "b-stu");
  await notificationsModule.create(t.database.db, A.site.accountId, { message: "for A" });
  bNotificationId = (await notificationsModule.create(t.database.db, B.site.accountId, { message: "for B only" })).id;
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

describe("row-level security in the database", () => {
  it("is enabled and forced, with policies, on every table that has an account_id", async () => {
    const { rows } = await t.database.sql(`
      SELECT c.relname AS name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
             (SELECT count(*)::int FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = c.relname) AS policies
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped
      WHERE c.relkind IN ('r', 'p')
      ORDER BY c.relname`);
    const names = rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["members", "options", "account_notifications", "sessions"]));
    for (const r of rows) {
      expect({ name: r.name, rls: r.rls, forced: r.forced, hasPolicy: Number(r.policies) > 0 }).toEqual({
        name: r.name,
        rls: true,
        forced: true,
        hasPolicy: true,
      });
    }
  });

  it("withTenant(A) sees only A's members, options and notifications without any where clause", async () => {
    const a = A.site.accountId;
    const b = B.site.accountId;
    for (const table of [members, options, accountNotifications]) {
      const seen = await withTenant(t.database.db, a, (tx) => tx.select().from(table));
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen.map((r) => r.accountId))).toEqual(new Set([a]));
      expect(seen.length).toBe(await countFor(t, table, a));
      // B really has rows of its own that A did not see.
      expect(await countFor(t, table, b)).toBeGreaterThan(0);
    }
  });

  it("refuses to write a row for B inside withTenant(A), and nothing is written", async () => {
    const a = A.site.accountId;
    const b = B.site.accountId;
    const [bStudentRole] = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(roles)
        .where(and(eq(roles.accountId, b), eq(roles.name, "student"))),
    );
    const before = {
      options: await countFor(t, options, b),
      notifications: await countFor(t, accountNotifications, b),
      members: await countFor(t, members, b),
    };
    const attempts = [
      () => withTenant(t.database.db, a, (tx) => tx.insert(options).values({ accountId: b, key: "planted", value: 1 })),
      () =>
        withTenant(t.database.db, a, (tx) =>
          tx.insert(accountNotifications).values({ accountId: b, message: "planted" }),
        ),
      () =>
        withTenant(t.database.db, a, (tx) =>
          tx.insert(members).values({
            accountId: b,
            userId: A.owner.id,
            name: "x",
            email: "x@example.org",
            slug: "planted",
            roleId: bStudentRole.roleId,
          }),
        ),
    ];
    for (const attempt of attempts) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, "insert for another account must fail").not.toBeNull();
      expect(messages(err)).toMatch(/row-level security/i);
    }
    expect({
      options: await countFor(t, options, b),
      notifications: await countFor(t, accountNotifications, b),
      members: await countFor(t, members, b),
    }).toEqual(before);
  });

  it("updating or deleting B's rows inside withTenant(A) touches nothing", async () => {
    const b = B.site.accountId;
    const updated = await withTenant(t.database.db, A.site.accountId, (tx) =>
      tx.update(accountNotifications).set({ read: true }).where(eq(accountNotifications.accountId, b)).returning(),
    );
    const deleted = await withTenant(t.database.db, A.site.accountId, (tx) =>
      tx.delete(options).where(eq(options.accountId, b)).returning(),
    );
    expect(updated).toEqual([]);
    expect(deleted).toEqual([]);
    const [n] = await withTenant(t.database.db, b, (tx) =>
      tx.select().from(accountNotifications).where(eq(accountNotifications.id, bNotificationId)),
    );
    expect(n.read).toBe(false);
    expect(await countFor(t, options, b)).toBeGreaterThan(0);
  });
});

describe("another site's ids over HTTP answer 404", () => {
  const expectNotFound = async (res: Response) => expectError(res, 404, "not_found");

  it("members: GET and PATCH of B's member from A's host are 404 and B's member keeps its role", async () => {
    await expectNotFound(
      await t.request(A.site.slug, `/api/v1/members/${bStudent.memberId}`, { cookie: A.ownerCookie }),
    );
    await expectNotFound(
      await t.request(A.site.slug, `/api/v1/members/${bStudent.memberId}`, {
        method: "PATCH",
        json: { role: "instructor" },
        cookie: A.ownerCookie,
      }),
    );
    const res = await t.request(B.site.slug, `/api/v1/members/${bStudent.memberId}`, { cookie: B.ownerCookie });
    expect(res.status).toBe(200);
    expect((await body(res)).role).toBe("student");
  });

  it("options: a key only B has is 404 on A's host; A's PUT writes A's own option, never B's", async () => {
    const put = await t.request(B.site.slug, "/api/v1/options/b_secret", {
      method: "PUT",
      json: { value: { token: "b" } },
      cookie: B.ownerCookie,
    });
    expect(put.status).toBe(200);
    await expectNotFound(await t.request(A.site.slug, "/api/v1/options/b_secret", { cookie: A.ownerCookie }));

    const aPut = await t.request(A.site.slug, "/api/v1/options/b_secret", {
      method: "PUT",
      json: { value: "from A" },
      cookie: A.ownerCookie,
    });
    expect(aPut.status).toBe(200);
    const bRead = await t.request(B.site.slug, "/api/v1/options/b_secret", { cookie: B.ownerCookie });
    expect(await body(bRead)).toEqual({ key: "b_secret", value: { token: "b" } });
    const [bRow] = await withTenant(t.database.db, B.site.accountId, (tx) =>
      tx.select().from(options).where(eq(options.key, "b_secret")),
    );
    expect(bRow.value).toEqual({ token: "b" });
  });

  it("account notifications: GET and mark-read of B's notification from A's host are 404 and it stays unread", async () => {
    await expectNotFound(
      await t.request(A.site.slug, `/api/v1/account-notifications/${bNotificationId}`, { cookie: A.ownerCookie }),
    );
    await expectNotFound(
      await t.request(A.site.slug, `/api/v1/account-notifications/${bNotificationId}/read`, {
        method: "POST",
        cookie: A.ownerCookie,
      }),
    );
    const res = await t.request(B.site.slug, `/api/v1/account-notifications/${bNotificationId}`, {
      cookie: B.ownerCookie,
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ id: bNotificationId, message: "for B only", read: false });
    const list = await body(await t.request(A.site.slug, "/api/v1/account-notifications", { cookie: A.ownerCookie }));
    expect(list.items.map((n: { message: string }) => n.message)).toEqual(["for A"]);
  });
});

describe("sessions belong to the site they were opened on", () => {
  it("A's session cookie on B's host is no session at all", async () => {
    expect((await t.request(A.site.slug, "/api/v1/me", { cookie: A.ownerCookie })).status).toBe(200);
    const res = await t.request(B.site.slug, "/api/v1/me", { cookie: A.ownerCookie });
    expect(res.status).toBe(401);
    expect(await body(res)).toEqual({
      code: "not_authenticated",
      message: "The user does not have an active session or is not authenticated",
    });
  });
});

describe("spec endpoints check account_id against the host", () => {
  it("B's account_id posted on A's host is 404 and writes nothing", async () => {
    const b = B.site.accountId;
    const counts = async () => ({
      errorsB: await countFor(t, clientErrors, b),
      errorsA: await countFor(t, clientErrors, A.site.accountId),
      feedbackB: await countFor(t, feedback, b),
      mailB: await countFor(t, mailOutbox, b),
    });
    const before = await counts();
    const calls: [string, unknown][] = [
      ["/api/log", { message: "planted", account_id: b }],
      ["/api/account/getUpdates", { account_id: b }],
      ["/api/verifyEmail", { email: "someone@example.org", account_id: b }],
      ["/api/emails/account/feedback", { account_id: b, subject: "bug", message: "planted" }],
    ];
    for (const [path, payload] of calls) {
      const res = await t.request(A.site.slug, path, { json: payload, cookie: A.ownerCookie });
      expect({ path, status: res.status, code: (await body(res)).error?.code }).toEqual({
        path,
        status: 404,
        code: "not_found",
      });
    }
    // Without a cookie too (the log endpoint needs no session).
    await expectError(
      await t.request(A.site.slug, "/api/log", { json: { message: "planted", account_id: b } }),
      404,
      "not_found",
    );
    expect(await counts()).toEqual(before);
  });
});
