// Managing a site's members over /api/v1: search, role changes with the owner and self-demotion
// guards, removal, invitations by e-mail (existing logins join at once, new addresses join with the
// invited role when they sign up), and another site's ids answered 404 with nothing changed.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, mailOutbox, members, sessions } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildUser } from "../../server/seed/builders";
import { cookieFrom, signIn, startTestPlatform, type TestPlatform } from "../support/platform";
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

async function mailTo(email: string) {
  return withPlatform(t.database.db, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)));
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

describe("invitations", () => {
  it("inviting someone who has a login adds them at once with the role and tells them by e-mail", async () => {
    const person = await buildUser(t.platform.auth, { email: uniqueEmail("known") });
    const res = await api("/invitations", S.ownerCookie, {
      json: { email: person.email.toUpperCase(), role: "instructor" },
    });
    expect(res.status).toBe(201);
    const out = await body(res);
    expect(out).toMatchObject({ kind: "member", member: { email: person.email, role: "instructor" } });
    const mails = await mailTo(person.email);
    expect(mails.map((m) => m.kind)).toEqual(["member_added"]);
    expect(mails[0].accountId).toBe(S.site.accountId);
    expect(await countRows(t, invitations, eq(invitations.email, person.email))).toBe(0);

    const again = await expectError(
      await api("/invitations", S.ownerCookie, { json: { email: person.email, role: "student" } }),
      409,
      "conflict",
    );
    expect(again.message).toMatch(/already a member/);
  });

  it("a new address gets an invitation e-mail and joins with the invited role on sign-up", async () => {
    const email = uniqueEmail("newbie");
    const res = await api("/invitations", S.ownerCookie, { json: { email, name: "New Bie", role: "instructor" } });
    expect(res.status).toBe(201);
    const out = await body(res);
    expect(out).toMatchObject({ kind: "invitation", invitation: { email, name: "New Bie", role: "instructor" } });

    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].kind).toBe("member_invitation");
    expect(mails[0].text).toContain(`${t.origin(S.site.slug)}/signup?email=${encodeURIComponent(email)}`);

    const listed = await body(await api("/invitations", S.ownerCookie));
    expect(listed.items.map((i: { email: string }) => i.email)).toContain(email);

    await expectError(await api("/invitations", S.ownerCookie, { json: { email, role: "student" } }), 409, "conflict");

    const signup = await t.request(S.site.slug, "/api/auth/sign-up/email", {
      json: { name: "New Bie", email, password: "a-long-password-1" },
    });
    expect(signup.status).toBe(200);
    const cookie = cookieFrom(signup);
    const me = await body(await t.request(S.site.slug, "/api/v1/me", { cookie }));
    expect(me.role).toBe("instructor");
    expect(await countRows(t, invitations, eq(invitations.email, email))).toBe(0);
    expect(
      (await body(await api("/invitations", S.ownerCookie))).items.map((i: { email: string }) => i.email),
    ).not.toContain(email);
  });

  it("resend sends the e-mail again; cancel withdraws it so signing in joins as a student", async () => {
    const email = uniqueEmail("later");
    const inv = (await body(await api("/invitations", S.ownerCookie, { json: { email, role: "admin" } }))).invitation;
    const resent = await api(`/invitations/${inv.id}/resend`, S.ownerCookie, { method: "POST" });
    expect(resent.status).toBe(200);
    expect((await body(resent)).sentCount).toBe(2);
    expect(await mailTo(email)).toHaveLength(2);

    expect((await api(`/invitations/${inv.id}`, S.ownerCookie, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(`/invitations/${inv.id}`, S.ownerCookie, { method: "DELETE" }), 404, "not_found");

    const user = await buildUser(t.platform.auth, { email });
    const cookie = await signIn(t, S.site.slug, user.email, user.password);
    expect((await body(await t.request(S.site.slug, "/api/v1/me", { cookie }))).role).toBe("student");
  });

  it("rejects a bad address and an unknown role, and another site's invitation is 404", async () => {
    const bad = await expectError(
      await api("/invitations", S.ownerCookie, { json: { email: "not-an-address", role: "student" } }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(bad.details)).toContain("email");
    await expectError(
      await api("/invitations", S.ownerCookie, { json: { email: uniqueEmail("x"), role: "wizard" } }),
      422,
      "validation_failed",
    );
    const email = uniqueEmail("theirs");
    const theirs = (
      await body(
        await t.request(other.site.slug, "/api/v1/invitations", {
          cookie: other.ownerCookie,
          json: { email, role: "student" },
        }),
      )
    ).invitation;
    await expectError(await api(`/invitations/${theirs.id}`, S.ownerCookie, { method: "DELETE" }), 404, "not_found");
    await expectError(
      await api(`/invitations/${theirs.id}/resend`, S.ownerCookie, { method: "POST" }),
      404,
      "not_found",
    );
    expect(await countRows(t, invitations, eq(invitations.id, theirs.id))).toBe(1);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it("the routes are in the OpenAPI document", async () => {
    const doc = await body(await t.request(S.site.slug, "/api/v1/openapi.json"));
    expect(Object.keys(doc.paths["/members/{id}"])).toEqual(expect.arrayContaining(["get", "patch", "delete"]));
    expect(Object.keys(doc.paths["/invitations"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(doc.paths["/invitations/{id}/resend"]).toHaveProperty("post");
  });
});
