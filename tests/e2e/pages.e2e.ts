// The page builder in a real browser: an owner builds a page from blocks (hero, rich text, FAQ),
// names it, publishes it, and a visitor sees the blocks at its address; the sitemap lists it.
// A draft page is a 404 for visitors. Screenshots go to docs/screenshots/pages-*.png.
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { open, setupE2E, waitForPath } from "./fixtures";

const e2e = setupE2E();
const SCREENSHOTS = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "docs/screenshots");
const p = en.pages;
const b = en.pages.blocks;

const newSite = (prefix: string) => e2e.newSite(prefix, { sitetitle: `Pages ${prefix}` });

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `pages-${name}.png`), fullPage: false });
}

/** Adds a block through the editor's "Add block" menu; its fields open on the right. */
async function addBlock(page: Page, label: string) {
  await page.getByRole("button", { name: p.addBlock }).click();
  await page.getByRole("menuitem", { name: label, exact: true }).click();
}

describe("page builder", () => {
  it("owner builds a page from hero, rich text and FAQ blocks, publishes it, and visitors see it", async () => {
    const { owner, origin } = await newSite("build");
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    await open(page, `${origin}/dashboard/pages`);
    await page.getByText(p.empty).waitFor();
    await page.getByRole("link", { name: p.newPage }).click();
    await waitForPath(page, "/dashboard/pages/new");

    // Settings: the slug follows the title until it is edited.
    await page.getByRole("textbox", { name: p.settings.title, exact: true }).fill("Spring Open Day");
    await expect
      .poll(() => page.getByRole("textbox", { name: p.settings.slug, exact: true }).inputValue())
      .toBe("spring-open-day");
    await page.getByRole("textbox", { name: p.settings.slug, exact: true }).fill("open-day");
    await page.getByLabel(p.settings.description).fill("Visit the school on our open day.");

    // Hero: drag from the block list into the page.
    const target = page.locator("[data-puck-dropzone]").first();
    await page.getByTestId("drawer-item:Hero").waitFor();
    const from = await page.getByTestId("drawer-item:Hero").boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error("the block list or the page is not visible");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 60), { steps: 20 });
    await page.mouse.up();
    const heroHeading = page.getByRole("textbox", { name: b.hero.heading, exact: true });
    const heroInPage = page.getByRole("heading", { name: b.hero.defaultHeading });
    await heroInPage.waitFor({ timeout: 3000 }).catch(() => undefined);
    if ((await heroInPage.count()) === 0) {
      // Dragging needs pointer events the browser may coalesce; the menu adds the same block.
      await addBlock(page, b.hero.name);
    }
    expect(await heroInPage.count()).toBe(1);
    // The block is one control in the editor: a click on it selects it.
    await page.locator('[data-puck-component^="Hero"]').click();
    await heroHeading.fill("Open day at our school");

    await addBlock(page, b.richText.name);
    const rich = page.getByRole("textbox", { name: b.richText.text });
    await rich.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Doors open at ten. Bring your questions.");

    await addBlock(page, b.faq.name);
    await page.getByRole("textbox", { name: b.faq.heading, exact: true }).fill("Questions parents ask");

    await page.getByText(p.unsaved).waitFor();
    await screenshot(page, "editor");

    await page.getByRole("button", { name: p.publish, exact: true }).click();
    await page.waitForURL(/\/dashboard\/pages\/[0-9a-f-]{36}$/);
    await page.getByRole("link", { name: p.viewPage }).waitFor();

    // Visitors see the blocks at the page's address.
    const visitor = await e2e.newPage();
    const res = await visitor.goto(`${origin}/open-day`);
    expect(res?.status()).toBe(200);
    await visitor.getByRole("heading", { name: "Open day at our school" }).waitFor();
    expect(await visitor.getByRole("heading", { name: b.hero.defaultHeading }).count()).toBe(0);
    await visitor.getByText("Doors open at ten. Bring your questions.").waitFor();
    await visitor.getByRole("heading", { name: "Questions parents ask" }).waitFor();
    await visitor.getByText(b.faq.defaultQuestion).click();
    await visitor.getByText(b.faq.defaultAnswer).waitFor();
    expect(await visitor.title()).toContain("Spring Open Day");
    expect(await visitor.locator('meta[name="description"]').getAttribute("content")).toBe(
      "Visit the school on our open day.",
    );
    expect(await visitor.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${origin}/open-day`);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await screenshot(visitor, "public-390");

    // The list shows it published; the sitemap lists its address.
    await open(page, `${origin}/dashboard/pages`);
    const row = page.getByRole("row", { name: /Spring Open Day/ });
    await row.getByText(p.status.published).waitFor();
    await screenshot(page, "list");

    const sitemap = await visitor.goto(`${origin}/sitemap.xml`);
    expect(sitemap?.status()).toBe(200);
    expect(await sitemap?.text()).toContain(`${origin}/open-day`);
  });

  it("a draft is a 404 for visitors, and leaving with unsaved changes asks first", async () => {
    const { owner, origin } = await newSite("draft");
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/pages/new`);
    await page.getByRole("textbox", { name: p.settings.title, exact: true }).fill("Secret plans");
    await addBlock(page, b.cta.name);
    await page.getByRole("button", { name: p.saveDraft }).click();
    await page.waitForURL(/\/dashboard\/pages\/[0-9a-f-]{36}$/);
    await page.getByText(p.status.draft, { exact: true }).first().waitFor();

    const visitor = await e2e.newPage();
    expect((await visitor.goto(`${origin}/secret-plans`))?.status()).toBe(404);

    // An unsaved change, then a link away: the dialog keeps the person on the page.
    const toggle = page.getByRole("button", { name: p.settings.heading });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await page.getByRole("textbox", { name: p.settings.title, exact: true }).fill("Secret plans, revised");
    await page.getByRole("link", { name: p.backToPages }).click();
    await page.getByRole("dialog", { name: p.leaveTitle }).waitFor();
    await page.getByRole("button", { name: p.stay }).click();
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/pages\/[0-9a-f-]{36}$/);
  });
});
