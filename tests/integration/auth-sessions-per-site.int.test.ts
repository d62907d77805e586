// A session belongs to the site it was opened on, and /api/auth/* acts only on that site's: a
// cookie carried over from another site is not a session here, session tokens never appear in a
// response body, listing shows this site's sessions only, signing out ends only this site's, and
// the library's endpoints the product does not use are not served at all.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, sessions, users } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import type { SiteAccount } from "../../server/modules/accounts";
import { runInScope } from "../../server/request-scope";
import { buildMember, buildUser } from "../../server/seed/builders";
import { secretFromUri, totp } from "../support/totp";
import { cookieFrom, signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, mergeCookies, siteWithOwner, uniqueEmail } from "./helpers";
import { pageAction } from "./load-context-app";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

/** The raw session token inside a signed session cookie (`atrium.session_token=<token>.<signature>`). */
const tokenOf = (cookie: string) =>
  decodeURIComponent(cookie.match(/atrium\.session_token=([^;]+)/)?.[1] ?? "").split(".")[0];

const me = (slug: string, cookie: string) => t.request(slug, "/api/v1/me", { cookie });

const sessionsOf = (userId: string, accountId?: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select({ id: sessions.id, accountId: sessions.accountId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(
        accountId ? and(eq(sessions.userId, userId), eq(sessions.accountId, accountId)) : eq(sessions.userId, userId),
      ),
  );

/** One person who is a member of two sites, signed in on each and on the platform's own site. */
async function personOnTwoSites(prefix: string) {
  const a = await siteWithOwner(t, `${prefix}-a`);
  const b = await siteWithOwner(t, `${prefix}-b`);
  const person = await buildUser(t.platform.auth, { email: uniqueEmail(prefix), name: "Pat Person" });
  await buildMember(t.database.db, a.site, person, "student");
  await buildMember(t.database.db, b.site, person, "student");
  return {
    a: a.site,
    b: b.site,
    person,
    cookieA: await signIn(t, a.site.slug, person.email, person.password),
    cookieB: await signIn(t, b.site.slug, person.email, person.password),
    cookiePlatform: await signIn(t, null, person.email, person.password),
  };
}

describe("a session is only a session on its own site", () => {
  it("get-session on one site ignores another site's cookie, and never shows a token", async () => {
    const { a, b, cookieA, cookieB } = await personOnTwoSites("get");
    const foreign = await t.request(a.slug, "/api/auth/get-session", { cookie: cookieB });
    expect(foreign.status).toBe(200);
    expect(await body(foreign)).toBeNull();

    const own = await t.request(a.slug, "/api/auth/get-session", { cookie: cookieA });
    const text = await own.text();
    expect(JSON.parse(text)).toMatchObject({ session: { accountId: a.accountId }, user: { name: "Pat Person" } });
    expect(JSON.parse(text).session).not.toHaveProperty("token");
    expect(text).not.toContain(tokenOf(cookieA));
    // The other site's session was not touched by being presented here.
    expect((await me(b.slug, cookieB)).status).toBe(200);
  });

  it("list-sessions lists this site's sessions of the person only, without tokens", async () => {
    const { a, person, cookieA, cookieB } = await personOnTwoSites("list");
    const secondOnA = await signIn(t, a.slug, person.email, person.password);
    const res = await t.request(a.slug, "/api/auth/list-sessions", { cookie: cookieA });
    expect(res.status).toBe(200);
    const text = await res.text();
    const listed = JSON.parse(text) as { id: string; accountId: string }[];
    const onA = await sessionsOf(person.id, a.accountId);
    expect(listed.map((s) => s.id).sort()).toEqual(onA.map((s) => s.id).sort());
    expect(listed).toHaveLength(2);
    expect((await sessionsOf(person.id)).length).toBe(4);
    for (const cookie of [cookieA, secondOnA, cookieB]) expect(text).not.toContain(tokenOf(cookie));

    expect((await t.request(a.slug, "/api/auth/list-sessions", { cookie: cookieB })).status).toBe(401);
  });

  it("sign-in and sign-up answer without the session token; the cookie still works", async () => {
    const { site } = await siteWithOwner(t, "notoken");
    const email = uniqueEmail("fresh");
    const signedUp = await t.request(site.slug, "/api/auth/sign-up/email", {
      json: { name: "Fresh", email, password: "a-long-password-1" },
    });
    expect(signedUp.status).toBe(200);
    expect(await body(signedUp)).not.toHaveProperty("token");
    const signedIn = await t.request(site.slug, "/api/auth/sign-in/email", {
      json: { email, password: "a-long-password-1" },
    });
    const text = await signedIn.text();
    expect(JSON.parse(text)).toMatchObject({ user: { email } });
    expect(JSON.parse(text)).not.toHaveProperty("token");
    expect(text).not.toContain(tokenOf(cookieFrom(signedIn)));
    expect((await me(site.slug, cookieFrom(signedIn))).status).toBe(200);
  });

  it("signing out on one site with another site's cookie ends nothing; with its own, only its session", async () => {
    const { a, b, person, cookieA, cookieB, cookiePlatform } = await personOnTwoSites("out");
    const out = await t.request(a.slug, "/api/auth/sign-out", { method: "POST", cookie: cookieB });
    expect(out.status).toBe(200);
    expect((await me(b.slug, cookieB)).status).toBe(200);
    expect(await sessionsOf(person.id, b.accountId)).toHaveLength(1);

    expect((await t.request(a.slug, "/api/auth/sign-out", { method: "POST", cookie: cookieA })).status).toBe(200);
    expect((await me(a.slug, cookieA)).status).toBe(401);
    expect((await me(b.slug, cookieB)).status).toBe(200);
    expect((await me("", cookiePlatform)).status).toBe(200);
  });

  it("another site's cookie cannot turn on a second factor for the person", async () => {
    const { a, person, cookieB } = await personOnTwoSites("tfa");
    const res = await t.request(a.slug, "/api/auth/two-factor/enable", {
      json: { password: person.password },
      cookie: cookieB,
    });
    expect(res.status).toBe(401);
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, person.id)),
    );
    expect(Boolean(row.on)).toBe(false);
  });

  it("endpoints the product does not use are not served, whatever the cookie", async () => {
    const { a, person, cookieA, cookieB } = await personOnTwoSites("unused");
    const unused: [string, unknown][] = [
      ["/update-user", { name: "Taken Over" }],
      ["/change-password", { currentPassword: person.password, newPassword: "other-pass-123" }],
      ["/change-email", { newEmail: uniqueEmail("moved") }],
      ["/delete-user", { password: person.password }],
      ["/revoke-session", { token: tokenOf(cookieB) }],
      ["/revoke-sessions", {}],
      ["/revoke-other-sessions", {}],
      ["/update-session", {}],
      ["/two-factor/get-totp-uri", { password: person.password }],
      ["/two-factor/generate-backup-codes", { password: person.password }],
      ["/two-factor/send-otp", {}],
    ];
    for (const [path, json] of unused) {
      for (const cookie of [cookieA, cookieB]) {
        const res = await t.request(a.slug, `/api/auth${path}`, { json, cookie });
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
    }
    expect((await t.request(a.slug, "/api/auth/list-accounts", { cookie: cookieA })).status).toBe(404);
    const [row] = await withPlatform(t.database.db, (tx) => tx.select().from(users).where(eq(users.id, person.id)));
    expect(row).toMatchObject({ name: "Pat Person", email: person.email });
    expect(await sessionsOf(person.id)).toHaveLength(3);
    expect(
      (await t.request(a.slug, "/api/auth/sign-in/email", { json: { email: person.email, password: person.password } }))
        .status,
    ).toBe(200);
  });
});

