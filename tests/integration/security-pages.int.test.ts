// The Content-Security-Policy of server-rendered pages (needs `npm run build`): every inline script
// React and React Router write carries the answer's own nonce, a new one each time; a page kept by
// the page cache carries no nonce at all and is allowed by the hashes of the scripts it was rendered
// with, so no visitor ever receives a nonce that another visitor saw.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../server/modules/accounts";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { loadServerBuild, serverBuildExists } from "../support/server-build";
import { type SiteWithOwner, siteWithOwner } from "./helpers";

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\bsrc=|application\/ld\+json/.test(attrs))
    .map(([, attrs, code]) => ({ attrs, code }));
const sha = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
const scriptSrc = (res: Response) =>
  (res.headers.get("content-security-policy") ?? "")
    .split("; ")
    .find((d) => d.startsWith("script-src "))
    ?.split(" ")
    .slice(1) ?? [];

describe.skipIf(!serverBuildExists())("the policy of rendered pages", () => {
  let t: TestPlatform;
  let S: SiteWithOwner;
  beforeAll(async () => {
    t = await startTestPlatform({}, { build: await loadServerBuild() });
    S = await siteWithOwner(t, "secpg");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives each signed-in page a fresh nonce that every inline script carries", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await t.request(S.site.slug, "/dashboard", { cookie: S.ownerCookie });
      expect(res.status).toBe(200);
      const nonce = scriptSrc(res)
        .find((s) => s.startsWith("'nonce-"))
        ?.slice(7, -1);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scripts = inlineScripts(await res.text());
      expect(scripts.length).toBeGreaterThan(2);
      for (const s of scripts) expect(s.attrs).toContain(`nonce="${nonce}"`);
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(2);
  });

  it("serves a cached page without any nonce, its own scripts allowed by their hashes", async () => {
    const first = await t.request(S.site.slug, "/blog");
    const second = await t.request(S.site.slug, "/blog");
    expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    for (const res of [first, second]) {
      const html = await res.text();
      expect(html).not.toContain("nonce=");
      const allowed = scriptSrc(res);
      expect(allowed.some((s) => s.startsWith("'nonce-"))).toBe(false);
      const scripts = inlineScripts(html);
      expect(scripts.length).toBeGreaterThan(2);
      expect(allowed.filter((s) => s.startsWith("'sha256-")).sort()).toEqual(
        [...new Set(scripts.map((s) => sha(s.code)))].sort(),
      );
    }
  });

  it("adds the owner's scripts on public pages only, never on sign-in pages or the dashboard", async () => {
    const code = "window.ownerCode = 1";
    const updated = await accounts.updateConfig(t.database.db, S.site, {
      misc: {
        scripts: `<script>${code}</script><script src="https://cdn.example.com/w.js"></script>`,
        script_origins: ["https://cdn.example.com"],
        frame_origins: ["https://booking.example.org"],
      },
    });
    S.site = updated.site;
    const home = await t.request(S.site.slug, "/");
    expect(scriptSrc(home)).toEqual(expect.arrayContaining([sha(code), "https://cdn.example.com"]));
    expect(home.headers.get("content-security-policy")).toMatch(/frame-src [^;]*https:\/\/booking\.example\.org/);
    for (const [path, cookie] of [
      ["/login", undefined],
      ["/signup", undefined],
      ["/dashboard", S.ownerCookie],
    ] as const) {
      const res = await t.request(S.site.slug, path, { cookie });
      expect(res.status, path).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).not.toContain("cdn.example.com");
      expect(csp, path).not.toContain(sha(code));
      expect(csp, path).not.toContain("booking.example.org");
    }
  });
});
