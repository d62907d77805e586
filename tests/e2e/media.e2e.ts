// The media library in a real browser: the owner uploads a photo and sees it in the grid as a
// thumbnail resized by the server to 640 pixels; a program renamed cat.png is refused with the
// reason and nothing is added; the details drawer shows the file's facts. A screenshot of the
// screen goes to docs/screenshots/media-*.png.
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { mediaLibrary } from "../../server/modules/media";
import { pages } from "../../server/modules/pages";
import { storageFor } from "../../server/modules/storage";
import { buildSite, buildUser } from "../../server/seed/builders";
import { signIn } from "../support/platform";
import { logIn, open, setupE2E, uniqueEmail, uniqueSlug, waitForPath } from "./fixtures";

const e2e = setupE2E();
const SCREENSHOTS = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "docs/screenshots");
const m = en.media;

function exeBytes(): Buffer {
  const bytes = Buffer.alloc(1024);
  bytes.set([0x4d, 0x5a, 0x90, 0x00], 0);
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return bytes;
}

describe("media library", () => {
  it("uploads a photo shown as a 640-pixel thumbnail, and refuses a renamed program", async () => {
    const owner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("media-owner") });
    const site = await buildSite(e2e.t.database.db, owner, { slug: uniqueSlug("media"), plan: PLAN_IDS.starter });
    const origin = e2e.t.origin(site.slug);
    const page = await e2e.newPage();
    await page.addInitScript(() => localStorage.setItem("account-demo", "1"));
    await logIn(page, origin, owner.email, owner.password);
    await waitForPath(page, "/dashboard");

    await open(page, `${origin}/dashboard/media`);
    await page.getByText(m.empty.title).waitFor();
    await page.getByText(/0 B of 1 GB used/).waitFor();

    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3a7bd5" } })
      .png()
      .toBuffer();
    await page.getByTestId("file-input").setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: photo });

    const tile = page.getByRole("button", { name: m.grid.open.replace("{{name}}", "harbour.png") });
    await tile.waitFor();
    const img = tile.locator("img");
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 })
      .toBe(640);
    expect(await img.getAttribute("src")).toMatch(/^\/media\/[0-9a-f-]{36}\/harbour\.png\?w=640$/);
    await page.getByText(m.queue.done).waitFor();

    // A program renamed to look like a picture.
    await page.getByTestId("file-input").setInputFiles({ name: "cat.png", mimeType: "image/png", buffer: exeBytes() });
    const alert = page.getByRole("alert").filter({ hasText: "cat.png" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("application/x-msdownload");
    expect(await page.getByTestId("media-tile").count()).toBe(1);
    const list = await page.evaluate(() => fetch("/api/v1/media").then((r) => r.json()));
    expect(list.total).toBe(1);

    // The details drawer: dimensions, alt text saved.
    await tile.click();
    const drawer = page.getByRole("dialog", { name: m.details.title });
    await drawer.getByText("1600 × 900").waitFor();
    await drawer.getByLabel(m.details.alt).fill("The harbour at dawn");
    await drawer.getByRole("button", { name: m.details.saveAlt }).click();
    await drawer.getByText(m.details.saved).waitFor();

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, "media-drawer-1280.png") });
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await page.screenshot({ path: join(SCREENSHOTS, "media-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SCREENSHOTS, "media-390.png"), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe("media picker", () => {
  it("fills a field with a library file's address, and keeps a pasted one", async () => {
    const owner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("picker-owner") });
    const site = await buildSite(e2e.t.database.db, owner, { slug: uniqueSlug("picker"), plan: PLAN_IDS.starter });
    const origin = e2e.t.origin(site.slug);
    const cookie = await signIn(e2e.t, site.slug, owner.email, owner.password);
    const form = new FormData();
    const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#2f9e44" } })
      .png()
      .toBuffer();
    form.set("file", new File([new Uint8Array(cover)], "cover.png"));
    const uploaded = await e2e.t.request(site.slug, "/api/v1/media", { method: "POST", body: form, cookie });
    const item = (await uploaded.json()) as { url: string };
    expect(uploaded.status).toBe(201);

    const page = await e2e.newPage();
    await page.addInitScript(() => localStorage.setItem("account-demo", "1"));
    await logIn(page, origin, owner.email, owner.password);
    await waitForPath(page, "/dashboard");
    await open(page, `${origin}/dashboard/post`);
    const field = page.getByLabel(en.blog.editor.fields.cover);
    await field.fill("https://example.org/pasted.jpg");
    expect(await field.inputValue()).toBe("https://example.org/pasted.jpg");

    await page.getByRole("button", { name: m.picker.choose }).first().click();
    const modal = page.getByRole("dialog", { name: m.picker.title });
    await modal.getByTestId("media-tile").locator("img").waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, "media-picker-1280.png") });
    await modal.getByRole("button", { name: m.grid.open.replace("{{name}}", "cover.png") }).click();
    await modal.waitFor({ state: "hidden" });
    expect(await field.inputValue()).toBe(item.url);
  });
});

