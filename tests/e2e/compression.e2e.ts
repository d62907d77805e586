// What the browser receives: the page and every script and stylesheet of the build compressed with
// brotli (Chromium accepts it), decoded by the browser into a page that works.
import type { Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { open, setupE2E } from "./fixtures";

const e2e = setupE2E();

describe("compression in the browser", () => {
  it("a visitor's page and its assets arrive brotli-compressed, and the page works", async () => {
    const { origin } = await e2e.newSite("gz");
    const page = await e2e.newPage();
    const responses: Response[] = [];
    page.on("response", (res) => responses.push(res));
    await open(page, `${origin}/blog`);
    await page.waitForLoadState("networkidle");

    const doc = responses.find((r) => r.request().resourceType() === "document");
    expect(doc?.headers()["content-encoding"]).toBe("br");
    const assets = responses.filter((r) => /\/assets\/.+\.(js|css)$/.test(new URL(r.url()).pathname));
    expect(assets.some((r) => r.url().endsWith(".js"))).toBe(true);
    expect(assets.some((r) => r.url().endsWith(".css"))).toBe(true);
    for (const res of assets) {
      const headers = await res.allHeaders();
      expect(headers["content-type"], res.url()).toMatch(res.url().endsWith(".js") ? /javascript/ : /text\/css/);
      expect(headers.vary, res.url()).toBe("Accept-Encoding");
      // Files under 1 KB are not worth compressing and were not precompressed.
      if (Number(headers["content-length"]) >= 1024) expect(headers["content-encoding"], res.url()).toBe("br");
    }
    await page.getByRole("button", { name: en.theme.toggle }).first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe("light");
  });
});