describe("under every endpoint of the auth library, sessions stay on their site", () => {
  const asSite = <T>(site: SiteAccount, fn: () => Promise<T>) => runInScope({ site, origin: t.origin(site.slug) }, fn);
  const headers = (site: SiteAccount, cookie: string) => new Headers({ cookie, host: `${site.slug}.atrium.test:3000` });

  it("revoking all sessions on one site ends that site's only; another site's cookie revokes nothing", async () => {
    const { a, b, person, cookieA, cookieB, cookiePlatform } = await personOnTwoSites("revoke");
    await expect(
      asSite(a, () => t.platform.auth.api.revokeSessions({ headers: headers(a, cookieB) })),
    ).rejects.toThrow();
    expect(await sessionsOf(person.id)).toHaveLength(3);

    await asSite(a, () => t.platform.auth.api.revokeSessions({ headers: headers(a, cookieA) }));
    expect(await sessionsOf(person.id, a.accountId)).toHaveLength(0);
    expect((await me(b.slug, cookieB)).status).toBe(200);
    expect((await me("", cookiePlatform)).status).toBe(200);

    const listed = await asSite(b, () => t.platform.auth.api.listSessions({ headers: headers(b, cookieB) }));
    expect(listed.map((s) => s.id)).toEqual((await sessionsOf(person.id, b.accountId)).map((s) => s.id));
  });

  it("a second-factor sign-in begun on one site cannot be finished on another", async () => {
    const { a, b, person, cookieB } = await personOnTwoSites("pending");
    const enabled = await t.request(b.slug, "/api/auth/two-factor/enable", {
      json: { password: person.password },
      cookie: cookieB,
    });
    const secret = secretFromUri((await body(enabled)).totpURI);
    const confirmed = await t.request(b.slug, "/api/auth/two-factor/verify-totp", {
      json: { code: totp(secret) },
      cookie: mergeCookies(cookieB, enabled),
    });
    expect(confirmed.status).toBe(200);

    const begun = await t.request(b.slug, "/api/auth/sign-in/email", {
      json: { email: person.email, password: person.password },
    });
    expect(await body(begun)).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieFrom(begun);
    const elsewhere = await t.request(a.slug, "/api/auth/two-factor/verify-totp", {
      json: { code: totp(secret) },
      cookie: pending,
    });
    expect(elsewhere.status).toBe(401);
    expect(await sessionsOf(person.id, a.accountId)).toHaveLength(1);
    const here = await t.request(b.slug, "/api/auth/two-factor/verify-totp", {
      json: { code: totp(secret) },
      cookie: pending,
    });
    expect(here.status).toBe(200);
  });

  it("a password-reset link of one site does not work on another", async () => {
    const { a, b, person } = await personOnTwoSites("reset");
    await t.request(b.slug, "/api/auth/request-password-reset", {
      json: { email: person.email, redirectTo: "/login/reset-password" },
    });
    const [mail] = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, person.email), eq(mailOutbox.kind, "password_reset"))),
    );
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    const token = link.pathname.split("/").at(-1);
    const refused = await t.request(a.slug, "/api/auth/reset-password", {
      json: { token, newPassword: "hijacked-pass-1" },
    });
    expect(refused.status).toBe(400);
    expect(
      (await t.request(a.slug, "/api/auth/sign-in/email", { json: { email: person.email, password: person.password } }))
        .status,
    ).toBe(200);
    const done = await t.request(b.slug, "/api/auth/reset-password", {
      json: { token, newPassword: "own-new-pass-1" },
    });
    expect(done.status).toBe(200);
  });
});

