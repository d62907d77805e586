// Signing up, in and out through better-auth's own routes: membership on sign-up, site creation,
// password storage and recovery, the single-session rule, TOTP, rate limits and the Origin guard.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, authAccounts, clientErrors, mailOutbox, members, rateLimits } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildUser } from "../../server/seed/builders";
import { cookieFrom, signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import {
  body,
  countFor,
  countRows,
  expectError,
  memberOf,
  mergeCookies,
  siteWithOwner,
  uid,
  uniqueEmail,
  uniqueSlug,
} from "./helpers";
import { hotp, secretFromUri, totp } from "../support/totp";

const PASSWORD = "correct-horse-9";

describe("auth on one platform", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (slug: string | null, cookie: string) => t.request(slug, "/api/v1/me", { cookie });
  const signUp = (slug: string | null, email: string, password = PASSWORD) =>
    t.request(slug, "/api/auth/sign-up/email", { json: { name: "New Person", email, password } });

  it("signing up on a site makes the person a student member of it, with an argon2id password", async () => {
    const { site } = await siteWithOwner(t, "signup");
    const email = uniqueEmail("learner");
    const res = await signUp(site.slug, email);
    expect(res.status).toBe(200);
    const m = await body(await me(site.slug, cookieFrom(res)));
    expect(m).toMatchObject({ role: "student", isOwner: false, user: { email }, member: { email, role: "student" } });
    expect(await countFor(t, members, site.accountId)).toBe(2);

    for (const bad of [
      { email: "not-an-email", password: PASSWORD },
      { email: uniqueEmail("short"), password: "short" },
    ]) {
      const refused = await t.request(site.slug, "/api/auth/sign-up/email", { json: { name: "X", ...bad } });
      expect(refused.status).toBe(400);
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
    expect(await countFor(t, members, site.accountId)).toBe(2);

    const [cred] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(authAccounts).where(eq(authAccounts.userId, m.user.id)),
    );
    expect(cred.password).toMatch(/^\$argon2id\$/);
  });

  it("a person who signed up on the platform creates a site and is its owner there; slugs are checked", async () => {
    const email = uniqueEmail("founder");
    const res = await signUp(null, email);
    expect(res.status).toBe(200);
    const cookie = cookieFrom(res);
    const slug = uniqueSlug("school");
    const created = await t.request(null, "/api/v1/sites", { json: { slug, sitetitle: "My School" }, cookie });
    expect(created.status).toBe(201);
    expect(await body(created)).toMatchObject({
      slug,
      sitetitle: "My School",
      isPlatform: false,
      url: `http://${slug}.atrium.test:3000`,
    });

    const ownerCookie = await signIn(t, slug, email, PASSWORD);
    const owner = await body(await me(slug, ownerCookie));
    expect(owner).toMatchObject({ role: "owner", isOwner: true });
    expect(owner.caps).toContain("manage_options");

    await expectError(
      await t.request(null, "/api/v1/sites", { json: { slug, sitetitle: "Again" }, cookie }),
      409,
      "conflict",
    );
    for (const bad of ["ab", "www", "Bad Slug!"]) {
      const err = await expectError(
        await t.request(null, "/api/v1/sites", { json: { slug: bad, sitetitle: "Bad" }, cookie }),
        422,
        "validation_failed",
      );
      expect(JSON.stringify(err.details), `details name the field for "${bad}"`).toContain('"slug"');
    }
    const mine = await body(await t.request(null, "/api/v1/sites", { cookie }));
    expect(mine.items.map((s: { slug: string }) => s.slug)).toEqual([slug]);
  });

  it("sign-up queues a verification e-mail; a reset link leads to a new password that replaces the old", async () => {
    const { site } = await siteWithOwner(t, "reset");
    const email = uniqueEmail("forgetful");
    expect((await signUp(site.slug, email)).status).toBe(200);
    const outbox = () =>
      withPlatform(t.database.db, (tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt),
      );
    expect((await outbox()).map((m) => m.kind)).toEqual(["verify_email"]);
    const verifyLink = (await outbox())[0].text.match(/https?:\/\/\S+/)?.[0] ?? "";
    expect(verifyLink).toMatch(new RegExp(`^http://${site.slug}\\.atrium\\.test:3000/api/auth/verify-email\\?token=`));
    const signedUp = await signIn(t, site.slug, email, PASSWORD);
    expect((await body(await me(site.slug, signedUp))).user.emailVerified).toBe(false);
    const verifyUrl = new URL(verifyLink);
    expect((await t.request(site.slug, verifyUrl.pathname + verifyUrl.search)).status).toBe(302);
    expect((await body(await me(site.slug, signedUp))).user.emailVerified).toBe(true);

    const asked = await t.request(site.slug, "/api/auth/request-password-reset", {
      json: { email, redirectTo: "/login/reset-password" },
    });
    expect(asked.status).toBe(200);
    const reset = (await outbox()).find((m) => m.kind === "password_reset");
    expect(reset?.accountId).toBe(site.accountId);
    const link = reset?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.host).toBe(`${site.slug}.atrium.test:3000`);

    const followed = await t.request(site.slug, url.pathname + url.search);
    expect(followed.status).toBe(302);
    const target = new URL(followed.headers.get("location")!, t.origin(site.slug));
    expect(target.pathname).toBe("/login/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const newPassword = "brand-new-pass-7";
    const done = await t.request(site.slug, "/api/auth/reset-password", { json: { token, newPassword } });
    expect(done.status).toBe(200);
    expect(
      (await t.request(site.slug, "/api/auth/sign-in/email", { json: { email, password: PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await t.request(site.slug, "/api/auth/sign-in/email", { json: { email, password: newPassword } })).status,
    ).toBe(200);
    // The token is spent.
    expect(
      (await t.request(site.slug, "/api/auth/reset-password", { json: { token, newPassword: "third-pass-77" } }))
        .status,
    ).toBe(400);
  });

  it("single_session: a student's newer sign-in ends the older one; the owner is exempt; off by default", async () => {
    const strict = await siteWithOwner(t, "single", { features: { single_session: true } });
    const student = await memberOf(t, strict.site, "student");
    const first = student.cookie;
    const second = await signIn(t, strict.site.slug, student.user.email, student.user.password);
    const ended = await me(strict.site.slug, first);
    expect(ended.status).toBe(401);
    expect(await body(ended)).toMatchObject({ code: "not_authenticated", details: { reason: "single_session" } });
    expect((await me(strict.site.slug, second)).status).toBe(200);

    const ownerAgain = await signIn(t, strict.site.slug, strict.owner.email, strict.owner.password);
    expect((await me(strict.site.slug, strict.ownerCookie)).status).toBe(200);
    expect((await me(strict.site.slug, ownerAgain)).status).toBe(200);

    // Only sessions on this site end: the same person's session on another site is untouched.
    const elsewhere = await siteWithOwner(t, "elsewhere");
    const elsewhereCookie = await signIn(t, elsewhere.site.slug, student.user.email, student.user.password);
    await signIn(t, strict.site.slug, student.user.email, student.user.password);
    expect((await me(elsewhere.site.slug, elsewhereCookie)).status).toBe(200);
    expect((await me(strict.site.slug, second)).status).toBe(401);

    const relaxed = await siteWithOwner(t, "multi");
    const s2 = await memberOf(t, relaxed.site, "student");
    const again = await signIn(t, relaxed.site.slug, s2.user.email, s2.user.password);
    expect((await me(relaxed.site.slug, s2.cookie)).status).toBe(200);
    expect((await me(relaxed.site.slug, again)).status).toBe(200);
  });

  it("the TOTP helper matches RFC 6238's SHA-1 test vector", () => {
    const key = Buffer.from("12345678901234567890");
    expect(hotp(key, Math.floor(59 / 30), 8)).toBe("94287082");
    expect(hotp(key, Math.floor(1111111109 / 30), 8)).toBe("07081804");
  });

  it("TOTP: enabling, signing in with a second factor, a wrong code, and disabling", async () => {
    const { site } = await siteWithOwner(t, "totp");
    const { user, cookie: first } = await memberOf(t, site, "student", "careful");
    const enabled = await t.request(site.slug, "/api/auth/two-factor/enable", {
      json: { password: user.password },
      cookie: first,
    });
    expect(enabled.status).toBe(200);
    let cookie = mergeCookies(first, enabled);
    const secret = secretFromUri((await body(enabled)).totpURI);
    expect((await body(await me(site.slug, cookie))).aal).toBe("aal1");

    const verified = await t.request(site.slug, "/api/auth/two-factor/verify-totp", {
      json: { code: totp(secret) },
      cookie,
    });
    expect(verified.status).toBe(200);
    cookie = mergeCookies(cookie, verified);
    expect(await body(await me(site.slug, cookie))).toMatchObject({ aal: "aal2", user: { email: user.email } });

    const signedIn = await t.request(site.slug, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(signedIn.status).toBe(200);
    expect(await body(signedIn)).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieFrom(signedIn);
    expect((await me(site.slug, pending)).status).toBe(401);

    const accepted = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)));
    const wrongCode = ["000000", "111111", "222222", "333333"].find((c) => !accepted.has(c))!;
    const wrong = await t.request(site.slug, "/api/auth/two-factor/verify-totp", {
      json: { code: wrongCode },
      cookie: pending,
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect((await me(site.slug, mergeCookies(pending, wrong))).status).toBe(401);

    const second = await t.request(site.slug, "/api/auth/two-factor/verify-totp", {
      json: { code: totp(secret) },
      cookie: pending,
    });
    expect(second.status).toBe(200);
    const full = mergeCookies(pending, second);
    expect(await body(await me(site.slug, full))).toMatchObject({ aal: "aal2", user: { email: user.email } });

    const disabled = await t.request(site.slug, "/api/auth/two-factor/disable", {
      json: { password: user.password },
      cookie: full,
    });
    expect(disabled.status).toBe(200);
    expect((await body(await me(site.slug, mergeCookies(full, disabled)))).aal).toBe("aal1");
    const plain = await t.request(site.slug, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(await body(plain)).not.toHaveProperty("twoFactorRedirect");
  });

  it("a cookie-carrying POST from a foreign Origin is refused with origin_mismatch and writes nothing", async () => {
    const { site, ownerCookie } = await siteWithOwner(t, "origin");
    const errorsBefore = await countFor(t, clientErrors, site.accountId);
    const evil = { origin: "http://evil.test" };
    await expectError(
      await t.request(site.slug, "/api/v1/api-keys", { json: { name: "stolen" }, cookie: ownerCookie, headers: evil }),
      403,
      "origin_mismatch",
    );
    await expectError(
      await t.request(site.slug, "/api/log", {
        json: { message: "x", account_id: site.accountId },
        cookie: ownerCookie,
        headers: evil,
      }),
      403,
      "origin_mismatch",
    );
    // Another site of the same platform is just as foreign.
    await expectError(
      await t.request(site.slug, "/api/v1/api-keys", {
        json: { name: "x" },
        cookie: ownerCookie,
        headers: { origin: t.origin("other-site") },
      }),
      403,
      "origin_mismatch",
    );
    // With no Origin header the Referer decides; with neither, the request is refused too.
    const raw = (headers: Record<string, string>) =>
      t.app.request(`${t.origin(site.slug)}/api/v1/api-keys`, {
        method: "POST",
        body: JSON.stringify({ name: "raw" }),
        headers: { "content-type": "application/json", cookie: ownerCookie, ...headers },
      });
    await expectError(await raw({ referer: "http://evil.test/page" }), 403, "origin_mismatch");
    await expectError(await raw({}), 403, "origin_mismatch");
    await expectError(
      await t.request(site.slug, "/api/auth/sign-out", { method: "POST", cookie: ownerCookie, headers: evil }),
      403,
      "origin_mismatch",
    );

    expect(await countFor(t, apiKeys, site.accountId)).toBe(0);
    expect(await countFor(t, clientErrors, site.accountId)).toBe(errorsBefore);
    expect((await me(site.slug, ownerCookie)).status).toBe(200);
    // The same request from the site's own page goes through, by Origin or by Referer.
    expect(
      (await t.request(site.slug, "/api/v1/api-keys", { json: { name: "mine" }, cookie: ownerCookie })).status,
    ).toBe(201);
    expect((await raw({ referer: `${t.origin(site.slug)}/dashboard` })).status).toBe(201);
  });
});

describe("sign-in rate limit", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ AUTH_RATE_LIMIT: "true" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("wrong passwords from one client are throttled to 429 within the minute; another client is not", async () => {
    const user = await buildUser(t.platform.auth, { email: uniqueEmail("target") });
    const ip = { "x-test-client-ip": `10.9.${Number.parseInt(uid().slice(0, 2), 16)}.7` };
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.request(null, "/api/auth/sign-in/email", {
        json: { email: user.email, password: `wrong-${i}-pass` },
        headers: ip,
      });
      statuses.push(res.status);
    }
    // SIGN_IN_LIMIT: 10 a minute, so the 11th attempt and every later one is refused.
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429, 429, 429]);
    const elsewhere = await t.request(null, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
      headers: { "x-test-client-ip": "10.200.0.1" },
    });
    expect(elsewhere.status).toBe(200);
    // The limit is kept in the database, so several web processes share it.
    expect(await countRows(t, rateLimits)).toBeGreaterThan(0);
  });
});
