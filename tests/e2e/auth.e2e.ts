// Sign-up, log-in, two-step verification, single-session sites, site creation and password recovery,
// driven through a real Chromium against the full server (pages rendered by React Router).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildMember, buildSite, buildUser } from "../../server/seed/builders";
import { latestMail, logIn, open, submitLogin, uniqueEmail, uniqueSlug, setupE2E, waitForPath } from "./fixtures";
import { totp, wrongTotp } from "../support/totp";

const e2e = setupE2E();

/** A site of its own for one test, built directly (no demo seed), with its owner. */
async function newSite(prefix: string, features?: { single_session?: boolean }) {
  const owner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail(`${prefix}-owner`) });
  const sitetitle = `School ${prefix} ${Date.now() % 100000}`;
  const site = await buildSite(e2e.t.database.db, owner, { slug: uniqueSlug(prefix), sitetitle, features });
  return { site, owner, sitetitle, origin: e2e.t.origin(site.slug) };
}

async function signUp(page: Page, origin: string, input: { name: string; email: string; password: string }) {
  await open(page, `${origin}/signup`);
  await page.getByLabel("Your name").fill(input.name);
  await page.getByLabel("E-mail").fill(input.email);
  await page.getByLabel("Password").fill(input.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await waitForPath(page, "/");
  // The top bar offers "Log in" again once the session is gone.
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Log in", exact: true }).waitFor();
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe("authentication in the browser", () => {
  it("sign up on a site, log in, see the dashboard, log out", async () => {
    const { origin, sitetitle } = await newSite("signup");
    const page = await e2e.newPage();
    const email = uniqueEmail("student");
    const password = "correct-horse-42";

    await signUp(page, origin, { name: "Sam Student", email, password });
    await waitForPath(page, "/dashboard");
    expect(await text(page, "site-title")).toBe(sitetitle);
    expect(await text(page, "role")).toBe(en.users.roles.student);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome, Sam Student");

    await logOut(page);
    await open(page, `${origin}/dashboard`);
    await waitForPath(page, "/login?redirectedFrom=%2Fdashboard");

    await submitLogin(page, email, password);
    await waitForPath(page, "/dashboard");
    expect(await text(page, "role")).toBe(en.users.roles.student);
  });

  it("refuses a too-short password at sign-up and creates no account", async () => {
    const { origin } = await newSite("short");
    const page = await e2e.newPage();
    const email = uniqueEmail("short");

    await signUp(page, origin, { name: "Shorty", email, password: "abc" });
    await expect.poll(() => page.locator("#password-error").textContent()).toBe(en.errors.passwordTooShort);
    expect(new URL(page.url()).pathname).toBe("/signup");
    // What was typed is kept, the password is not.
    expect(await page.getByLabel("E-mail").inputValue()).toBe(email);

    await logIn(page, origin, email, "abc");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(en.errors.invalidCredentials);
    await logIn(page, origin, email, "abcdefgh");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(en.errors.invalidCredentials);
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("enrol TOTP and log in with a code", async () => {
    const { site, origin } = await newSite("totp");
    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("totp"), password: "totp-pass-1234" });
    await buildMember(e2e.t.database.db, site, user, "student");
    const page = await e2e.newPage();

    await logIn(page, origin, user.email, user.password);
    await waitForPath(page, "/dashboard");
    expect(await text(page, "aal")).toBe("aal1");

    await open(page, `${origin}/dashboard/profile`);
    expect(await text(page, "two-factor-status")).toBe(en.twoFactor.statusOff);
    await page.getByLabel(en.twoFactor.passwordToContinue).fill(user.password);
    await page.getByRole("button", { name: en.twoFactor.enable }).click();
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    await page.getByLabel("Code").fill(totp(secret));
    await page.getByRole("button", { name: en.twoFactor.confirm }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe(en.twoFactor.enabled);
    await expect.poll(() => text(page, "two-factor-status")).toBe(en.twoFactor.statusOn);

    await open(page, `${origin}/dashboard`);
    expect(await text(page, "aal")).toBe("aal2");

    await logOut(page);
    await logIn(page, origin, user.email, user.password);
    await waitForPath(page, "/login/two-factor");

    await page.getByLabel("Code").fill(wrongTotp(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(en.errors.invalidCode);
    expect(new URL(page.url()).pathname).toBe("/login/two-factor");

    await page.getByLabel("Code").fill(totp(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await waitForPath(page, "/dashboard");
    expect(await text(page, "aal")).toBe("aal2");
  });

  it("a second sign-in with single_session on ends the first", async () => {
    const { site, owner, origin } = await newSite("single", { single_session: true });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("single") });
    await buildMember(e2e.t.database.db, site, student, "student");

    const a = await e2e.newPage();
    await logIn(a, origin, student.email, student.password);
    await waitForPath(a, "/dashboard");
    expect(await text(a, "role")).toBe(en.users.roles.student);

    const b = await e2e.newPage();
    await logIn(b, origin, student.email, student.password);
    await waitForPath(b, "/dashboard");

    await a.reload();
    await waitForPath(a, "/login");
    expect(new URL(a.url()).searchParams.get("redirectedFrom")).toBe("/dashboard");
    expect(await text(a, "login-notice")).toBe(en.errors.singleSession);

    await b.reload();
    await waitForPath(b, "/dashboard");
    expect(await text(b, "role")).toBe(en.users.roles.student);

    // The owner is exempt: two sign-ins keep both sessions.
    const c = await e2e.newPage();
    const d = await e2e.newPage();
    await logIn(c, origin, owner.email, owner.password);
    await waitForPath(c, "/dashboard");
    await logIn(d, origin, owner.email, owner.password);
    await waitForPath(d, "/dashboard");
    await c.reload();
    await waitForPath(c, "/dashboard");
    expect(await text(c, "role")).toBe(en.users.owner);
    expect(await text(d, "role")).toBe(en.users.owner);
  });

  it("an account owner creates a site", async () => {
    const page = await e2e.newPage();
    const email = uniqueEmail("founder");
    const password = "founder-pass-99";

    await signUp(page, e2e.t.origin(), { name: "Fran Founder", email, password });
    await waitForPath(page, "/dashboard/setup");

    await page.getByLabel("Site address").fill("No Good!");
    await page.getByLabel("Site title").fill("Fran's Academy");
    await page.getByRole("button", { name: en.dashboard.setupSubmit }).click();
    await expect.poll(() => page.locator("#slug-error").textContent()).toBe(en.errors.slugInvalid);

    const slug = uniqueSlug("fran");
    await page.getByLabel("Site address").fill(slug);
    await page.getByLabel("Site title").fill("Fran's Academy");
    await page.getByRole("button", { name: en.dashboard.setupSubmit }).click();
    const created = await page.getByTestId("site-created").textContent();
    expect(created).toContain("Fran's Academy");
    expect(created).toContain(e2e.t.origin(slug));

    await logIn(page, e2e.t.origin(slug), email, password);
    await waitForPath(page, "/dashboard");
    expect(await text(page, "site-title")).toBe("Fran's Academy");
    expect(await text(page, "role")).toBe(en.users.owner);
  });

  it("recovers a forgotten password through the e-mailed link", async () => {
    const { site, origin } = await newSite("reset");
    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("forgetful"), password: "old-password-1" });
    await buildMember(e2e.t.database.db, site, user, "student");
    const page = await e2e.newPage();

    await open(page, `${origin}/login`);
    await page.getByRole("link", { name: en.auth.forgot }).click();
    await waitForPath(page, "/login/forgot-password");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByRole("button", { name: en.auth.forgotSubmit }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe(en.auth.forgotSent);

    let mail: Awaited<ReturnType<typeof latestMail>> = null;
    await expect
      .poll(async () => (mail = await latestMail(e2e.t, user.email, "password_reset")), { timeout: 10_000 })
      .not.toBeNull();
    const link = mail!.text.match(/https?:\/\/\S+/)?.[0];
    expect(link, mail!.text).toBeDefined();
    expect(link!.startsWith(origin)).toBe(true);

    await page.goto(link!);
    await waitForPath(page, "/login/reset-password");
    expect(new URL(page.url()).searchParams.get("token")).toBeTruthy();
    await page.getByLabel(en.auth.newPassword).fill("new-password-2");
    await page.getByRole("button", { name: en.auth.resetSubmit }).click();
    await waitForPath(page, "/login?reset=1");
    expect(await text(page, "login-notice")).toBe(en.auth.resetDone);

    await submitLogin(page, user.email, "old-password-1");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(en.errors.invalidCredentials);
    await submitLogin(page, user.email, "new-password-2");
    await waitForPath(page, "/dashboard");
    expect(await text(page, "role")).toBe(en.users.roles.student);
  });

  it("answers an unknown host with a 404 page", async () => {
    const page = await e2e.newPage();
    const res = await page.goto(`http://nosuchsite.localhost:${e2e.t.port}/`);
    expect(res?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("No site is served at this address");
  });
});
