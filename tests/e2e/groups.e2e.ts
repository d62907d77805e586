// Groups: the owner creates an open group from the groups screen; a member finds it under Discover,
// joins, posts with a listed bad word and sees it masked in the feed; the owner pins the post.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { accounts } from "../../server/modules/accounts";
import { buildMember, buildUser } from "../../server/seed/builders";
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

    await page.reload();
    await page.getByTestId("group-post").first().getByText(g.pinned).waitFor();
  });
});
