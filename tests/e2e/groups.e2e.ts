// Groups: the owner creates an open group from the groups screen; a member finds it under Discover,
// joins, posts with a listed bad word and sees it masked in the feed; the owner pins the post. The
// owner links a private group to a course from its settings, and a student of the course finds it
// among their groups. An admin invites a member, who accepts from the bell.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { accounts } from "../../server/modules/accounts";
import { events } from "../../server/modules/events";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { hydrated, open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const g = en.groups;

describe("groups", () => {
  it("a member joins a group and posts; the bad word is masked; the owner pins the post", async () => {
    const { site, owner, origin } = await e2e.newSite("groups", { plan: PLAN_IDS.professional });
    await accounts.update(e2e.t.database.db, site.accountId, { features: { ...site.features, groups: true } });
    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("grp"), name: "Gil Group" });
    await buildMember(e2e.t.database.db, site, user, "student");

    const ownerPage = await e2e.signedIn(origin, owner.email, owner.password);
    await open(ownerPage, `${origin}/dashboard/groups`);
    await ownerPage.getByText(g.emptyMine).waitFor();
    await ownerPage.getByRole("button", { name: g.create }).click();
    await ownerPage.getByLabel(g.name).fill("Pottery circle");
    await ownerPage.getByRole("button", { name: g.createSubmit }).click();
    await ownerPage.getByRole("link", { name: /Pottery circle/ }).waitFor();
    await ownerPage.screenshot({ path: "/tmp/groups-list.png", fullPage: true });

    const page = await e2e.signedIn(origin, user.email, user.password);
    await open(page, `${origin}/dashboard/groups`);
    await page.getByRole("tab", { name: g.discover }).click();
    await page.getByRole("link", { name: /Pottery circle/ }).click();
    await hydrated(page);
    await page.getByRole("button", { name: g.join }).click();
    await page.getByRole("button", { name: g.leave }).waitFor();
    await page.getByRole("textbox").first().click();
    await page.keyboard.type("What the fuck is a kiln?");
    await page.getByRole("button", { name: g.post, exact: true }).click();
    const body = page.getByTestId("group-post-body").first();
    await body.getByText("What the **** is a kiln?").waitFor();
    expect(await body.textContent()).not.toContain("fuck");

    await ownerPage.getByRole("link", { name: /Pottery circle/ }).click();
    await hydrated(ownerPage);
    await ownerPage.getByText("What the **** is a kiln?").waitFor();
    await ownerPage.getByRole("button", { name: g.pin }).click();
    await ownerPage.getByRole("button", { name: g.unpin }).waitFor();
    await ownerPage.getByTestId("group-post").first().getByText(g.pinned).waitFor();
    await ownerPage.screenshot({ path: "/tmp/groups-page.png", fullPage: true });

    await page.reload();
    await page.getByTestId("group-post").first().getByText(g.pinned).waitFor();
  });

  it("an owner links a private group to a course; the course's student sees it among their groups", async () => {
    const { site, owner, origin } = await e2e.newSite("groups-link", { plan: PLAN_IDS.professional });
    const db = e2e.t.database.db;
    await accounts.update(db, site.accountId, { features: { ...site.features, groups: true } });
    const { course } = await buildCourse(
      db,
      site,
      { id: owner.id },
      { title: "Wheel throwing", slug: `wheel-${Date.now()}`, status: "published" },
    );
    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("grp-st"), name: "Sam Student" });
    await buildMember(db, site, user, "student");
    await buildEnrolment(db, site, course.id, user.id);

    const ownerPage = await e2e.signedIn(origin, owner.email, owner.password);
    await open(ownerPage, `${origin}/dashboard/groups`);
    await ownerPage.getByRole("button", { name: g.create }).click();
    await ownerPage.getByLabel(g.name).fill("Throwers");
    await ownerPage.getByRole("combobox", { name: g.privacy }).click();
    await ownerPage.getByRole("option", { name: g.privacyOptions.private }).click();
    await ownerPage.getByRole("button", { name: g.createSubmit }).click();
    await ownerPage.getByRole("link", { name: "Throwers" }).click();
    await hydrated(ownerPage);
    await ownerPage.getByRole("button", { name: g.settings }).click();
    const settings = ownerPage.getByTestId("group-settings");
    await settings.getByRole("combobox", { name: g.linkCourse }).click();
    await ownerPage.getByRole("option", { name: "Wheel throwing" }).click();
    await settings.getByRole("button", { name: g.saveLinks }).click();
    await settings.getByText(g.linkAdded.replace("{{count}}", "1")).waitFor();
    await ownerPage.keyboard.press("Escape");
    await ownerPage.getByTestId("group-members").getByText("Sam Student").waitFor();
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await ownerPage.getByRole("button", { name: g.settings }).click();
    await settings.getByText(g.linkHint).waitFor();
    await ownerPage.screenshot({ path: "/tmp/groups-settings-390.png", fullPage: true });

    const page = await e2e.signedIn(origin, user.email, user.password);
    await open(page, `${origin}/dashboard/groups`);
    await page.getByRole("link", { name: "Throwers" }).click();
    await hydrated(page);
    await page.getByRole("heading", { name: "Throwers" }).waitFor();
    await page.getByRole("button", { name: g.leave }).waitFor();
  });

  it("an admin invites a member of the site, who accepts the invitation from the bell", async () => {
    const { site, owner, origin } = await e2e.newSite("groups-invite", { plan: PLAN_IDS.professional });
    const db = e2e.t.database.db;
    await accounts.update(db, site.accountId, { features: { ...site.features, groups: true } });
    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("grp-inv"), name: "Ivy Invitee" });
    await buildMember(db, site, user, "student");

    const ownerPage = await e2e.signedIn(origin, owner.email, owner.password);
    await open(ownerPage, `${origin}/dashboard/groups`);
    await ownerPage.getByRole("button", { name: g.create }).click();
    await ownerPage.getByLabel(g.name).fill("Glaze lab");
    await ownerPage.getByRole("combobox", { name: g.privacy }).click();
    await ownerPage.getByRole("option", { name: g.privacyOptions.approval }).click();
    await ownerPage.getByRole("button", { name: g.createSubmit }).click();
    await ownerPage.getByRole("link", { name: "Glaze lab" }).click();
    await hydrated(ownerPage);
    const invite = ownerPage.getByTestId("group-invite");
    await invite.getByRole("combobox", { name: g.invite }).fill("Ivy");
    await ownerPage.getByRole("option", { name: "Ivy Invitee" }).click();
    await invite.getByRole("button", { name: g.inviteSubmit }).click();
    await invite.getByText(g.inviteSent.replace("{{name}}", "Ivy Invitee")).waitFor();
    await ownerPage.getByTestId("group-members").getByText(g.statuses.invited).waitFor();
    await events.drain(db, site.accountId);

    const page = await e2e.signedIn(origin, user.email, user.password);
    await open(page, `${origin}/dashboard/groups`);
    await page.getByTestId("group-invitation").getByText("Glaze lab").waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/groups-invitations-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    const bellName = new RegExp(`^${en.notifications.bell_other.split("{{shown}}")[0]}\\d`);
    await page.getByRole("button", { name: bellName }).click();
    const notice = en.notifications.group.group_member_invited
      .replace("{{member}}", owner.name)
      .replace("{{group}}", "Glaze lab");
    await page.getByRole("menuitem", { name: new RegExp(notice) }).click();
    await page.waitForURL(/\/dashboard\/groups\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await page.getByRole("button", { name: g.accept }).click();
    await page.getByRole("button", { name: g.leave }).waitFor();
    await page.getByLabel(g.notifyPosts).waitFor();
    await open(page, `${origin}/dashboard/groups`);
    await page.getByRole("link", { name: "Glaze lab" }).waitFor();
    expect(await page.getByTestId("group-invitation").count()).toBe(0);
  });
});
