// The Content-Security-Policy in a real browser: the dashboard and the page editor load nothing
// from another host; a page served from the page cache still runs under the hashes of its scripts;
// the owner's own scripts, and the script and frame they load from another origin they allowed on
// the footer screen, run. Every test also fails on any policy violation (see fixtures.ts).
import { createServer, type Server } from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { accounts } from "../../server/modules/accounts";
import { hydrated, open, setupE2E, waitForPath } from "./fixtures";

const e2e = setupE2E();
const f = en.siteAdmin.footer;

/** Another origin on this machine: a widget script and a page to frame, as a third party serves them. */
let thirdParty: Server;
let thirdOrigin = "";
beforeAll(async () => {
  thirdParty = createServer((req, res) => {
    if (req.url === "/widget.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end("document.documentElement.dataset.widget = 'ran';");
    } else {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>Booking</title><p id='booking'>Book a call</p>");
    }
  });
  await new Promise<void>((ok) => thirdParty.listen(0, "127.0.0.1", ok));
  const addr = thirdParty.address();
  thirdOrigin = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await new Promise((ok) => thirdParty?.close(ok));
});

/** Every host the page's browser context asks for, from now on. */
function recordHosts(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.context().on("request", (req) => {
    const url = new URL(req.url());
    if (url.protocol === "http:" || url.protocol === "https:" || url.protocol.startsWith("ws")) hosts.add(url.host);
  });
  return hosts;
}

describe("the dashboard loads nothing from another host", () => {
  it("the owner's dashboard and the page editor ask only their own site", async () => {
    const { owner, origin } = await e2e.newSite("sec-dash");
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    const hosts = recordHosts(page);
    await open(page, `${origin}/dashboard`);
    await open(page, `${origin}/dashboard/pages`);
    await open(page, `${origin}/dashboard/pages/new`);
    await page.getByTestId("drawer-item:Hero").waitFor();
    // The editor's stylesheet is applied (its own font stack) and every request has been made.
    await page.waitForLoadState("networkidle");
    expect([...hosts]).toEqual([new URL(origin).host]);
  });
});

describe("pages served from the page cache", () => {
  it("run their scripts under the hashes they were stored with", async () => {
    const { origin } = await e2e.newSite("sec-cache");
    const page = await e2e.newPage();
    const first = await page.goto(`${origin}/blog`);
    const again = await page.goto(`${origin}/blog`);
    expect(first?.headers()["x-cache"]).toBe("MISS");
    expect(again?.headers()["x-cache"]).toBe("HIT");
    expect(again?.headers()["content-security-policy"]).not.toContain("'nonce-");
    await hydrated(page);
    // Hydrated: the theme toggle is React's, and works.
    await page.getByRole("button", { name: en.theme.toggle }).first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe("light");
  });
});

describe("the owner's scripts and embeds", () => {
  it("run from the origins the owner allowed on the footer screen", async () => {
    const { owner, origin, site } = await e2e.newSite("sec-owner");
    const admin = await e2e.signedIn(origin, owner.email, owner.password);
    await open(admin, `${origin}/dashboard/manage/site/footer`);
    const scripts = [
      "<script>document.documentElement.dataset.inline = 'ran'</script>",
      `<script src="${thirdOrigin}/widget.js"></script>`,
      `<iframe src="${thirdOrigin}/booking" title="Booking"></iframe>`,
    ].join("\n");
    await admin.getByRole("textbox", { name: f.scripts, exact: true }).fill(scripts);
    // The screen names the origin the code needs and adds it to both lists.
    const missing = admin.getByTestId("origins-missing");
    await missing.getByText(thirdOrigin).waitFor();
    await missing.getByRole("button", { name: f.allowOrigins }).click();
    expect(await admin.getByRole("textbox", { name: f.scriptOrigins }).inputValue()).toBe(thirdOrigin);
    expect(await admin.getByRole("textbox", { name: f.frameOrigins }).inputValue()).toBe(thirdOrigin);
    expect(await missing.count()).toBe(0);
    await admin.getByRole("button", { name: en.siteAdmin.save }).click();
    await admin.getByTestId("site-admin-saved").waitFor();
    const stored = accounts.config((await accounts.bySlug(e2e.t.database.db, site.slug))!).misc;
    expect(stored).toEqual({ scripts, script_origins: [thirdOrigin], frame_origins: [thirdOrigin] });

    // A line that is not an origin is named before anything is sent.
    await admin.getByRole("textbox", { name: f.frameOrigins }).fill(`${thirdOrigin}/booking`);
    await admin.getByText(f.originsInvalid.split("{{")[0]).waitFor();

    const visitor = await e2e.newPage();
    for (const expected of ["MISS", "HIT"]) {
      const res = await visitor.goto(origin);
      expect(res?.headers()["x-cache"]).toBe(expected);
      await hydrated(visitor);
      if (expected === "MISS") await visitor.getByRole("button", { name: en.cookies.all }).click();
      await expect.poll(() => visitor.evaluate(() => document.documentElement.dataset.inline)).toBe("ran");
      await expect.poll(() => visitor.evaluate(() => document.documentElement.dataset.widget)).toBe("ran");
      await expect
        .poll(async () => {
          const frame = visitor.frames().find((fr) => fr.url() === `${thirdOrigin}/booking`);
          return frame ? frame.locator("#booking").textContent() : null;
        })
        .toBe("Book a call");
    }
  });

  it("stay out of the sign-in page's policy", async () => {
    const { site, origin } = await e2e.newSite("sec-login");
    await accounts.updateConfig(e2e.t.database.db, site, {
      misc: { scripts: `<script src="${thirdOrigin}/widget.js"></script>`, script_origins: [thirdOrigin] },
    });
    const page = await e2e.newPage();
    const home = await page.goto(origin);
    expect(home?.headers()["content-security-policy"]).toContain(thirdOrigin);
    const login = await page.goto(`${origin}/login`);
    expect(login?.headers()["content-security-policy"]).not.toContain(thirdOrigin);
    await waitForPath(page, "/login");
  });
});
