// Managing a site's members over /api/v1: search, role changes with the owner and self-demotion
// guards, removal, and another site's ids answered 404 with nothing changed. Invitations have their
// own file (invitations.int.test.ts).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, members, sessions } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildUser } from "../../server/seed/builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid, uniqueEmail } from "./helpers";

let t: TestPlatform;
let S: SiteWithOwner;
let other: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  S = await siteWithOwner(t, "mm");
  other = await siteWithOwner(t, "mm-other");
});
afterAll(async () => {
  await t?.close();
});

const api = (path: string, cookie: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(S.site.slug, `/api/v1${path}`, { cookie, ...init });

async function roleOf(accountId: string, userId: string) {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ roleId: members.roleId })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.userId, userId))),
  );
  return row?.roleId ?? null;
}

describe("listing and searching members", () => {
  it("finds members by part of their name or e-mail and by role, with a total for paging", async () => {
    const tag = uid();
    const ana = await buildUser(t.platform.auth, { email: `ana-${tag}@example.org`, name: `Ana ${tag} Lima` });
    const bo = await buildUser(t.platform.auth, { email: `bo-${tag}@example.net`, name: "Bo Berg" });
    const { buildMember } = await import("../../server/seed/builders");
    await buildMember(t.database.db, S.site, ana, "instructor");
    await buildMember(t.database.db, S.site, bo, "student");

    const byName = await body(await api(`/members?q=${encodeURIComponent(`ana ${tag}`)}`, S.ownerCookie));
    expect(byName.items.map((m: { email: string }) => m.email)).toEqual([ana.email]);
    expect(byName.total).toBe(1);

    const byEmail = await body(await api(`/members?q=${encodeURIComponent(`bo-${tag}@example.net`)}`, S.ownerCookie));
    expect(byEmail.items).toHaveLength(1);
    expect(byEmail.items[0]).toMatchObject({ name: "Bo Berg", role: "student", isOwner: false });

    const instructors = await body(await api("/members?role=instructor", S.ownerCookie));
    expect(instructors.items.every((m: { role: string }) => m.role === "instructor")).toBe(true);
    expect(instructors.items.map((m: { email: string }) => m.email)).toContain(ana.email);

    const all = await body(await api("/members?per_page=1&page=2", S.ownerCookie));
    expect(all.items).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(3);

    const owner = await body(await api(`/members?q=${encodeURIComponent(S.owner.email)}`, S.ownerCookie));
    expect(owner.items[0]).toMatchObject({ isOwner: true });
  });

  it("a plain member gets 403 on every management route", async () => {
    const student = await memberOf(t, S.site, "student");
    const invite = { email: uniqueEmail("nope"), role: "student" };
    await expectError(await api("/members", student.cookie), 403, "forbidden");
    await expectError(
      await api(`/members/${student.memberId}`, student.cookie, { method: "PATCH", json: { role: "admin" } }),
      403,
      "forbidden",
    );
    await expectError(
      await api(`/members/${student.memberId}`, student.cookie, { method: "DELETE" }),
      403,
      "forbidden",
    );
    await expectError(await api("/invitations", student.cookie), 403, "forbidden");
    await expectError(await api("/invitations", student.cookie, { json: invite }), 403, "forbidden");
    expect(await countRows(t, invitations, eq(invitations.email, invite.email))).toBe(0);
  });
});

describe("roles", () => {
  it("the owner changes a member's role", async () => {
    const m = await memberOf(t, S.site, "student");
    const res = await api(`/members/${m.memberId}`, S.ownerCookie, { method: "PATCH", json: { role: "instructor" } });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ id: m.memberId, role: "instructor" });
    const again = await body(await api(`/members/${m.memberId}`, S.ownerCookie));
    expect(again.role).toBe("instructor");
  });

  it("the owner's role cannot be changed, and an unknown role is a 422 on role", async () => {
    const admin = await memberOf(t, S.site, "admin");
    const owner = await body(await api(`/members?q=${encodeURIComponent(S.owner.email)}`, S.ownerCookie));
    const ownerId = owner.items[0].id as string;
    const before = await roleOf(S.site.accountId, S.owner.id);
    const err = await expectError(
      await api(`/members/${ownerId}`, admin.cookie, { method: "PATCH", json: { role: "student" } }),
      403,
      "forbidden",
    );
    expect(err.message).toMatch(/owner/i);
    expect(await roleOf(S.site.accountId, S.owner.id)).toBe(before);
    await expectError(
      await api(`/members/${admin.memberId}`, S.ownerCookie, { method: "PATCH", json: { role: "wizard" } }),
      422,
      "validation_failed",
    );
  });

  it("a manager cannot take manage_options away from themself, but may keep a managing role", async () => {
    const admin = await memberOf(t, S.site, "admin");
    const before = await roleOf(S.site.accountId, admin.user.id);
    const err = await expectError(
      await api(`/members/${admin.memberId}`, admin.cookie, { method: "PATCH", json: { role: "student" } }),
      403,
      "forbidden",
    );
    expect(err.message).toMatch(/manage_options/);
    expect(await roleOf(S.site.accountId, admin.user.id)).toBe(before);
    const same = await api(`/members/${admin.memberId}`, admin.cookie, { method: "PATCH", json: { role: "admin" } });
    expect(same.status).toBe(200);
  });
});

describe("removing members", () => {
  it("removes a member and signs them out of the site; the owner and oneself cannot be removed", async () => {
    const m = await memberOf(t, S.site, "student");
    expect((await t.request(S.site.slug, "/api/v1/me", { cookie: m.cookie })).status).toBe(200);
    const res = await api(`/members/${m.memberId}`, S.ownerCookie, { method: "DELETE" });
    expect(res.status).toBe(204);
    expect(await roleOf(S.site.accountId, m.user.id)).toBeNull();
    expect(
      await countRows(t, sessions, and(eq(sessions.accountId, S.site.accountId), eq(sessions.userId, m.user.id))),
    ).toBe(0);
    await expectError(await api(`/members/${m.memberId}`, S.ownerCookie), 404, "not_found");

    const admin = await memberOf(t, S.site, "admin");
    const owner = await body(await api(`/members?q=${encodeURIComponent(S.owner.email)}`, S.ownerCookie));
    await expectError(await api(`/members/${owner.items[0].id}`, admin.cookie, { method: "DELETE" }), 403, "forbidden");
    await expectError(await api(`/members/${admin.memberId}`, admin.cookie, { method: "DELETE" }), 403, "forbidden");
    expect(await roleOf(S.site.accountId, S.owner.id)).not.toBeNull();
    expect(await roleOf(S.site.accountId, admin.user.id)).not.toBeNull();
  });

  it("another site's member id answers 404 and changes nothing", async () => {
    const theirs = await memberOf(t, other.site, "student");
    const before = await roleOf(other.site.accountId, theirs.user.id);
    await expectError(await api(`/members/${theirs.memberId}`, S.ownerCookie), 404, "not_found");
    await expectError(
      await api(`/members/${theirs.memberId}`, S.ownerCookie, { method: "PATCH", json: { role: "admin" } }),
      404,
      "not_found",
    );
    await expectError(await api(`/members/${theirs.memberId}`, S.ownerCookie, { method: "DELETE" }), 404, "not_found");
    expect(await roleOf(other.site.accountId, theirs.user.id)).toBe(before);
    expect((await t.request(other.site.slug, "/api/v1/me", { cookie: theirs.cookie })).status).toBe(200);
  });
});
