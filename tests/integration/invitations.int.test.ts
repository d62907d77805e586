// Invitations by e-mail: the owner's answer and the e-mail are the same whoever the address belongs
// to, nobody joins until they accept with the link's token while signed in with the invited address,
// links expire and are replaced by a resend or killed by withdrawing, declining needs only the link,
// another site's links open nothing here, and two answers at once give one membership.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, mailOutbox, members, roles } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildUser } from "../../server/seed/builders";
import { cookieFrom, signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { withLoadContext } from "./load-context-app";
import { body, countRows, expectError, type SiteWithOwner, siteWithOwner, uniqueEmail } from "./helpers";

let t: TestPlatform;
let S: SiteWithOwner;
let other: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  S = await siteWithOwner(t, "inv");
  other = await siteWithOwner(t, "inv-other");
});
afterAll(async () => {
  await t?.close();
});

const api = (path: string, cookie: string | undefined, init: { method?: string; json?: unknown } = {}, site = S) =>
  t.request(site.site.slug, `/api/v1${path}`, { cookie, ...init });
const invite = (email: string, role = "instructor", site = S) =>
  api("/invitations", site.ownerCookie, { json: { email, role } }, site);
const accept = (token: string, cookie: string | undefined, site = S) =>
  api("/invitations/accept", cookie, { json: { token } }, site);
const decline = (token: string, site = S) => api("/invitations/decline", undefined, { json: { token } }, site);

