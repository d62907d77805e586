// Tags and custom fields in a real browser (decision 0044): the owner defines a select field, sets
// it on a contact with the typed input, renames a tag on the tags screen and sees the list follow;
// the screens pass axe.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { contacts } from "../../server/modules/audience";
import { buildMember, buildUser } from "../../server/seed/builders";
import { axeCheck } from "./axe";
import { hydrated, open, setupE2E, uid, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const f = en.audienceFields;
const BASE = "/dashboard/manage/marketing/emails";

describe("tags and custom fields", () => {
  it("an owner defines a select field, sets it on a contact and renames a tag", async () => {
    const { site, owner, origin } = await e2e.newSite("tagfields", { plan: PLAN_IDS.starter });
    const oldTag = `spring ${uid()}`;
    const newTag = `summer-${uid()}`;
    const { contact } = await contacts.create(
      e2e.t.database.db,
      site,
      { email: `grace-${uid()}@school.org`, tags: [oldTag, "keep"] },
      { dns: false },
    );
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    // A select field with two options.
    await open(page, `${origin}${BASE}/fields`);
    await hydrated(page);
    const create = page.locator("main");
    await create.getByRole("textbox", { name: f.fields.key }).fill("plan");
    await create.getByRole("textbox", { name: f.fields.label }).fill("Plan");
    await create.getByRole("combobox", { name: f.fields.type }).selectOption("select");
    const options = create.getByLabel(f.fields.options);
    await options.fill("basic");
    await options.press("Enter");
    await options.fill("pro");
    await options.press("Enter");
    await create.getByRole("button", { name: f.fields.create }).click();
    await page.locator('tr[data-field="plan"]').getByText("basic, pro").waitFor();
    expect(await axeCheck(page)).toEqual([]);

    // The contact's page offers the field as a choice of its options.
    await open(page, `${origin}${BASE}/contacts/${contact.id}`);
    await hydrated(page);
    await page.getByLabel("Plan", { exact: true }).selectOption("pro");
    await page.getByRole("button", { name: en.contacts.save, exact: true }).click();
    await page.locator(".toasts").getByText(en.contacts.contact.saved).first().waitFor();
    await expect
      .poll(async () => (await contacts.get(e2e.t.database.db, site.accountId, contact.id)).fields, { timeout: 10_000 })
      .toEqual({ plan: "pro" });
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel("Plan", { exact: true }).inputValue()).toBe("pro");
    expect(await axeCheck(page)).toEqual([]);

    // Rename the tag: the list follows.
    await open(page, `${origin}${BASE}/tags`);
    await hydrated(page);
    await page.locator(`tr[data-tag="${oldTag}"]`).waitFor();
    await page.getByRole("button", { name: f.tags.renameNamed.replace("{{tag}}", oldTag) }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(f.tags.newName).fill(newTag);
    await dialog.getByRole("button", { name: f.save }).click();
    await page.locator(".toasts").getByText(f.tags.renamed.replace("{{count}}", "1")).first().waitFor();
    await page.locator(`tr[data-tag="${newTag}"]`).waitFor();
    expect(await page.locator(`tr[data-tag="${oldTag}"]`).count()).toBe(0);
    expect((await contacts.get(e2e.t.database.db, site.accountId, contact.id)).tags).toEqual([newTag, "keep"]);
    expect(await axeCheck(page)).toEqual([]);
  });
});

describe("members' tags", () => {
  it("an owner tags a member on the members screen, and the member's contact carries it", async () => {
    const { site, owner, origin } = await e2e.newSite("membertags", { plan: PLAN_IDS.starter });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("tagged-student"), name: "Tess Tagged" });
    await buildMember(e2e.t.database.db, site, student, "student");
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/users`);
    await hydrated(page);
    const row = page.locator(`tr[data-email="${student.email}"]`);
    await row.getByRole("button", { name: `${f.members.edit}: Tess Tagged` }).click();
    const dialog = page.getByRole("dialog");
    const input = dialog.getByLabel(f.members.tags);
    await input.fill("cohort-1");
    await input.press("Enter");
    await dialog.getByRole("button", { name: f.save }).click();
    await row.getByText("cohort-1").waitFor();
    const found = await contacts.list(e2e.t.database.db, site.accountId, { q: student.email, page: 1, perPage: 5 });
    expect(found.items.map((c) => [c.tags, c.settings.source])).toEqual([[["cohort-1"], "member"]]);
    expect(await axeCheck(page)).toEqual([]);

    // The member's fields and history are one link away: its contact in the contacts list.
    await row.getByRole("button", { name: `${f.members.edit}: Tess Tagged` }).click();
    await page.getByRole("dialog").getByRole("link", { name: f.members.contactLink }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/manage/marketing/emails/contacts");
    await page.locator(`tr[data-contact="${student.email}"]`).waitFor();
  });
});
