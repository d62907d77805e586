// The editors' leave guard notices every kind of control, not only those that fire input events on
// the form: a product changed only in a Mantine Select, a MultiSelect or with a NumberInput's arrow
// key asks before a sidebar link takes the owner away, and does not ask once saved; a post changed
// only in its publication date asks too.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildPost } from "../../server/seed/builders";
import { buildProduct } from "../../server/seed/commerce-builders";
import { open, setupE2E, waitForPath } from "./fixtures";

const e2e = setupE2E();
const s = en.shop;
const f = en.editorFrame;

const sidebarLink = (page: Page) =>
  page.getByRole("navigation", { name: en.nav.dashboardMenu }).getByRole("link", { name: en.menu.notifications });

/** Clicks a sidebar link: the leave dialog comes up, "Stay" keeps the editor where it was. */
async function expectLeaveWarning(page: Page, path: string) {
  await sidebarLink(page).click();
  const dialog = page.getByRole("dialog", { name: f.leaveTitle });
  await dialog.getByText(f.leaveMessage).waitFor();
  await dialog.getByRole("button", { name: f.stay }).click();
  await dialog.waitFor({ state: "hidden" });
  expect(new URL(page.url()).pathname).toBe(path);
}

describe("the leave guard of the editors", () => {
  it("a product changed only in a dropdown asks before leaving, and not once it is saved", async () => {
    const { site, owner, origin } = await e2e.newSite("leave-product");
    const product = await buildProduct(e2e.t.database.db, site, { title: "Glaze set", amount: 2500, status: "draft" });
    const other = await buildProduct(e2e.t.database.db, site, { title: "Kiln gloves", amount: 900 });
    const path = `/dashboard/manage/ecommerce/product/${product.id}`;
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    // Each control on its own, on a freshly opened editor.
    const changes: [string, () => Promise<void>][] = [
      [
        "cross-sell multi-select",
        async () => {
          await page.getByRole("combobox", { name: s.fields.cross }).click();
          await page.getByRole("option", { name: other.title }).click();
          await page.keyboard.press("Escape");
        },
      ],
      [
        "amount's arrow key",
        async () => {
          await page.getByRole("textbox", { name: s.fields.amount.replace("{{currency}}", "USD") }).press("ArrowUp");
        },
      ],
      [
        "status select",
        async () => {
          await page.getByRole("combobox", { name: s.fields.status }).click();
          await page.getByRole("option", { name: s.statuses.published }).click();
        },
      ],
    ];
    for (const [, change] of changes) {
      await open(page, `${origin}${path}`);
      await change();
      await expectLeaveWarning(page, path);
    }

    // The status change saved: leaving goes straight to the link.
    await page.getByRole("button", { name: s.save }).click();
    await page.getByRole("status").getByText(s.saved).waitFor();
    await sidebarLink(page).click();
    await waitForPath(page, "/dashboard/notifications");
    expect(await page.getByRole("dialog", { name: f.leaveTitle }).count()).toBe(0);
    const saved = await (await e2e.t.request(site.slug, `/product/${product.slug}`)).text();
    expect(saved).toContain("Glaze set");
  });

  it("a post changed only in its publication date asks before leaving", async () => {
    const { site, owner, origin } = await e2e.newSite("leave-post");
    const post = await buildPost(e2e.t.database.db, site, { title: "Firing notes" });
    const path = `/dashboard/post/${post.id}`;
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}${path}`);
    await page.getByLabel(en.blog.editor.fields.publishedAt).fill("2031-05-04T10:30");
    await expectLeaveWarning(page, path);
  });
});