async function mailsTo(email: string) {
  return withPlatform(t.database.db, (tx) =>
    tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt),
  );
}
/** The token of the newest invitation e-mail to an address. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = (await mailsTo(email)).filter((m) => m.kind === "member_invitation");
  const token = mails.at(-1)?.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation link to ${email}`);
  return token;
}
async function roleOf(site: SiteWithOwner, userId: string): Promise<string | null> {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ name: roles.name })
      .from(members)
      .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
      .where(and(eq(members.accountId, site.site.accountId), eq(members.userId, userId))),
  );
  return row?.name ?? null;
}
const openInvitations = (email: string) => countRows(t, invitations, eq(invitations.email, email));

describe("inviting tells nobody who has a login", () => {
  it("an address with a login elsewhere and an unknown address get the same answer and the same e-mail; nobody joins", async () => {
    const known = await buildUser(t.platform.auth, { email: uniqueEmail("known"), name: "Kim Known" });
    const unknown = uniqueEmail("unknown");
    const forKnown = await invite(known.email.toUpperCase());
    const forUnknown = await invite(unknown);
    expect([forKnown.status, forUnknown.status]).toEqual([201, 201]);
    const a = await body(forKnown);
    const b = await body(forUnknown);
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(a).toMatchObject({ email: known.email, role: "instructor", expired: false, sentCount: 1 });
    expect(JSON.stringify(a)).not.toContain(known.id);
    expect(JSON.stringify(a)).not.toContain("Kim Known");
    expect(await roleOf(S, known.id)).toBeNull();

    const [mailKnown] = await mailsTo(known.email);
    const [mailUnknown] = await mailsTo(unknown);
    const neutral = (text: string, email: string) =>
      text
        .replaceAll(email, "ADDRESS")
        .replace(/\/invitation\/[A-Za-z0-9_-]+/, "/invitation/TOKEN")
        .replace(/works until [^)]+\)/, "works until DATE)");
    expect(mailKnown.kind).toBe("member_invitation");
    expect(mailKnown.subject).toBe(mailUnknown.subject);
    expect(neutral(mailKnown.text, known.email)).toBe(neutral(mailUnknown.text, unknown));
    expect(mailKnown.text).toContain(`${t.origin(S.site.slug)}/invitation/`);
  });

  it("an address already a member or already invited is a 409 on email; a bad address or role a 422", async () => {
    const email = uniqueEmail("twice");
    expect((await invite(email)).status).toBe(201);
    const again = await expectError(await invite(email, "student"), 409, "conflict");
    expect(JSON.stringify(again.details)).toContain("already_invited");
    const member = await buildUser(t.platform.auth, { email: uniqueEmail("member") });
    await signIn(t, S.site.slug, member.email, member.password);
    const already = await expectError(await invite(member.email), 409, "conflict");
    expect(JSON.stringify(already.details)).toContain("already_member");
    await expectError(await invite("not-an-address"), 422, "validation_failed");
    await expectError(await invite(uniqueEmail("x"), "wizard"), 422, "validation_failed");
  });
});

describe("accepting", () => {
  it("a person with a login elsewhere signs in here and accepts: a member with the invited role", async () => {
    const person = await buildUser(t.platform.auth, { email: uniqueEmail("elsewhere") });
    await invite(person.email, "instructor");
    const token = await linkTokenFor(person.email);
    // Signing in to answer the invitation does not by itself make them a member.
    const call = withLoadContext(t);
    const signedIn = await call(S.site.slug, undefined, async (ctx) => {
      const res = await ctx.services.auth.signIn(
        { email: person.email, password: person.password },
        { joinSite: false },
      );
      return { status: res.status, cookie: cookieFrom(res) };
    });
    const { result } = await body(signedIn);
    expect(result.status).toBe(200);
    expect(await roleOf(S, person.id)).toBeNull();

    const offer = await body(await call(S.site.slug, result.cookie, (ctx) => ctx.services.invitation.offer(token)));
    expect(offer.result).toMatchObject({ email: person.email, role: "instructor", expired: false });
    expect(offer.result.invitedBy).toBeTruthy();

    const res = await accept(token, result.cookie);
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ role: "instructor", member: { email: person.email } });
    expect(await roleOf(S, person.id)).toBe("instructor");
    expect(await openInvitations(person.email)).toBe(0);
    await expectError(await accept(token, result.cookie), 404, "not_found");
  });

  it("signing up with the invited address, then accepting, gives the invited role; signing up alone does not", async () => {
    const email = uniqueEmail("newbie");
    await invite(email, "instructor");
    const token = await linkTokenFor(email);
    const signup = await t.request(S.site.slug, "/api/auth/sign-up/email", {
      json: { name: "New Bie", email, password: "a-long-password-1" },
    });
    const cookie = cookieFrom(signup);
    const me = async () => (await body(await t.request(S.site.slug, "/api/v1/me", { cookie }))).role;
    expect(await me()).toBe("student");
    expect(await openInvitations(email)).toBe(1);
    expect((await accept(token, cookie)).status).toBe(200);
    expect(await me()).toBe("instructor");
  });

  it("only the invited address may accept; without a session it is a 401; nothing changes", async () => {
    const email = uniqueEmail("meant");
    await invite(email, "admin");
    const token = await linkTokenFor(email);
    const stranger = await buildUser(t.platform.auth, { email: uniqueEmail("stranger") });
    const strangerCookie = await signIn(t, S.site.slug, stranger.email, stranger.password);
    const refused = await expectError(await accept(token, strangerCookie), 403, "forbidden");
    expect(refused.details).toMatchObject({ reason: "other_email" });
    expect(await roleOf(S, stranger.id)).toBe("student");
    expect((await accept(token, undefined)).status).toBe(401);
    expect(await openInvitations(email)).toBe(1);
  });

  it("an expired link is refused with 410; the owner's resend sends a working one and kills the old", async () => {
    const person = await buildUser(t.platform.auth, { email: uniqueEmail("late") });
    const inv = await body(await invite(person.email, "instructor"));
    const oldToken = await linkTokenFor(person.email);
    await withPlatform(t.database.db, (tx) =>
      tx
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, inv.id)),
    );
    const listed = await body(await api("/invitations", S.ownerCookie));
    expect(listed.items.find((i: { id: string }) => i.id === inv.id)).toMatchObject({ expired: true });
    const cookie = await signIn(t, S.site.slug, person.email, person.password);
    await expectError(await accept(oldToken, cookie), 410, "invitation_expired");

    const resent = await body(await api(`/invitations/${inv.id}/resend`, S.ownerCookie, { method: "POST" }));
    expect(resent).toMatchObject({ sentCount: 2, expired: false });
    const newToken = await linkTokenFor(person.email);
    expect(newToken).not.toBe(oldToken);
    await expectError(await accept(oldToken, cookie), 404, "not_found");
    expect((await accept(newToken, cookie)).status).toBe(200);
    expect(await roleOf(S, person.id)).toBe("instructor");
  });

  it("a withdrawn invitation's link opens nothing", async () => {
    const person = await buildUser(t.platform.auth, { email: uniqueEmail("withdrawn") });
    const inv = await body(await invite(person.email, "admin"));
    const token = await linkTokenFor(person.email);
    expect((await api(`/invitations/${inv.id}`, S.ownerCookie, { method: "DELETE" })).status).toBe(204);
    const cookie = await signIn(t, S.site.slug, person.email, person.password);
    await expectError(await accept(token, cookie), 404, "not_found");
    expect(await roleOf(S, person.id)).toBe("student");
  });
});

describe("declining and other sites", () => {
  it("whoever holds the link declines without signing in; the invitation is gone and nobody joined", async () => {
    const person = await buildUser(t.platform.auth, { email: uniqueEmail("nothanks") });
    await invite(person.email);
    const token = await linkTokenFor(person.email);
    expect((await decline(token)).status).toBe(204);
    expect(await openInvitations(person.email)).toBe(0);
    expect(await roleOf(S, person.id)).toBeNull();
    await expectError(await decline(token), 404, "not_found");
  });

  it("another site's link opens nothing here, and its invitation and ids are untouched", async () => {
    const person = await buildUser(t.platform.auth, { email: uniqueEmail("theirs") });
    const theirs = await body(await invite(person.email, "admin", other));
    const token = await linkTokenFor(person.email);
    const cookieHere = await signIn(t, S.site.slug, person.email, person.password);
    await expectError(await accept(token, cookieHere), 404, "not_found");
    await expectError(await decline(token), 404, "not_found");
    await expectError(await api(`/invitations/${theirs.id}`, S.ownerCookie, { method: "DELETE" }), 404, "not_found");
    await expectError(
      await api(`/invitations/${theirs.id}/resend`, S.ownerCookie, { method: "POST" }),
      404,
      "not_found",
    );
    expect(await openInvitations(person.email)).toBe(1);
    expect(await roleOf(S, person.id)).toBe("student");
    // Signing in here made them a student (whose welcome may follow); no invitation was sent again.
    expect((await mailsTo(person.email)).filter((m) => m.kind === "member_invitation")).toHaveLength(1);
  });

  it("the routes are in the OpenAPI document", async () => {
    const doc = await body(await t.request(S.site.slug, "/api/v1/openapi.json"));
    expect(Object.keys(doc.paths["/invitations"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(doc.paths["/invitations/{id}/resend"]).toHaveProperty("post");
    expect(doc.paths["/invitations/accept"]).toHaveProperty("post");
    expect(doc.paths["/invitations/decline"]).toHaveProperty("post");
  });
});

describe("two requests at once", () => {
  it("acceptances of one link at once make one membership: one succeeds, the others find no invitation", async () => {
    const person = await buildUser(t.platform.auth, { email: uniqueEmail("double") });
    await invite(person.email, "instructor");
    const token = await linkTokenFor(person.email);
    const cookie = await signIn(t, S.site.slug, person.email, person.password);
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => accept(token, cookie)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);
    expect(await roleOf(S, person.id)).toBe("instructor");
    expect(
      await countRows(t, members, and(eq(members.accountId, S.site.accountId), eq(members.userId, person.id))),
    ).toBe(1);
  });

  it("inviting one address several times at once: one invitation, the others told it exists", async () => {
    const email = uniqueEmail("race");
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => invite(email)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(await openInvitations(email)).toBe(1);
    expect((await mailsTo(email)).length).toBe(1);
  });
});
