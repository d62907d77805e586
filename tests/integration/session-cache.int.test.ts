// Signed-in requests read their session from memory (server/modules/members/session-cache.ts), so
// every change to it must show on the very next request: role changes, preferences, sign-out,
// removal, and changes made by any other code path or process straight in the database (heard
// through the triggers' notices), on both databases.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members, sessions, users } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { sessionCache } from "../../server/modules/members";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

/** The first answer of `read` that passes `ok`, asked again for up to two seconds. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const until = Date.now() + 2000;
  let last = await read();
  while (!ok(last) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}

describe("signed-in requests served from memory", () => {
  let t: TestPlatform;
  let S: SiteWithOwner;
  beforeAll(async () => {
    t = await startTestPlatform();
    S = await siteWithOwner(t, "scache");
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = async (cookie: string) => {
    const res = await t.request(S.site.slug, "/api/v1/me", { cookie });
    return { status: res.status, body: res.status === 200 ? await body(res) : null };
  };

  it("keeps the session after the first request", async () => {
    const student = await memberOf(t, S.site, "student", "sc-keep");
    const before = sessionCache.size(t.database.db);
    expect((await me(student.cookie)).status).toBe(200);
    expect(sessionCache.size(t.database.db)).toBeGreaterThan(before);
    expect((await me(student.cookie)).body.role).toBe("student");
  });

  it("shows a new role on the member's very next request", async () => {
    const m = await memberOf(t, S.site, "student", "sc-role");
    expect((await me(m.cookie)).body.role).toBe("student");
    const res = await t.request(S.site.slug, `/api/v1/members/${m.memberId}`, {
      method: "PATCH",
      cookie: S.ownerCookie,
      json: { role: "instructor" },
    });
    expect(res.status).toBe(200);
    const after = await eventually(
      () => me(m.cookie),
      (r) => r.body?.role === "instructor",
    );
    expect(after.body.role).toBe("instructor");
    expect(after.body.caps).toContain("create_courses");
  });

  it("shows the member's own change of language on their very next request", async () => {
    const m = await memberOf(t, S.site, "student", "sc-lang");
    expect((await me(m.cookie)).body.language).toBeNull();
    const res = await t.request(S.site.slug, "/api/v1/me/preferences", {
      method: "PATCH",
      cookie: m.cookie,
      json: { language: "de" },
    });
    expect(res.status).toBe(200);
    expect(
      (
        await eventually(
          () => me(m.cookie),
          (r) => r.body?.language === "de",
        )
      ).body.language,
    ).toBe("de");
  });

  it("refuses a signed-out session on the next request", async () => {
    const m = await memberOf(t, S.site, "student", "sc-out");
    expect((await me(m.cookie)).status).toBe(200);
    const out = await t.request(S.site.slug, "/api/auth/sign-out", { method: "POST", cookie: m.cookie });
    expect(out.status).toBe(200);
    expect(
      (
        await eventually(
          () => me(m.cookie),
          (r) => r.status === 401,
        )
      ).status,
    ).toBe(401);
  });

  it("hears changes made straight in the database: name, removal, expiry", async () => {
    const m = await memberOf(t, S.site, "student", "sc-db");
    expect((await me(m.cookie)).body.user.name).not.toBe("Renamed Elsewhere");
    await withPlatform(t.database.db, (tx) =>
      tx.update(users).set({ name: "Renamed Elsewhere" }).where(eq(users.id, m.user.id)),
    );
    expect(
      (
        await eventually(
          () => me(m.cookie),
          (r) => r.body?.user.name === "Renamed Elsewhere",
        )
      ).body.user.name,
    ).toBe("Renamed Elsewhere");

    await withPlatform(t.database.db, (tx) => tx.delete(members).where(eq(members.id, m.memberId)));
    expect(
      (
        await eventually(
          () => me(m.cookie),
          (r) => r.body?.member === null,
        )
      ).body.member,
    ).toBeNull();

    await withPlatform(t.database.db, (tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, m.user.id)),
    );
    expect(
      (
        await eventually(
          () => me(m.cookie),
          (r) => r.status === 401,
        )
      ).status,
    ).toBe(401);
  });
});
