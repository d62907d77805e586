// Managing members in a real browser: the owner invites an e-mail address (the invitation mail
// is queued and listed), changes a member's role, and removes a member after confirming; invitees
// answer from the e-mail's link (sign up and join, sign in with a login from elsewhere and accept,
// or decline); a member changes their own name and password and signs in with the new password.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildMember, buildUser } from "../../server/seed/builders";
import { signIn } from "../support/platform";
import { hydrated, latestMail, logIn, open, setupE2E, submitLogin, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const u = en.users;

const newSite = (prefix: string) => e2e.newSite(prefix, { sitetitle: `Members ${prefix}`, ownerName: "Olga Owner" });

describe("managing members", () => {
  it("the owner invites an e-mail, changes a member's role and removes a member", async () => {
    const { site, owner, origin } = await newSite("mgr");
    const rita = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("rita"), name: "Rita Role" });
    const rex = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("rex"), name: "Rex Removed" });
    await buildMember(e2e.t.database.db, site, rita, "student");
    await buildMember(e2e.t.database.db, site, rex, "student");
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    // Invite a new address.
    await open(page, `${origin}/dashboard/manage/user`);
    const invitee = uniqueEmail("invitee");
    await page.getByLabel(u.invite.name).fill("Ivy Invitee");
    await page.getByLabel(u.invite.email).fill(invitee);
    await page.getByLabel(u.role).selectOption("instructor");
    await page.getByRole("button", { name: u.invite.submit }).click();
    await page.locator('[data-testid="invitation-row"]', { hasText: invitee }).waitFor();
    const mail = await latestMail(e2e.t, invitee, "member_invitation");
    expect(mail?.text).toContain(`${origin}/invitation/`);
    // The same address again is refused with a clear message.
    await page.getByLabel(u.invite.email).fill(invitee);
    await page.getByRole("button", { name: u.invite.submit }).click();
    await page.getByText(u.errors.alreadyInvited).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/members-invite-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Change Rita's role from the list, searching by e-mail.
    await open(page, `${origin}/dashboard/manage/users`);
    await page.getByLabel(u.searchLabel, { exact: true }).first().fill(rita.email);
    await page.getByRole("button", { name: u.search, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === rita.email);
    const rows = page.getByTestId("member-row");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole("combobox", { name: u.roleFor.replace("{{name}}", "Rita Role") }).selectOption("instructor");
    await rows.first().getByRole("button", { name: u.changeRole }).click();
    await page.getByText(u.roleSaved.replace("{{name}}", "Rita Role")).first().waitFor();
    const api = await e2e.t.request(site.slug, `/api/v1/members?q=${encodeURIComponent(rita.email)}`, {
      cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; "),
    });
    expect((await api.json()).items[0].role).toBe("instructor");

    // Her own screen shows the new role.
    await page.getByRole("link", { name: "Rita Role" }).first().click();
    await page.waitForURL((url) => url.pathname === "/dashboard/manage/user" && url.searchParams.has("id"));
    await page.getByRole("heading", { name: "Rita Role" }).waitFor();
    expect(await page.getByRole("combobox", { name: u.roleFor.replace("{{name}}", "Rita Role") }).inputValue()).toBe(
      "instructor",
    );
    await page.screenshot({ path: "/tmp/members-detail-1280.png", fullPage: true });

    // The owner's own row has no remove button and a fixed role.
    await open(page, `${origin}/dashboard/manage/users`);
    const ownerRow = page.locator(`[data-testid="member-row"][data-email="${owner.email}"]`);
    await ownerRow.locator('[data-testid="owner-role"]:visible').waitFor();
    expect(await ownerRow.getByRole("button", { name: u.remove }).count()).toBe(0);
    await page.screenshot({ path: "/tmp/members-list-1280.png", fullPage: true });

    // Remove Rex after confirming.
    const rexRow = page.locator(`[data-testid="member-row"][data-email="${rex.email}"]`);
    await rexRow.getByRole("button", { name: u.removeNamed.replace("{{name}}", "Rex Removed") }).click();
    await page.getByRole("dialog").getByText(u.removeConfirm.replace("{{name}}", "Rex Removed")).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: u.removeYes }).click();
    await page.getByText(u.removedNotice).waitFor();
    await expect.poll(() => rexRow.count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/members-list-390.png", fullPage: true });

    // The public directory and profile show pictures and name their canonical address.
    const visitor = await e2e.newPage();
    await open(visitor, `${origin}/members?utm=x`);
    await visitor.locator(`img[src="/avatars/${rita.id}/avatar.jpg"]`).waitFor();
    expect(await visitor.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${origin}/members`);
    expect(await visitor.locator('meta[property="og:title"]').getAttribute("content")).toContain(u.title);
    await visitor.getByRole("link", { name: /Rita Role/ }).click();
    await visitor.waitForURL((url) => url.pathname.startsWith("/members/"));
    const profileUrl = new URL(visitor.url());
    await visitor.locator(`img[src="/avatars/${rita.id}/avatar.jpg"]`).waitFor();
    await expect
      .poll(() => visitor.locator('link[rel="canonical"]').getAttribute("href"))
      .toBe(`${origin}${profileUrl.pathname}`);
    expect(await visitor.content()).not.toContain(rita.email);
  });
});

describe("the invitee's side", () => {
  const inv = en.invitation;
  const fill = (text: string, vars: Record<string, string>) =>
    Object.entries(vars).reduce((out, [k, v]) => out.replaceAll(`{{${k}}}`, v), text);
  const inviteLink = async (origin: string, email: string) => {
    const mail = await latestMail(e2e.t, email, "member_invitation");
    const link = mail?.text.match(/http\S+\/invitation\/[A-Za-z0-9_-]+/)?.[0];
    expect(link?.startsWith(`${origin}/invitation/`)).toBe(true);
    return link!;
  };
  const roleOn = async (slug: string, page: Page) => {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    return (await (await e2e.t.request(slug, "/api/v1/me", { cookie })).json()).role as string | null;
  };

  it("someone without an account opens the link, signs up from it and joins with the invited role", async () => {
    const { site, owner, origin } = await newSite("inv-new");
    const ownerPage = await e2e.signedIn(origin, owner.email, owner.password);
    await open(ownerPage, `${origin}/dashboard/manage/user`);
    const email = uniqueEmail("ivy");
    await ownerPage.getByLabel(u.invite.email).fill(email);
    await ownerPage.getByLabel(u.role).selectOption("instructor");
    await ownerPage.getByRole("button", { name: u.invite.submit }).click();
    await ownerPage.locator('[data-testid="invitation-row"]', { hasText: email }).waitFor();

    const guest = await e2e.newPage();
    await open(guest, await inviteLink(origin, email));
    await guest.getByTestId("invitation-offer").getByText(email).waitFor();
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.screenshot({ path: "/tmp/invitation-page-390.png", fullPage: true });
    await guest.setViewportSize({ width: 1280, height: 800 });
    await guest.getByRole("link", { name: inv.signUp }).click();
    await waitForPath(guest, "/signup");
    const note = fill(inv.signUpNote, { site: `Members inv-new`, role: u.roles.instructor });
    await guest.getByTestId("signup-invitation").getByText(note).waitFor();
    const address = guest.getByLabel(en.auth.email);
    expect(await address.inputValue()).toBe(email);
    expect(await address.getAttribute("readonly")).not.toBeNull();
    await guest.getByLabel(en.auth.name).fill("Ivy Invitee");
    await guest.getByLabel(en.auth.password).fill("ivy-password-1");
    await guest.getByRole("button", { name: en.auth.submitSignup }).click();
    await waitForPath(guest, "/dashboard");
    expect(await roleOn(site.slug, guest)).toBe("instructor");
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.screenshot({ path: "/tmp/invitation-joined-390.png", fullPage: true });

    // The owner's list no longer shows it; the member list does.
    await open(ownerPage, `${origin}/dashboard/manage/user`);
    await ownerPage.getByText(u.invitations.empty).waitFor();
    await open(ownerPage, `${origin}/dashboard/manage/users`);
    await ownerPage.locator(`[data-testid="member-row"][data-email="${email}"]`).first().waitFor();
  });

  it("someone with a login on another site signs in from the link and accepts; another declines", async () => {
    const { site, owner, origin } = await newSite("inv-known");
    const elsewhere = await newSite("inv-elsewhere");
    const kai = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("kai"), name: "Kai Known" });
    await buildMember(e2e.t.database.db, elsewhere.site, kai, "student");
    const ownerCookie = await signIn(e2e.t, site.slug, owner.email, owner.password);
    const invite = (email: string) =>
      e2e.t.request(site.slug, "/api/v1/invitations", { cookie: ownerCookie, json: { email, role: "instructor" } });
    expect((await invite(kai.email)).status).toBe(201);

    const page = await e2e.newPage();
    const link = await inviteLink(origin, kai.email);
    await open(page, link);
    await page.getByRole("link", { name: inv.signIn }).click();
    await waitForPath(page, "/login");
    await submitLogin(page, kai.email, kai.password);
    await page.waitForURL((url) => url.pathname.startsWith("/invitation/"));
    await hydrated(page);
    // Signed in, but not a member until they accept.
    expect(await roleOn(site.slug, page)).toBeNull();
    await page.getByRole("button", { name: fill(inv.accept, { role: u.roles.instructor }) }).click();
    await waitForPath(page, "/dashboard");
    expect(await roleOn(site.slug, page)).toBe("instructor");
    // The link is used up.
    await open(page, link);
    await page.getByTestId("invitation-invalid").waitFor();

    const dee = uniqueEmail("dee");
    expect((await invite(dee)).status).toBe(201);
    const visitor = await e2e.newPage();
    const deeLink = await inviteLink(origin, dee);
    await open(visitor, deeLink);
    await visitor.getByRole("button", { name: inv.decline }).click();
    await visitor.getByTestId("invitation-declined").waitFor();
    // Nobody is shown a kept copy of the page from before the answer.
    const later = await e2e.newPage();
    await open(later, deeLink);
    await later.getByTestId("invitation-invalid").waitFor();
    const list = await (await e2e.t.request(site.slug, "/api/v1/invitations", { cookie: ownerCookie })).json();
    expect(list.items.map((i: { email: string }) => i.email)).not.toContain(dee);
  });
});

describe("the member's own profile", () => {
  it("a member changes their name and password, then signs in with the new password", async () => {
    const { site, origin } = await newSite("me");
    const mia = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("mia"), name: "Mia Before" });
    await buildMember(e2e.t.database.db, site, mia, "student");
    const page = await e2e.signedIn(origin, mia.email, mia.password);
    await open(page, `${origin}/dashboard/profile`);

    // An empty name is refused; a real one is saved.
    const nameForm = page.getByRole("form", { name: u.profile.nameTitle });
    await nameForm.getByLabel(en.auth.name).fill("   ");
    await nameForm.getByRole("button", { name: u.profile.saveName }).click();
    await page.getByText(u.errors.nameLength).waitFor();
    await nameForm.getByLabel(en.auth.name).fill("Mia After");
    await nameForm.getByRole("button", { name: u.profile.saveName }).click();
    await page.getByTestId("profile-done").getByText(u.profile.nameSaved).waitFor();
    await page.locator("dd", { hasText: "Mia After" }).first().waitFor();

    // A wrong current password and mismatched new ones are each explained.
    const pw = page.getByRole("form", { name: u.profile.passwordTitle });
    await pw.getByLabel(u.profile.currentPassword).fill("not-my-password");
    await pw.getByLabel(u.profile.newPassword).fill("brand-new-pass-1");
    await pw.getByLabel(u.profile.confirmPassword).fill("brand-new-pass-2");
    await pw.getByRole("button", { name: u.profile.changePassword }).click();
    await page.getByText(u.errors.passwordMismatch).waitFor();
    await pw.getByLabel(u.profile.currentPassword).fill("not-my-password");
    await pw.getByLabel(u.profile.newPassword).fill("brand-new-pass-1");
    await pw.getByLabel(u.profile.confirmPassword).fill("brand-new-pass-1");
    await pw.getByRole("button", { name: u.profile.changePassword }).click();
    await page.getByText(u.errors.currentPassword).waitFor();

    await pw.getByLabel(u.profile.currentPassword).fill(mia.password);
    await pw.getByLabel(u.profile.newPassword).fill("brand-new-pass-1");
    await pw.getByLabel(u.profile.confirmPassword).fill("brand-new-pass-1");
    await pw.getByRole("button", { name: u.profile.changePassword }).click();
    await page.getByTestId("profile-done").getByText(u.profile.passwordChanged).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/members-profile-390.png", fullPage: true });

    // Still signed in here; a fresh browser signs in with the new password, not the old one.
    await open(page, `${origin}/dashboard/profile`);
    await page.locator("dd", { hasText: "Mia After" }).first().waitFor();
    const fresh = await e2e.newPage();
    await logIn(fresh, origin, mia.email, mia.password);
    await fresh.getByText(en.errors.invalidCredentials).waitFor();
    await submitLogin(fresh, mia.email, "brand-new-pass-1");
    await waitForPath(fresh, "/dashboard");
  });
});