describe("avatar", () => {
  it("shows the default, takes an uploaded picture as a 256-pixel avatar, and removes it", async () => {
    const owner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("avatar-owner") });
    const site = await buildSite(e2e.t.database.db, owner, { slug: uniqueSlug("avatar") });
    const origin = e2e.t.origin(site.slug);
    const page = await e2e.newPage();
    await page.addInitScript(() => localStorage.setItem("account-demo", "1"));
    await logIn(page, origin, owner.email, owner.password);
    await waitForPath(page, "/dashboard");
    await open(page, `${origin}/dashboard/profile`);

    const section = page.getByRole("region", { name: m.avatar.title });
    const img = section.getByRole("img", { name: m.avatar.alt });
    await img.waitFor();
    expect(await section.getByRole("button", { name: m.avatar.remove }).count()).toBe(0);

    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#d5573a" } })
      .jpeg()
      .toBuffer();
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: picture });
    await section.getByText(m.avatar.saved).waitFor();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 })
      .toBe(256);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, "profile-avatar-1280.png") });

    // Still there after a reload, with the remove button.
    await page.reload();
    await section.getByRole("button", { name: m.avatar.remove }).click();
    await section.getByText(m.avatar.removed).waitFor();
    const res = await page.evaluate(
      async (url) => (await fetch(url)).headers.get("x-avatar"),
      `/avatars/${owner.id}/avatar.jpg`,
    );
    expect(res).toBe("default");

    // Something that is not a picture is refused with a sentence.
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: exeBytes() });
    await section.getByText(m.avatar.notImage).waitFor();
  });
});

describe("images on pages", () => {
  it("a library image on a published page is served at the width the screen needs", async () => {
    const db = e2e.t.database.db;
    const owner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("img-owner") });
    const site = await buildSite(db, owner, { slug: uniqueSlug("img"), plan: PLAN_IDS.starter });
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#d5803a" } })
      .jpeg()
      .toBuffer();
    const item = await mediaLibrary.upload(db, storageFor(e2e.t.platform.cfg), site, owner.id, {
      filename: "garden.jpg",
      bytes: new Uint8Array(photo),
      alt: "The school garden",
    });
    const doc = await pages.create(db, site, {
      kind: "page",
      slug: "garden",
      title: "Our garden",
      document: {
        root: { props: {} },
        content: [{ type: "Image", props: { id: "Image-1", src: item.url, alt: item.alt, caption: "In May" } }],
      },
    });
    await pages.setStatus(db, site.accountId, doc.id, "published");

    const shown = async (width: number) => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${e2e.t.origin(site.slug)}/garden`);
      const img = page.getByRole("img", { name: "The school garden" });
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 })
        .toBeGreaterThan(0);
      // naturalWidth of a srcset image is corrected for density, so measure the file itself.
      return img.evaluate(async (el: HTMLImageElement) => {
        // The Accept header Chromium sends for images.
        const accept = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";
        const blob = await (await fetch(el.currentSrc, { headers: { accept } })).blob();
        const bitmap = await createImageBitmap(blob);
        return { src: el.currentSrc, width: bitmap.width, format: blob.type };
      });
    };
    // A phone gets the smallest width; a desktop column of 960 CSS pixels the next width up, both
    // in a modern format.
    const phone = await shown(390);
    expect(phone.src).toMatch(/\/media\/[0-9a-f-]{36}\/garden\.jpg\?w=640$/);
    expect(phone.width).toBe(640);
    expect(["image/avif", "image/webp"]).toContain(phone.format);
    const desktop = await shown(1280);
    expect(desktop.src).toMatch(/\?w=1080$/);
    expect(desktop.width).toBe(1080);
  });
});