describe("session refresh and sign-out", () => {
  const ageSession = (userId: string, accountId: string) =>
    withPlatform(t.database.db, (tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 5 * 24 * 3600 * 1000) })
        .where(and(eq(sessions.userId, userId), eq(sessions.accountId, accountId))),
    );

  it("a session due for renewal is extended on its own site only", async () => {
    const { a, b, person, cookieA } = await personOnTwoSites("renew");
    await ageSession(person.id, a.accountId);
    await ageSession(person.id, b.accountId);
    const res = await me(a.slug, cookieA);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("atrium.session_token="))).toBe(true);
    const day = 24 * 3600 * 1000;
    const [onA] = await sessionsOf(person.id, a.accountId);
    const [onB] = await sessionsOf(person.id, b.accountId);
    expect(onA.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.5 * day);
    expect(onB.expiresAt.getTime()).toBeLessThan(Date.now() + 5.5 * day);
  });

  it("signing out while the session is due for renewal leaves no session cookie behind", async () => {
    const { a, person, cookieA } = await personOnTwoSites("renew-out");
    await ageSession(person.id, a.accountId);
    const res = await pageAction(t)(a.slug, cookieA, (ctx) => ctx.services.auth.signOut());
    expect(res.status).toBe(200);
    const set = res.headers.getSetCookie().filter((c) => c.startsWith("atrium.session_token="));
    expect(set.length).toBeGreaterThan(0);
    expect(set.every((c) => /^atrium\.session_token=;/.test(c))).toBe(true);
    expect(await sessionsOf(person.id, a.accountId)).toHaveLength(0);
  });

  it("changing the password signs the person out of every other site and keeps them in here", async () => {
    const { a, b, person, cookieA, cookieB, cookiePlatform } = await personOnTwoSites("password");
    const res = await pageAction(t)(a.slug, cookieA, (ctx) =>
      ctx.services.profile.changePassword(person.password, "changed-pass-1"),
    );
    expect(res.status).toBe(200);
    expect((await me(a.slug, mergeCookies(cookieA, res))).status).toBe(200);
    expect((await me(b.slug, cookieB)).status).toBe(401);
    expect((await me("", cookiePlatform)).status).toBe(401);
    expect((await sessionsOf(person.id)).map((s) => s.accountId)).toEqual([a.accountId]);
  });
});
